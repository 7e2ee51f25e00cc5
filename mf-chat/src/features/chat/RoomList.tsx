import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { List, type RowComponentProps } from 'react-window';
import { Badge, Button, Dropdown, Empty, theme, Typography, type MenuProps } from 'antd';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import type { ChatRoom } from '@agency/contracts';
import { CHAT_LIMITS, canRenameRoom, roomDisplayTitle } from '@agency/contracts';
import { AvatarStack } from './people';

export type RoomAction = 'rename' | 'unread' | 'mute' | 'add' | 'remove' | 'hide' | 'leave' | 'up' | 'down';

interface RowProps {
  rooms: ChatRoom[];
  me: string;
  activeId: string | null;
  canRemove: (room: ChatRoom) => boolean;
  onOpen: (id: string) => void;
  onAction: (room: ChatRoom, action: RoomAction) => void;
  /** Puts the dragged room where the room it is over is. */
  move: (draggedId: string, overId: string) => void;
  commit: () => void;
}

const ROW_HEIGHT = 68;
const DRAG = 'chat-room';

function roomMenu(room: ChatRoom, index: number, count: number, canRemove: boolean): MenuProps['items'] {
  const group = room.format === 'group';
  return [
    canRenameRoom(room) ? { key: 'rename', label: 'Change Title' } : null,
    { key: 'unread', label: 'Mark as Unread' },
    { key: 'mute', label: room.muted ? 'Unmute Notifications' : 'Mute Notifications' },
    group ? { key: 'add', label: 'Add Users' } : null,
    group && canRemove ? { key: 'remove', label: 'Remove a User' } : null,
    { key: 'up', label: 'Move Up', disabled: index === 0 },
    { key: 'down', label: 'Move Down', disabled: index === count - 1 },
    { type: 'divider' as const },
    { key: 'hide', label: 'Hide' },
    group ? { key: 'leave', label: 'Leave', danger: true } : null,
  ].filter((i) => i !== null);
}

function RoomRow({ index, style, ariaAttributes, rooms, me, activeId, canRemove, onOpen, onAction, move, commit }: RowComponentProps<RowProps>) {
  const room = rooms[index];
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const [{ dragging }, drag] = useDrag(
    // Rooms are named by id, not position: a room that arrived just before the drag shifts the
    // positions before a row's drag spec catches up, and an id is never stale.
    () => ({ type: DRAG, item: { id: room.id }, collect: (m) => ({ dragging: m.isDragging() }), end: () => commit() }),
    [room.id, commit],
  );
  const [, drop] = useDrop(
    () => ({
      accept: DRAG,
      hover: (item: { id: string }) => move(item.id, room.id),
    }),
    [room.id, move],
  );
  drag(drop(ref));
  const title = roomDisplayTitle(room, me);
  const others = room.users.filter((u) => u.id !== me);
  const active = room.id === activeId;
  const rowStyle: CSSProperties = {
    ...style,
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    padding: '0 8px',
    borderRadius: token.borderRadius,
    background: active ? token.controlItemBgActive : undefined,
    opacity: dragging ? 0.4 : 1,
    cursor: 'grab',
  };
  return (
    <div ref={ref} style={rowStyle} {...ariaAttributes} data-room-id={room.id} aria-current={active ? 'true' : undefined}>
      <HolderOutlined aria-hidden style={{ color: token.colorTextTertiary }} />
      <button
        type="button"
        onClick={() => onOpen(room.id)}
        aria-label={`Open ${title}${room.unread ? `, ${room.unread} unread` : ''}`}
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: 4,
          background: 'none',
          border: 0,
          padding: '6px 0',
          cursor: 'pointer',
          color: 'inherit',
          textAlign: 'left',
        }}
      >
        <Typography.Text strong={room.unread > 0} ellipsis style={{ maxWidth: '100%' }}>
          {title}
        </Typography.Text>
        <AvatarStack users={others.length ? others : room.users} max={CHAT_LIMITS.roomListAvatars} size={20} label="Members" />
      </button>
      <Badge count={room.unread} overflowCount={99} aria-label={room.unread ? `${room.unread} unread` : undefined} />
      <Dropdown
        trigger={['click']}
        menu={{ items: roomMenu(room, index, rooms.length, canRemove(room)), onClick: ({ key }) => onAction(room, key as RoomAction) }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`Room menu for ${title}`} />
      </Dropdown>
    </div>
  );
}

/** The user's rooms in their own order: drag a row (or use Move Up / Move Down) to reorder. */
export function RoomList({
  rooms,
  me,
  activeId,
  canRemove,
  onOpen,
  onAction,
  onReorder,
}: {
  rooms: ChatRoom[];
  me: string;
  activeId: string | null;
  canRemove: (room: ChatRoom) => boolean;
  onOpen: (id: string) => void;
  onAction: (room: ChatRoom, action: RoomAction) => void;
  onReorder: (ids: string[]) => void;
}) {
  const [order, setOrder] = useState(() => rooms.map((r) => r.id));
  const dragged = useRef(false);
  // The server's order wins, except during a drag: a room update arriving then (a new message, a
  // new room) adds or drops rooms but keeps the order the person is dragging into.
  useEffect(() => {
    const ids = rooms.map((r) => r.id);
    setOrder((o) => (dragged.current ? [...o.filter((id) => ids.includes(id)), ...ids.filter((id) => !o.includes(id))] : ids));
  }, [rooms]);
  const byId = useMemo(() => new Map(rooms.map((r) => [r.id, r])), [rooms]);
  const shown = order.map((id) => byId.get(id)).filter((r): r is ChatRoom => !!r);
  const move = useCallback((draggedId: string, overId: string) => {
    if (draggedId === overId) return;
    dragged.current = true;
    setOrder((o) => {
      const from = o.indexOf(draggedId);
      const to = o.indexOf(overId);
      if (from < 0 || to < 0 || from === to) return o;
      const next = [...o];
      next.splice(from, 1);
      next.splice(to, 0, draggedId);
      return next;
    });
  }, []);
  const orderRef = useRef(order);
  orderRef.current = order;
  const commit = useCallback(() => {
    if (!dragged.current) return;
    dragged.current = false;
    onReorder(orderRef.current);
  }, [onReorder]);
  const act = useCallback(
    (room: ChatRoom, action: RoomAction) => {
      const i = order.indexOf(room.id);
      if (action === 'up' || action === 'down') {
        const next = [...order];
        const j = action === 'up' ? i - 1 : i + 1;
        if (j < 0 || j >= next.length) return;
        [next[i], next[j]] = [next[j], next[i]];
        setOrder(next);
        onReorder(next);
        return;
      }
      onAction(room, action);
    },
    [order, onAction, onReorder],
  );
  const rowKey = useCallback((i: number, p: RowProps) => p.rooms[i].id, []);
  if (!rooms.length) return <Empty description="No rooms yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <DndProvider backend={HTML5Backend}>
      <nav aria-label="Chat rooms" style={{ flex: 1, minHeight: 0 }}>
        <List
          rowComponent={RoomRow}
          rowCount={shown.length}
          rowHeight={ROW_HEIGHT}
          rowKey={rowKey}
          rowProps={{ rooms: shown, me, activeId, canRemove, onOpen, onAction: act, move, commit }}
          style={{ height: '100%' }}
        />
      </nav>
    </DndProvider>
  );
}
