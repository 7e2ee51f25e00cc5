import { useMemo, useRef, useState } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { Badge, Button, Dropdown, Empty, Input, Spin, Tag, theme, Tooltip, Typography, type MenuProps } from 'antd';
import { EllipsisOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import type { Peer, SmsRoom, SmsSearchHit } from '@agency/contracts';
import { SMS_MESSAGES } from '@agency/contracts';
import { formatPhone, fullName, shortTimestamp } from '@agency/ui';

/** Row heights of spec 001 §9: 70, plus 30 for attention. */
const ROW = 70;
const ATTENTION = 30;

export const roomTitle = (r: SmsRoom) => r.client?.name || formatPhone(r.phoneNumber);

export interface RoomActions {
  follow(room: SmsRoom, on: boolean): void;
  notifyTeam(room: SmsRoom): void;
  assign(room: SmsRoom, userId: string | null): void;
  complete(room: SmsRoom): void;
  schedule(room: SmsRoom): void;
  /** Offered only when the account takes service reviews, for a room with a client. */
  requestReview?(room: SmsRoom): void;
}

interface RowProps {
  rooms: SmsRoom[];
  me: string;
  activeId: string | null;
  peers: Peer[];
  confirming: string | null;
  onOpen(room: SmsRoom): void;
  onConfirm(roomId: string | null): void;
  actions: RoomActions;
}

function RoomRow({ index, style, ariaAttributes, rooms, me, activeId, peers, confirming, onOpen, onConfirm, actions }: RowComponentProps<RowProps>) {
  const { token } = theme.useToken();
  const r = rooms[index]!;
  const followed = r.favorited.some((f) => f.id === me);
  const attention = followed && r.unread > 0;
  const items = [
    { key: 'follow', label: followed ? 'Stop Following' : 'Follow', onClick: () => actions.follow(r, !followed) },
    { key: 'notify', label: 'Notify Team', onClick: () => actions.notifyTeam(r) },
    { key: 'schedule', label: 'Schedule Message', onClick: () => actions.schedule(r) },
    ...(actions.requestReview && r.client ? [{ key: 'review', label: 'Request Service Review', onClick: () => actions.requestReview!(r) }] : []),
    {
      key: 'assign',
      label: 'Assign To',
      children: [
        ...peers.filter((p) => p.id !== me).map((p) => ({ key: `assign-${p.id}`, label: fullName(p), onClick: () => actions.assign(r, p.id) })),
        ...(r.assignedTo ? [{ key: 'unassign', label: 'Nobody', onClick: () => actions.assign(r, null) }] : []),
      ],
    },
    // Completing needs a second, confirming click (and is not offered for followed rooms).
    ...(followed
      ? []
      : confirming === r.id
        ? [
            { key: 'confirm', label: 'Click to Complete Conversation', danger: true, onClick: () => (onConfirm(null), actions.complete(r)) },
            { key: 'cancel', label: 'Cancel', onClick: () => onConfirm(null) },
          ]
        : [{ key: 'complete', label: 'Complete Conversation', onClick: () => onConfirm(r.id) }]),
  ];
  const active = r.id === activeId;
  const secondary = { color: token.colorTextSecondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    // A list item with two controls side by side: the room (opens it) and its actions menu.
    <div style={{ ...style, padding: '2px 4px' }} {...ariaAttributes}>
      <div
        onClick={() => onOpen(r)}
        style={{
          height: '100%',
          display: 'flex',
          gap: 8,
          padding: '8px 8px 8px 12px',
          borderRadius: token.borderRadius,
          cursor: 'pointer',
          background: active ? token.controlItemBgActive : attention ? token.colorErrorBg : undefined,
          borderLeft: `3px solid ${attention ? token.colorError : 'transparent'}`,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        {/* The room's name is the control (its accessible name is what it shows, with the unread count); the rest of the row opens it by pointer too. */}
        <div style={{ flex: 1, minWidth: 0, borderRadius: token.borderRadiusSM }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            {followed && <StarFilled aria-label="Following" style={{ color: token.colorWarning }} />}
            <span
              role="button"
              aria-current={active ? 'true' : undefined}
              aria-label={`${roomTitle(r)}${r.unread ? `, ${r.unread > 99 ? '99+' : r.unread} unread` : ''}`}
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(r);
                }
              }}
              style={{ flex: 1, minWidth: 0, fontWeight: 600, color: token.colorText, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {roomTitle(r)}
            </span>
            <span style={{ ...secondary, fontSize: 12, flex: 'none' }}>{shortTimestamp(r.lastMessageOn)}</span>
          </div>
          <div style={{ ...secondary, fontSize: 13 }}>{r.lastMessage || formatPhone(r.phoneNumber)}</div>
          {attention && <Tag color="error">Needs attention · {shortTimestamp(r.lastMessageOn)}</Tag>}
          {r.optedOut && <Tag>Opted out</Tag>}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 6 }} onClick={(e) => e.stopPropagation()}>
          {r.unread > 0 && <Badge count={r.unread} size="small" overflowCount={99} />}
          <RoomMenu title={roomTitle(r)} items={items} />
        </div>
      </div>
    </div>
  );
}

/** Menu entries that ask a question in the menu itself: choosing them leaves it open for the answer. */
const ASKING_KEYS = new Set(['complete']);

/** The row's actions: a plain button until it is first opened, so a long list carries no menus it has not used. */
function RoomMenu({ title, items }: { title: string; items: NonNullable<MenuProps['items']> }) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const asking = useRef(false);
  const button = (
    <Button
      type="text"
      size="small"
      icon={<EllipsisOutlined />}
      aria-label={`Actions for ${title}`}
      onClick={
        used
          ? undefined
          : () => {
              setUsed(true);
              setOpen(true);
            }
      }
    />
  );
  if (!used) return button;
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => (asking.current = ASKING_KEYS.has(key)) }}
      trigger={['click']}
      open={open}
      onOpenChange={(next, info) => {
        // Complete Conversation turns into its confirmation in place: the menu stays until it is answered.
        if (!next && info.source === 'menu' && asking.current) {
          asking.current = false;
          return;
        }
        setOpen(next);
      }}
    >
      {button}
    </Dropdown>
  );
}

