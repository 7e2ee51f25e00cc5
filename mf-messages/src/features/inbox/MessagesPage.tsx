import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Drawer, Empty, theme, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { isAdminRole, REVIEW_MESSAGES, SCHEDULE_MESSAGES, SMS_MESSAGES, type SmsRoom } from '@agency/contracts';
import { reviewsApi, smsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { notifyError, notifySuccess, ScheduleMessageDialog, useObservable, useWidth } from '@agency/ui';
import { ClientPanel } from './ClientPanel';
import { Conversation } from './Conversation';
import { NewConversationDialog } from './NewConversationDialog';
import { RoomList, type RoomActions } from './RoomList';
import { SimulatorLink } from './SimulatorLink';
import { useInbox } from './useInbox';

export const PANEL_KEY = 'messages_panel';
const newId = () => crypto.randomUUID();

const GAP = 12;
const ROOMS_WIDTH = 320;
const PANEL_WIDTH = 300;
/** The least a conversation is given: its bubbles and a composer a sentence fits in. */
const CONVERSATION_MIN = 480;
/** From this width the client panel stands beside the conversation; under it, it opens over it. */
export const PANEL_BESIDE_FROM = ROOMS_WIDTH + CONVERSATION_MIN + PANEL_WIDTH + 2 * GAP;
/** Under this width the rooms and the open conversation take the page in turn. */
export const ROOMS_BESIDE_FROM = ROOMS_WIDTH + CONVERSATION_MIN + GAP;

/** /messages and /messages/:roomId: rooms, the open conversation and the client panel (spec 001 §2). */
export function MessagesPage() {
  const { token } = theme.useToken();
  const { roomId = null } = useParams();
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const peers = useObservable(bus.peers$) ?? [];
  const inbox = useInbox(roomId);
  const { actions } = inbox;
  const layout = useWidth<HTMLDivElement>();
  const panelBeside = layout.width === null || layout.width >= PANEL_BESIDE_FROM;
  // The client panel stays as the person left it (shown or closed), per person, across reloads:
  // beside the conversation it is shown until closed; over it (too narrow) closed until asked for.
  const panelKey = `${PANEL_KEY}:${session?.user.id ?? ''}`;
  const [, setPanelChoice] = useState<string | null>(null);
  const panelChoice = localStorage.getItem(panelKey);
  const panelOpen = panelChoice !== 'closed';
  const panelOver = panelChoice === 'open';
  const choosePanel = (open: boolean) => {
    const choice = open ? 'open' : 'closed';
    localStorage.setItem(panelKey, choice);
    setPanelChoice(choice);
  };
  const roomsBeside = layout.width === null || layout.width >= ROOMS_BESIDE_FROM;
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

  const togglePanel = () => choosePanel(!(panelBeside ? panelOpen : panelOver));
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

  // Texting off (the Messages tab is hidden; the server refuses the inbox too): say so, not an empty inbox.
  if ((session && !session.account.messagingEnabled) || !!inbox.error?.includes(SMS_MESSAGES.disabled)) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 640 }} data-testid="messages-page">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Messages
        </Typography.Title>
        <Alert
          type="info"
          showIcon
          role="alert"
          title={SMS_MESSAGES.disabled}
          description={admin ? 'Texting is turned on under Account, Settings.' : 'An owner or admin can turn texting on under Account, Settings.'}
          action={<Link to="/">Back to the dashboard</Link>}
        />
      </div>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 56px - 40px - 48px)', minHeight: 480, gap: 12 }} data-testid="messages-page">
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Messages
        </Typography.Title>
        <SimulatorLink to="/messages/simulator">Carrier simulator</SimulatorLink>
      </div>
      {inbox.error && <Alert type="error" showIcon title={inbox.error} />}
      <div ref={layout.ref} style={{ display: 'flex', gap: GAP, flex: 1, minHeight: 0 }}>
        {(roomsBeside || !room) && (
          <div style={{ ...column, ...(roomsBeside ? { width: ROOMS_WIDTH, flex: 'none' } : { flex: 1, minWidth: 0 }) }}>
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
        )}
        {(roomsBeside || room) && (
          <div style={{ ...column, flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {!roomsBeside && (
              <div style={{ padding: '4px 4px 0' }}>
                <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate('/messages')}>
                  All conversations
                </Button>
              </div>
            )}
            <div style={{ flex: 1, minHeight: 0 }}>
              {room ? (
                <Conversation
                  room={room}
                  messages={inbox.activeId === room.id ? inbox.messages : []}
                  more={inbox.more}
                  typing={inbox.typing}
                  panelOpen={panelBeside ? panelOpen : panelOver}
                  onTogglePanel={togglePanel}
                  onSend={(text, media) => actions.send(room.id, newId(), text, media)}
                  onResend={(id) => void attempt(() => actions.resend(room.id, id))}
                  onLoadOlder={() => void attempt(() => actions.loadOlder(room.id))}
                  onTyping={() => actions.typing(room.id)}
                />
              ) : (
                <Empty style={{ marginTop: 80 }} description={roomId && inbox.rooms ? 'That conversation is not in the inbox' : 'Choose a conversation'} />
              )}
            </div>
          </div>
        )}
        {room && panelBeside && panelOpen && (
          <div style={{ ...column, width: PANEL_WIDTH, flex: 'none', overflow: 'auto' }}>
            <ClientPanel room={room} />
          </div>
        )}
      </div>
      {room && !panelBeside && (
        <Drawer title="Client" open={panelOver} onClose={() => choosePanel(false)} size={PANEL_WIDTH + 40} styles={{ body: { padding: 0 } }}>
          <ClientPanel room={room} />
        </Drawer>
      )}
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
