import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { List, useDynamicRowHeight, useListRef, type RowComponentProps } from 'react-window';
import { Button, Empty, Spin } from 'antd';
import type { ChatUser } from '@agency/contracts';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@agency/contracts';
import { MessageItem, type MessageActions } from './MessageItem';
import type { LocalMessage, RoomView } from './store';

type Row = { kind: 'more' } | { kind: 'newer' } | { kind: 'message'; m: LocalMessage };

interface RowProps {
  rows: Row[];
  me: string;
  users: ChatUser[];
  highlight: string | null;
  actions: MessageActions;
  loadingMore: boolean;
  onMore: () => void;
  onNewer: () => void;
}

function MessageRow({ index, style, ariaAttributes, rows, me, users, highlight, actions, loadingMore, onMore, onNewer }: RowComponentProps<RowProps>) {
  const row = rows[index];
  return (
    <div style={style} {...ariaAttributes}>
      {row.kind === 'more' && (
        <div style={{ textAlign: 'center', padding: 8 }}>
          <Button onClick={onMore} loading={loadingMore}>
            {CHAT_MESSAGES.getMore}
          </Button>
        </div>
      )}
      {row.kind === 'newer' && (
        <div style={{ textAlign: 'center', padding: 8 }}>
          <Button onClick={onNewer} loading={loadingMore}>
            Show Newer Messages
          </Button>
        </div>
      )}
      {row.kind === 'message' && <MessageItem m={row.m} me={me} users={users} highlighted={row.m.id === highlight} actions={actions} />}
    </div>
  );
}

/**
 * A room's messages, virtualised: only what is on screen is rendered, whatever the room's length.
 * It follows new messages while scrolled to the bottom and always after one's own.
 */
export function MessageList({
  roomId,
  view,
  me,
  users,
  actions,
  onMore,
  onNewer,
}: {
  roomId: string;
  view: RoomView | undefined;
  me: string;
  users: ChatUser[];
  actions: MessageActions;
  onMore: () => Promise<void>;
  onNewer: () => Promise<void>;
}) {
  const listRef = useListRef(null);
  const rowHeight = useDynamicRowHeight({ defaultRowHeight: 64, key: roomId });
  const [loadingMore, setLoadingMore] = useState(false);
  const atBottom = useRef(true);
  const messages = useMemo(() => view?.messages ?? [], [view?.messages]);
  const showMore = !!view?.hasMore && messages.length >= CHAT_LIMITS.pageLimit;
  const hasNewer = !!view?.hasNewer;
  const rows = useMemo<Row[]>(
    () => [
      ...(showMore ? [{ kind: 'more' as const }] : []),
      ...messages.map((m) => ({ kind: 'message' as const, m })),
      ...(hasNewer ? [{ kind: 'newer' as const }] : []),
    ],
    [showMore, messages, hasNewer],
  );
  const lastId = messages.at(-1)?.id;
  const lastMine = messages.at(-1)?.user?.id === me;
  const firstId = messages[0]?.id;
  const prevFirst = useRef<{ id?: string; count: number }>({ id: firstId, count: rows.length });

  const scrollTo = useCallback(
    (index: number, align: 'end' | 'center' | 'start') => {
      const go = () => listRef.current?.scrollToRow({ index, align, behavior: 'instant' });
      go();
      requestAnimationFrame(() => requestAnimationFrame(go)); // again once rows are measured
    },
    [listRef],
  );

  // Older messages added on top: keep the message that was first where it was.
  useLayoutEffect(() => {
    const before = prevFirst.current;
    if (before.id && firstId !== before.id && rows.length > before.count) {
      const i = rows.findIndex((r) => r.kind === 'message' && r.m.id === before.id);
      if (i > 0) scrollTo(i, 'start');
    }
    prevFirst.current = { id: firstId, count: rows.length };
  }, [firstId, rows, scrollTo]);

  // The effects below run on their own triggers and read the rest from here.
  const latest = useRef({ rows, view, lastMine });
  latest.current = { rows, view, lastMine };
  const loading = !!view?.loading;
  const highlight = view?.highlight ?? null;

  // Opened around a message, or to the latest.
  useEffect(() => {
    const { rows: all, view: v } = latest.current;
    if (!v || loading || !all.length) return;
    const target = highlight ? all.findIndex((r) => r.kind === 'message' && r.m.id === highlight) : -1;
    if (target >= 0) scrollTo(target, 'center');
    else scrollTo(all.length - 1, 'end');
  }, [roomId, loading, highlight, scrollTo]);

  // A new last message: follow it when at the bottom, or when it is one's own.
  useEffect(() => {
    const { rows: all, view: v, lastMine: mine } = latest.current;
    if (!lastId || v?.highlight) return;
    if (atBottom.current || mine) scrollTo(all.length - 1, 'end');
  }, [lastId, scrollTo]);

  const more = useCallback(async () => {
    setLoadingMore(true);
    try {
      await onMore();
    } finally {
      setLoadingMore(false);
    }
  }, [onMore]);
  const newer = useCallback(async () => {
    setLoadingMore(true);
    try {
      await onNewer();
    } finally {
      setLoadingMore(false);
    }
  }, [onNewer]);
  const rowKey = useCallback((i: number, p: RowProps) => {
    const r = p.rows[i];
    return r.kind === 'message' ? r.m.id : r.kind;
  }, []);

  if (!view || (view.loading && !messages.length)) {
    return (
      <div style={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <Spin aria-label="Loading messages" />
      </div>
    );
  }
  if (view.error && !messages.length) return <Empty style={{ flex: 1 }} description={view.error} />;
  if (!messages.length) return <Empty style={{ flex: 1 }} description="No messages yet. Say hello!" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div role="log" aria-label="Messages" aria-live="polite" style={{ flex: 1, minHeight: 0 }}>
      <List
        listRef={listRef}
        rowComponent={MessageRow}
        rowCount={rows.length}
        rowHeight={rowHeight}
        rowKey={rowKey}
        rowProps={{ rows, me, users, highlight: view.highlight, actions, loadingMore, onMore: more, onNewer: newer }}
        onRowsRendered={(visible) => {
          atBottom.current = visible.stopIndex >= rows.length - 1;
        }}
        overscanCount={4}
        style={{ height: '100%' }}
      />
    </div>
  );
}
