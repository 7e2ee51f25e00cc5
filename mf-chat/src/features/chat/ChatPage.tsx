import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Grid, Row } from 'antd';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ChatRoom, ChatRoomFormat } from '@agency/contracts';
import { isAdminRole } from '@agency/contracts';
import { bus } from '@agency/bus';
import { errorMessage } from '@agency/api-client';
import { ChatSearch } from './ChatSearch';
import { Composer } from './Composer';
import { AddUsersDialog, ChangeTitleDialog, CreateRoomDialog, RemoveUserDialog } from './dialogs';
import type { MessageActions } from './MessageItem';
import { MessageList } from './MessageList';
import { usePeers } from './people';
import { RoomHeader } from './RoomHeader';
import { RoomList, type RoomAction } from './RoomList';
import { useChat } from './useChat';

type Dialog = { kind: 'create' } | { kind: 'rename' | 'add' | 'remove'; room: ChatRoom } | null;

const fail = (err: unknown) => bus.toast({ kind: 'error', message: errorMessage(err) });

/** /chat and /chat/:roomId: rooms on the left (3 of 12), the open room on the right (9 of 12). */
export function ChatPage() {
  const { roomId = null } = useParams();
  const [params] = useSearchParams();
  const messageId = params.get('message');
  const navigate = useNavigate();
  // Under 768 px (phones, tablets upright) one column at a time: the rooms, or the open room with a way back.
  const screens = Grid.useBreakpoint();
  const narrow = (!!screens.xs || !!screens.sm) && !screens.md;
  const { store, state, userId, role } = useChat();
  const peers = usePeers();
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    void store.open(roomId, messageId);
  }, [store, roomId, messageId]);
  useEffect(() => () => void store.open(null), [store]);

  const visible = state.rooms.filter((r) => !r.hidden.includes(userId) || r.id === roomId);
  const room = store.room(roomId);
  const view = roomId ? state.views[roomId] : undefined;
  const colleagues = peers.filter((p) => p.id !== userId);

  const actions = useMemo<MessageActions>(
    () => ({
      react: (id, emoji) => roomId && void store.react(roomId, id, emoji).catch(fail),
      edit: (id, text) => (roomId ? store.editMessage(roomId, id, text).catch(fail) : Promise.resolve()),
      remove: (id) => (roomId ? store.deleteMessage(roomId, id).catch(fail) : Promise.resolve()),
      retry: (id) => store.retry(id),
      discard: (id) => store.discard(id),
    }),
    [store, roomId],
  );
  const onMore = useCallback(() => (roomId ? store.loadOlder(roomId).catch(fail) : Promise.resolve()), [store, roomId]);
  const onNewer = useCallback(() => (roomId ? store.loadNewer(roomId).catch(fail) : Promise.resolve()), [store, roomId]);
  const open = useCallback((id: string) => navigate(`/chat/${id}`), [navigate]);
  const onReorder = useCallback((ids: string[]) => void store.reorder(ids).catch(fail), [store]);
  const canRemove = useCallback((r: ChatRoom) => r.createdBy === userId || isAdminRole(role), [userId, role]);

  const onAction = useCallback(
    async (r: ChatRoom, action: RoomAction) => {
      try {
        if (action === 'rename' || action === 'add' || action === 'remove') return setDialog({ kind: action, room: r });
        if (action === 'unread') {
          await store.markUnread(r.id);
          if (r.id === roomId) navigate('/chat');
        } else if (action === 'mute') await store.setMuted(r.id, !r.muted);
        else if (action === 'hide') {
          await store.hideRoom(r.id);
          if (r.id === roomId) navigate('/chat');
        } else if (action === 'leave') {
          if (!(await bus.confirm('Leave this room?', 'You will no longer receive its messages.'))) return;
          await store.leaveRoom(r.id);
          if (r.id === roomId) navigate('/chat');
        }
      } catch (err) {
        fail(err);
      }
    },
    [store, roomId, navigate],
  );

  const createRoom = async (format: ChatRoomFormat, userIds: string[], title: string) => {
    const created = await store.createRoom(format, userIds, title);
    navigate(`/chat/${created.id}`);
  };

  return (
    <Row gutter={16} wrap={false} style={{ height: 'calc(100vh - 150px)', minHeight: 520 }}>
      <Col span={narrow ? 24 : 6} style={{ height: '100%', display: narrow && roomId ? 'none' : undefined }}>
        <Card style={{ height: '100%' }} styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: 12, padding: 12 } }}>
          <ChatSearch search={(t) => store.search(t)} onOpen={(r) => navigate(`/chat/${r.roomId}?message=${r.message.id}`)} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })} block>
            Create Room
          </Button>
          {state.roomsError && <Alert type="error" showIcon message={`Unable to load rooms: ${state.roomsError}`} />}
          <RoomList rooms={visible} me={userId} activeId={roomId} canRemove={canRemove} onOpen={open} onAction={onAction} onReorder={onReorder} />
        </Card>
      </Col>
      <Col span={narrow ? 24 : 18} style={{ height: '100%', display: narrow && !roomId ? 'none' : undefined }}>
        <Card style={{ height: '100%' }} styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', padding: 0 } }}>
          {narrow && (
            <Button type="link" icon={<LeftOutlined />} onClick={() => navigate('/chat')} style={{ alignSelf: 'flex-start' }}>
              All rooms
            </Button>
          )}
          <RoomHeader room={room} me={userId} />
          {roomId && room ? (
            <MessageList roomId={roomId} view={view} me={userId} users={room.users} actions={actions} onMore={onMore} onNewer={onNewer} />
          ) : (
            <div style={{ flex: 1, display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
              {roomId && state.roomsLoaded ? 'This room is not available.' : 'Pick a room on the left, or create one.'}
            </div>
          )}
          {view?.hasNewer && roomId && (
            <div style={{ textAlign: 'center', padding: 4 }}>
              <Button size="small" onClick={() => navigate(`/chat/${roomId}`, { replace: true })}>
                Jump to Latest
              </Button>
            </div>
          )}
          <Composer roomId={room ? roomId : null} userId={userId} onSend={(text, fileIds) => roomId && store.send(roomId, text, fileIds)} />
        </Card>
      </Col>
      <CreateRoomDialog open={dialog?.kind === 'create'} onClose={() => setDialog(null)} users={colleagues} onCreate={createRoom} />
      <ChangeTitleDialog
        room={dialog?.kind === 'rename' ? dialog.room : null}
        onClose={() => setDialog(null)}
        onSave={(t) => store.renameRoom((dialog as { room: ChatRoom }).room.id, t)}
      />
      <AddUsersDialog
        room={dialog?.kind === 'add' ? dialog.room : null}
        users={colleagues}
        onClose={() => setDialog(null)}
        onAdd={(ids) => store.addUsers((dialog as { room: ChatRoom }).room.id, ids)}
      />
      <RemoveUserDialog
        room={dialog?.kind === 'remove' ? dialog.room : null}
        me={userId}
        onClose={() => setDialog(null)}
        onRemove={(id) => store.removeUser((dialog as { room: ChatRoom }).room.id, id)}
      />
    </Row>
  );
}
