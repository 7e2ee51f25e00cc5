import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Input, Space, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import type { ClientListItem } from '@agency/contracts';
import { errorMessage, favoritesApi } from '@agency/api-client';
import { useObservable } from '@agency/ui';
import { placeCall } from '../common/dial';
import { notifyError } from '../common/notify';
import { AlphabetBar, type BarTab } from './AlphabetBar';
import { ContactRow, ContactRowStyles, ROW_HEIGHT, type RowActions } from './ContactRow';
import { displayName } from './names';
import { TagGroups } from './TagGroups';
import { useClientRows, type ListView } from './useClientRows';

export const OVERSCAN = 5;

interface RowProps {
  rowAt: (i: number) => ClientListItem | undefined;
  actions: RowActions;
  /** Bumped when loaded rows change, so the list renders them again. */
  version: number;
}

function Row({ index, style, ariaAttributes, rowAt, actions }: RowComponentProps<RowProps>) {
  return <ContactRow row={rowAt(index)} style={style} actions={actions} aria={ariaAttributes} />;
}

/**
 * /contacts: search, the alphabet bar and the long virtualised list. Every keystroke asks for its
 * rows at once (the request of the text before it is cancelled); the rows on screen stay until the
 * new ones are in.
 */
export function ContactListPage() {
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const [text, setText] = useState('');
  // typing renders first; the list follows as soon as the input is painted
  const search = useDeferredValue(text.trim());
  const [tab, setTab] = useState<BarTab | null>(null);
  const [tag, setTag] = useState<{ id: string; name: string } | null>(null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const listRef = useListRef(null);
  const pendingJump = useRef<string | null>(null);

  const view: ListView = useMemo(() => {
    if (search) return { kind: 'search', search };
    if (tab === 'favorites') return { kind: 'favorites' };
    if (tab === 'tags' && tag) return { kind: 'tag', tag: tag.id };
    return { kind: 'all' };
  }, [search, tab, tag]);
  const rows = useClientRows(view);
  const { rowAt, ensure, letterAt, letterStart, patchRow, reload, version, shownKey } = rows;

  // a letter chosen before the letter counts arrived is jumped to once they have
  useEffect(() => {
    const letter = pendingJump.current;
    if (!letter) return;
    const start = letterStart(letter);
    if (start !== null && listRef.current) {
      pendingJump.current = null;
      listRef.current.scrollToRow({ index: start, align: 'start' });
    }
  }, [version, letterStart, listRef]);

  // what the rows on screen are: the view typed may still be on its way
  const shown = useMemo(() => (shownKey ? (JSON.parse(shownKey) as ListView) : view), [shownKey, view]);
  const viewKind = shown.kind;
  const viewKindRef = useRef(viewKind);
  viewKindRef.current = viewKind;
  const selectTab = useCallback(
    (next: BarTab) => {
      if (next === 'favorites' || next === 'tags') {
        setTab(next);
        setTag(null);
        return;
      }
      setText('');
      setTab(next);
      pendingJump.current = next;
      const start = viewKindRef.current === 'all' ? letterStart(next) : null;
      if (start !== null && listRef.current) {
        pendingJump.current = null;
        listRef.current.scrollToRow({ index: start, align: 'start' });
      }
    },
    [letterStart, listRef],
  );

  const userId = session?.user.id;
  const actions: RowActions = useMemo(
    () => ({
      onCall: (row) => placeCall(row.mobilePhone || row.phone || row.coMobilePhone, displayName(row)),
      onFavorite: (row, favorite) => {
        if (!userId) return;
        patchRow(row.id, { isFavorite: favorite });
        (favorite ? favoritesApi.add(userId, row.id) : favoritesApi.remove(userId, row.id))
          .then(() => {
            if (viewKindRef.current === 'favorites') reload();
          })
          .catch((err: unknown) => {
            patchRow(row.id, { isFavorite: !favorite });
            notifyError(errorMessage(err));
          });
      },
    }),
    [patchRow, reload, userId],
  );

  const onRowsRendered = useCallback(
    (visible: { startIndex: number; stopIndex: number }, all: { startIndex: number; stopIndex: number }) => {
      ensure(all.startIndex, all.stopIndex);
      if (viewKind === 'all') {
        const letter = letterAt(visible.startIndex);
        // called on every scrolled frame: the page renders again only when the letter in view changes
        if (letter && pendingJump.current === null && tabRef.current !== letter && tabRef.current !== 'favorites' && tabRef.current !== 'tags') setTab(letter as BarTab);
      }
    },
    [ensure, letterAt, viewKind],
  );

  const lettersWithRows = rows.lettersWithRows;
  const lettersKnown = viewKind === 'all' && rows.total !== null;
  const enabled = useCallback((l: string) => !lettersKnown || lettersWithRows.includes(l), [lettersKnown, lettersWithRows]);
  const rowProps = useMemo(() => ({ rowAt, actions, version }), [rowAt, actions, version]);

  const total = rows.total;
  const showTags = tab === 'tags' && !tag && !search;
  const title = tag && tab === 'tags' && !search ? `Contacts: ${tag.name}` : 'Contacts';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 190px)', minHeight: 420 }}>
      <ContactRowStyles />
      <Space style={{ justifyContent: 'space-between', display: 'flex', flexWrap: 'wrap' }}>
        <Tooltip title={`${total ?? 0} Contacts`}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contacts-title">
            {title}
          </Typography.Title>
        </Tooltip>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/contacts/contact/new')}>
            Add New
          </Button>
        </Space>
      </Space>
      <Space.Compact style={{ marginTop: 12, maxWidth: 560 }}>
        <Input.Search
          aria-label="Search contacts"
          placeholder="Search names, phones, email or company"
          allowClear
          value={text}
          loading={rows.pending && !!search}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setText(v)}
        />
        <Tooltip title="Refresh">
          <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={reload} />
        </Tooltip>
      </Space.Compact>
      <AlphabetBar active={search ? null : tab} onSelect={selectTab} enabled={enabled} />
      {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error)} style={{ marginBottom: 8 }} /> : null}
      {showTags ? (
        <TagGroups onChoose={setTag} />
      ) : total === null ? (
        <Typography.Text role="status">Loading...</Typography.Text>
      ) : total === 0 ? (
        <Empty description={shown.kind === 'search' ? `No contacts match "${shown.search}"` : shown.kind === 'favorites' ? 'No favorite contacts yet' : 'No contacts'} />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }} role="list" aria-label="Contacts" data-testid="contact-list">
          {/* a new view mounts a new list, at its top */}
          <List<RowProps>
            key={shownKey ?? ''}
            listRef={listRef}
            rowComponent={Row}
            rowCount={total}
            rowHeight={ROW_HEIGHT}
            overscanCount={OVERSCAN}
            rowProps={rowProps}
            onRowsRendered={onRowsRendered}
            style={{ height: '100%' }}
          />
        </div>
      )}
    </div>
  );
}
