import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Drawer, Empty, Grid, theme, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { isAdminRole, REVIEW_MESSAGES, SCHEDULE_MESSAGES, type SmsRoom } from '@agency/contracts';
import { reviewsApi, smsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { notifyError, notifySuccess, ScheduleMessageDialog, useObservable } from '@agency/ui';
import { ClientPanel } from './ClientPanel';
import { Conversation } from './Conversation';
import { NewConversationDialog } from './NewConversationDialog';
import { RoomList, type RoomActions } from './RoomList';
import { useInbox } from './useInbox';

export const PANEL_KEY = 'messages_panel';
const newId = () => crypto.randomUUID();

/** /messages and /messages/:roomId: rooms, the open conversation and the client panel (spec 001 §2). */
export function MessagesPage() {
  const { token } = theme.useToken();
  const { roomId = null } = useParams();
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const peers = useObservable(bus.peers$) ?? [];
  const inbox = useInbox(roomId);
  const { actions } = inbox;
  const [panelOpen, setPanelOpen] = useState(() => localStorage.getItem(PANEL_KEY) !== 'closed');
  // Under 768 px (phones, tablets upright) one column at a time: the rooms, or the open conversation
  // with a way back; the client panel opens over it, and starts closed.
  const screens = Grid.useBreakpoint();
  const narrow = (!!screens.xs || !!screens.sm) && !screens.md;
  const [narrowPanel, setNarrowPanel] = useState(false);
  const [creating, setCreating] = useState(false);
  const [scheduling, setScheduling] = useState<SmsRoom | null>(null);

  // Arriving from a contact's Message button (/messages?client=&phone=): that person's room, made when new.
  const [params] = useSearchParams();
  const fromClient = params.get('client');
  const fromPhone = params.get('phone');
  useEffect(() => {
    if (roomId || !fromClient || !fromPhone) return;
    let live = true;
    actions.createRoom(fromPhone, fromClient).then(
      (room) => live && navigate(`/messages/${room.id}`, { replace: true }),
      (err: unknown) => live && notifyError((err as Error).message),
    );
    return () => {
      live = false;
    };
  }, [roomId, fromClient, fromPhone, actions, navigate]);

  useEffect(() => {
    const sub = bus.on('sms_disabled').subscribe(({ message }) => notifyError(message));
    return () => sub.unsubscribe();
  }, []);

  const togglePanel = () => {
    localStorage.setItem(PANEL_KEY, panelOpen ? 'closed' : 'open');
    setPanelOpen(!panelOpen);
  };
  const attempt = useCallback(async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notifySuccess(done);
    } catch (err) {
      notifyError((err as Error).message);
    }
  }, []);
  const reviewsOn = !!session?.account.serviceReviewEnabled;
  const roomActions: RoomActions = {
    schedule: (r) => setScheduling(r),
    requestReview: reviewsOn
      ? (r) =>
          void attempt(async () => {
            const { texted } = await reviewsApi.request(r.client!.id, { clientLevel: r.client!.level });
            if (!texted) throw new Error(REVIEW_MESSAGES.noRoom);
          }, 'Service review requested')
      : undefined,
    follow: (r, on) => void attempt(() => actions.follow(r.id, on), on ? 'Following the conversation' : 'Stopped following'),
    notifyTeam: (r) => void attempt(() => actions.notifyTeam(r.id), 'The team was notified'),
    assign: (r, userId) => void attempt(() => actions.assign(r.id, userId), userId ? 'Conversation assigned' : 'Conversation unassigned'),
    complete: (r) =>
      void attempt(async () => {
        await actions.complete(r.id);
        if (r.id === roomId) navigate('/messages');
      }, 'Conversation completed'),
  };

  const room: SmsRoom | null = inbox.rooms?.find((r) => r.id === roomId) ?? null;
  const admin = isAdminRole(session?.user.role);
  const column = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}`, minHeight: 0 };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 56px - 40px - 48px)', minHeight: 480, gap: 12 }} data-testid="messages-page">
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Messages
        </Typography.Title>
        {admin && !narrow && <Link to="/messages/simulator">Carrier simulator</Link>}
        {narrow && roomId && (
          <Link to="/messages">
            <LeftOutlined aria-hidden /> All conversations
          </Link>
        )}
      </div>
      {inbox.error && <Alert type="error" showIcon title={inbox.error} />}
      <div style={{ display: 'flex', gap: 12, flex: 1, minHeight: 0 }}>
        <div style={{ ...column, width: narrow ? '100%' : 320, flex: 'none', display: narrow && roomId ? 'none' : undefined }}>
          <RoomList
            rooms={inbox.rooms}
            me={session?.user.id ?? ''}
            activeId={roomId}
            peers={peers}
            actions={roomActions}
            onOpen={(r) => navigate(`/messages/${r.id}`)}
            onNew={() => setCreating(true)}
            search={actions.search}
          />
        </div>
        <div style={{ ...column, flex: 1, minWidth: 0, display: narrow && !roomId ? 'none' : undefined }}>
          {room ? (
            <Conversation
              room={room}
              messages={inbox.activeId === room.id ? inbox.messages : []}
              more={inbox.more}
              typing={inbox.typing}
              panelOpen={narrow ? narrowPanel : panelOpen}
              onTogglePanel={narrow ? () => setNarrowPanel(!narrowPanel) : togglePanel}
              onSend={(text, media) => actions.send(room.id, newId(), text, media)}
              onResend={(id) => void attempt(() => actions.resend(room.id, id))}
              onLoadOlder={() => void attempt(() => actions.loadOlder(room.id))}
              onTyping={() => actions.typing(room.id)}
            />
          ) : (
            <Empty style={{ marginTop: 80 }} description={roomId && inbox.rooms ? 'That conversation is not in the inbox' : 'Choose a conversation'} />
          )}
        </div>
        {room && narrow && (
          <Drawer open={narrowPanel} onClose={() => setNarrowPanel(false)} title="Client" size={360} styles={{ body: { padding: 0 } }}>
            <ClientPanel room={room} />
          </Drawer>
        )}
        {room && panelOpen && !narrow && (
          <div style={{ ...column, width: 300, flex: 'none', overflow: 'auto' }}>
            <ClientPanel room={room} />
          </div>
        )}
      </div>
      {scheduling && (
        <ScheduleMessageDialog
          open
          recipients={[{ phone: scheduling.phoneNumber, label: scheduling.client?.name ?? 'Mobile' }]}
          client={scheduling.client?.id ?? null}
          smsRoom={scheduling.id}
          schedule={smsApi.scheduleExplained}
          onClose={() => setScheduling(null)}
          onScheduled={() => notifySuccess(SCHEDULE_MESSAGES.scheduled)}
        />
      )}
      <NewConversationDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (phone, clientId) => {
          const created = await actions.createRoom(phone, clientId);
          await actions.reload();
          navigate(`/messages/${created.id}`);
        }}
      />
    </div>
  );
}