interface Props {
  rooms: SmsRoom[] | null;
  me: string;
  activeId: string | null;
  peers: Peer[];
  actions: RoomActions;
  onOpen(room: SmsRoom): void;
  onNew(): void;
  search(text: string): Promise<SmsSearchHit[]>;
}

/** The rooms column: a filter over names and numbers, a search of the texts (4 characters or more), and the list. */
export function RoomList({ rooms, me, activeId, peers, actions, onOpen, onNew, search }: Props) {
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [hits, setHits] = useState<SmsSearchHit[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const needle = text.trim().toLowerCase();
  const shown = useMemo(() => {
    if (!rooms || !needle) return rooms ?? [];
    const digits = needle.replace(/\D/g, '');
    return rooms.filter((r) => roomTitle(r).toLowerCase().includes(needle) || (digits.length >= 3 && r.phoneNumber.includes(digits)));
  }, [rooms, needle]);

  async function searchTexts() {
    if (needle.length < 4) return setSearchError(SMS_MESSAGES.searchTooShort);
    setSearchError(null);
    setSearching(true);
    try {
      setHits(await search(text.trim()));
    } catch (err) {
      setSearchError((err as Error).message);
    } finally {
      setSearching(false);
    }
  }

  return (
    <nav aria-label="Conversations" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={{ display: 'flex', gap: 8, padding: 8 }}>
        <Input.Search
          aria-label="Search conversations"
          placeholder="Search"
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) setHits(null);
          }}
          onSearch={() => void searchTexts()}
          loading={searching}
        />
        <Tooltip title="New Conversation">
          <Button type="primary" icon={<PlusOutlined />} aria-label="New Conversation" onClick={onNew} />
        </Tooltip>
      </div>
      {searchError && (
        <Typography.Text type="danger" role="alert" style={{ padding: '0 12px 8px' }}>
          {searchError}
        </Typography.Text>
      )}
      {hits && (
        <div aria-label="Texts found" style={{ maxHeight: '40%', overflow: 'auto', padding: '0 8px 8px' }}>
          {hits.length === 0 ? (
            <Typography.Text type="secondary">No texts found</Typography.Text>
          ) : (
            hits.map((h) => (
              <div key={h.room.id} style={{ marginBottom: 8 }}>
                <Typography.Text strong>{roomTitle(h.room)}</Typography.Text>
                {h.matches.slice(0, 3).map((m) => (
                  <Button
                    key={m.id}
                    type="link"
                    size="small"
                    style={{ display: 'block', height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                    onClick={() => onOpen(h.room)}
                  >
                    {m.message}
                  </Button>
                ))}
              </div>
            ))
          )}
        </div>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        {!rooms ? (
          <Spin aria-label="Loading conversations" style={{ display: 'block', marginTop: 24 }} />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={needle ? 'No conversations match' : 'No conversations yet'} />
        ) : (
          <List
            aria-label="Rooms"
            rowComponent={RoomRow}
            rowCount={shown.length}
            rowHeight={(i: number) =>
              ROW + (shown[i]!.favorited.some((f) => f.id === me) && shown[i]!.unread > 0 ? ATTENTION : 0) + (shown[i]!.optedOut ? ATTENTION : 0)
            }
            rowProps={{ rooms: shown, me, activeId, peers, confirming, onOpen, onConfirm: setConfirming, actions }}
            style={{ height: '100%' }}
          />
        )}
      </div>
    </nav>
  );
}
