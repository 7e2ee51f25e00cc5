import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Badge, Button, Tabs, theme, Tooltip, Typography } from 'antd';
import { AudioMutedOutlined, CloseOutlined, DisconnectOutlined, LoadingOutlined, PhoneOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { phoneButtonLabel, type OutgoingLocation } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { buttonStatus, type PhoneState } from '../device/softphone';
import { Dialer } from './Dialer';
import { QueueList } from '../queues/QueueList';
import { useQueues } from '../queues/useQueues';
import { afterFirstScreen, coachColleague, startPhone, stopPhone, takeNextCall } from './phone';

// Loaded when a call first needs its location picked: it may draw antd's Select, which no first screen draws.
const LocationPicker = lazy(() => import('./LocationPicker').then((m) => ({ default: m.LocationPicker })));
// A call's panel and the last calls: no first screen draws them (there is no call yet). They load once
// the first screen is drawn, as the Voice SDK does, so a call finds them there (or with the first call).
const loadCallPanel = () => import('./CallPanel');
const loadLastCalls = () => import('./LastCalls');
const CallPanel = lazy(() => loadCallPanel().then((m) => ({ default: m.CallPanel })));
const LastCalls = lazy(() => loadLastCalls().then((m) => ({ default: m.LastCalls })));

const OPEN_KEY = 'agency.phone.drawer';
export const DRAWER_WIDTH = 300;
/** Under antd's sm breakpoint (a phone) the open drawer takes the whole screen. */
const PHONE_QUERY = '(max-width: 575.98px)';
const onPhone = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_QUERY).matches;
const watchPhone = (change: () => void) => {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener?.('change', change);
  return () => query?.removeEventListener?.('change', change);
};

type TabKey = 'dialpad' | 'call' | 'last' | 'queue';

/** The phone button shakes while a call rings in (still, for people who asked for less motion). */
const RING_CSS = `
@keyframes phone-ring { 0%, 50%, 100% { transform: rotate(0); } 10%, 30% { transform: rotate(-14deg); } 20%, 40% { transform: rotate(14deg); } }
.phone-ringing { animation: phone-ring 1.2s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .phone-ringing { animation: none; } }`;

/** The tabs that show: Call while a caller is present, Last Call while recent calls exist, Queue while a call queue is on (spec 000 §2). */
export function visibleTabs(state: PhoneState, queueEnabled = false): TabKey[] {
  return [
    'dialpad',
    ...(state.call ? (['call'] as const) : []),
    ...(state.lastCalls.length ? (['last'] as const) : []),
    ...(queueEnabled ? (['queue'] as const) : []),
  ];
}

export interface CallDetails {
  name?: string;
  clientId?: string;
  locationId?: string;
  location?: string;
}

/**
 * What a call to `to` is placed with: the contact asked for, else the number's contact (a keypad
 * call to a client is theirs too), and with several locations the contact's location; `pick` when
 * the person must choose the location.
 */
export async function planCall(
  to: string,
  asked: { name?: string; clientId?: string },
  locationCount: number,
  lookup: (to: string) => Promise<OutgoingLocation>,
): Promise<{ details: CallDetails; pick: boolean }> {
  if (to.startsWith('client:') || (asked.clientId && locationCount <= 1)) return { details: asked, pick: false };
  const known = await lookup(to).catch(() => null);
  const contact: CallDetails = asked.clientId
    ? asked
    : known?.client
      ? { clientId: known.client.id, name: asked.name || known.client.name }
      : { name: asked.name };
  if (locationCount <= 1) return { details: contact, pick: false };
  if (known?.location) return { details: { ...contact, locationId: known.location.id, location: known.location.name }, pick: false };
  return { details: contact, pick: true };
}

/** The phone button, by status (spec 000 §2), and what pressing it does. */
function PhoneButton({
  state,
  open,
  onToggle,
  onAnswer,
  onMute,
  onRestart,
}: {
  state: PhoneState;
  open: boolean;
  onToggle(): void;
  onAnswer(): void;
  onMute(): void;
  onRestart(): void;
}) {
  const { token } = theme.useToken();
  const status = buttonStatus(state);
  const label = phoneButtonLabel(status);
  const press = () => {
    if (status === 'pending') onAnswer();
    else if (status === 'open' || status === 'ringing' || status === 'connected') onMute();
    else if (status === 'ready' || status === 'closed') onToggle();
    else if (status === 'offline') onRestart();
  };
  const ringing = status === 'pending';
  const colour =
    status === 'offline'
      ? token.colorTextDisabled
      : status === 'reconnecting'
        ? token.colorError
        : ringing || status === 'open'
          ? '#52c41a'
          : token.colorPrimary;
  const icon =
    status === 'offline' ? (
      <DisconnectOutlined />
    ) : status === 'connecting' ? (
      <LoadingOutlined />
    ) : state.call?.muted ? (
      <AudioMutedOutlined />
    ) : (
      <PhoneOutlined />
    );
  return (
    <Tooltip title={label} placement="left">
      <Button
        shape="circle"
        size="large"
        aria-label={label}
        aria-expanded={status === 'ready' || status === 'closed' ? open : undefined}
        className={ringing ? 'phone-ringing' : undefined}
        icon={icon}
        onClick={press}
        style={{
          color: status === 'offline' ? colour : '#fff',
          background: status === 'offline' ? token.colorFillSecondary : colour,
          borderColor: colour,
          boxShadow: status === 'reconnecting' ? `0 0 0 3px ${token.colorErrorBg}` : undefined,
        }}
      />
    </Tooltip>
  );
}

/**
 * The right-hand phone drawer, 300 wide, on every page: the phone button and, when open, the dialer
 * and the call. On a phone it opens over the whole screen (and starts closed, whatever a wider
 * screen left), with its own Close button.
 */
export function PhoneDrawer() {
  const { token } = theme.useToken();
  const [phone] = useState(startPhone);
  useEffect(() => () => stopPhone(), []);
  const state = useObservable(phone.state$);
  useEffect(() => {
    let stopped = false;
    void afterFirstScreen().then(() => {
      if (!stopped) void Promise.all([loadCallPanel(), loadLastCalls()]);
    });
    return () => {
      stopped = true;
    };
  }, []);
  const session = useObservable(bus.session$);
  const fullScreen = useSyncExternalStore(watchPhone, onPhone, () => false);
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) === '1' && !onPhone());
  const [tab, setTab] = useState<TabKey>('dialpad');
  const { queues } = useQueues();
  const waiting = queues.reduce((n, q) => n + q.currentSize, 0);
  const tabs = visibleTabs(state, queues.length > 0);
  const selected: TabKey = tabs.includes(tab) ? tab : state.call ? 'call' : 'dialpad';

  const show = (next: boolean) => {
    setOpen(next);
    if (!fullScreen) localStorage.setItem(OPEN_KEY, next ? '1' : '0');
  };

  // A call (placed or ringing in) opens the drawer on the Call tab.
  const callKey = state.call ? `${state.call.direction}:${state.call.number}` : null;
  useEffect(() => {
    if (!callKey) return;
    setTab('call');
    setOpen(true);
  }, [callKey]);

  // A line this browser does not trust yet: the drawer opens on how to trust it (once, not remembered),
  // except on a phone, where it would cover the page at every load: there the phone button opens it.
  const untrusted = !!(state.error && state.trustUrl);
  useEffect(() => {
    if (untrusted && !onPhone()) setOpen(true);
  }, [untrusted]);

  // Multi-location accounts call from the location of the number's contact; when it has none, the person picks one.
  const [picking, setPicking] = useState<({ to: string } & CallDetails) | null>(null);
  // the picker is drawn from its first opening on (it animates closed rather than vanishing)
  const [pickerDrawn, setPickerDrawn] = useState(false);
  if (picking && !pickerDrawn) setPickerDrawn(true);
  const locationCount = session?.account.locationCount ?? 0;
  const dialRef = useRef<(to: string, name?: string, clientId?: string) => Promise<void>>(async () => undefined);
  dialRef.current = async (to: string, name?: string, clientId?: string) => {
    const plan = await planCall(to, { name, clientId }, locationCount, phoneApi.outgoingLocation);
    if (plan.pick) setPicking({ to, ...plan.details });
    else await phone.dial(to, plan.details);
  };

  // Calls asked for anywhere (peers, contact records) are placed here; a call from a contact's record is that contact's.
  useEffect(() => {
    const sub = bus.dial$.subscribe((req) => {
      const to = req.peerId ? `client:${req.peerId}` : req.to.replace(/\D/g, '');
      void dialRef.current(to.length === 10 ? `1${to}` : to, req.name, req.peerId ? undefined : req.clientId);
    });
    return () => sub.unsubscribe();
  }, []);

  // The recording of the call on this phone, as the server reports it.
  const [recordings, setRecordings] = useState<Record<string, 'in-progress' | 'paused' | 'stopped'>>({});
  useEffect(() => {
    const sub = bus.on('conference_recording').subscribe(({ callSid, status }) => setRecordings((r) => ({ ...r, [callSid]: status })));
    return () => sub.unsubscribe();
  }, []);
  const sid = state.call?.sid ?? null;
  const recordingStatus = sid ? recordings[sid] : undefined;
  const recording = recordingStatus === 'in-progress' || recordingStatus === 'paused' ? recordingStatus : null;
  async function sendToVoicemail() {
    const callId = state.call?.callId;
    if (!callId) return;
    try {
      await phoneApi.sendToVoicemail(callId);
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    }
  }
  async function toggleRecording() {
    if (!sid || !recording) return;
    try {
      await phoneApi.pauseRecording(sid, recording === 'in-progress');
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    }
  }

  // The Phone tab's badge: missed calls nobody has reviewed.
  useEffect(() => {
    const sub = bus.on('phone_workCount').subscribe(({ count }) => bus.setBadge('phone', count));
    return () => sub.unsubscribe();
  }, []);

  const ready = state.device === 'ready';
  const dial = (to: string, name?: string, clientId?: string) => void dialRef.current(to, name, clientId);
  return (
    <div
      data-full-screen={open && fullScreen ? 'true' : undefined}
      style={{
        display: 'flex',
        height: '100%',
        boxSizing: 'border-box',
        borderLeft: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        // over the page (under dialogs and menus) on a phone
        ...(open && fullScreen ? { position: 'fixed', inset: 0, zIndex: 990, borderLeft: 0 } : {}),
      }}
    >
      {open && (
        <div
          role="region"
          aria-label="Phone drawer"
          style={{
            ...(fullScreen ? { flex: 1, minWidth: 0 } : { width: DRAWER_WIDTH }),
            display: 'flex',
            flexDirection: 'column',
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            minHeight: 0,
          }}
        >
          <div style={{ padding: '12px 16px 0', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
            <Typography.Text strong style={{ flex: 1 }}>
              Phone
            </Typography.Text>
            <Typography.Text type={ready ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
              {ready ? 'Ready' : state.device === 'init' ? 'Connecting…' : 'Offline'}
            </Typography.Text>
            {fullScreen && <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Close the phone" onClick={() => show(false)} />}
          </div>
          {state.error && state.trustUrl ? (
            <Alert
              type="warning"
              showIcon
              style={{ margin: '8px 16px 0' }}
              title={state.error}
              description={
                <span>
                  {/* the alert's own text colour, underlined: the link colour read under 4.5:1 on the dark warning */}
                  <a href={state.trustUrl} target="_blank" rel="noreferrer" style={{ color: 'inherit', textDecoration: 'underline' }}>
                    Open the phone line
                  </a>{' '}
                  in a new tab, accept its certificate, then come back and press Retry.
                </span>
              }
              action={
                <Button size="small" onClick={() => void phone.start()}>
                  Retry
                </Button>
              }
            />
          ) : state.error ? (
            <Alert type="error" showIcon role="alert" style={{ margin: '8px 16px 0' }} title={state.error} />
          ) : null}
          <Tabs
            activeKey={selected}
            onChange={(k) => setTab(k as TabKey)}
            style={{ flex: 1, minHeight: 0, padding: '0 16px', overflow: 'auto' }}
            items={[
              {
                key: 'dialpad',
                label: 'Dialpad',
                children: (
                  <Dialer
                    ready={ready && !state.call}
                    onDial={dial}
                    onCoach={(userId) => void coachColleague(userId).catch((err: unknown) => bus.toast({ kind: 'error', message: errorMessage(err) }))}
                  />
                ),
              },
              ...(state.call
                ? [
                    {
                      key: 'call',
                      label: 'Call',
                      children: (
                        <Suspense fallback={null}>
                          <CallPanel
                            call={state.call}
                            multiLocation={(session?.account.locationCount ?? 0) > 1}
                            onAnswer={() => phone.answer()}
                            onIgnore={() => phone.ignore()}
                            onReject={() => phone.reject()}
                            onVoicemail={() => void sendToVoicemail()}
                            onHangUp={() => phone.hangUp()}
                            onToggleMute={() => phone.toggleMute()}
                            recording={recording}
                            onToggleRecording={() => void toggleRecording()}
                          />
                        </Suspense>
                      ),
                    },
                  ]
                : []),
              ...(state.lastCalls.length
                ? [
                    {
                      key: 'last',
                      label: 'Last Call',
                      children: (
                        <Suspense fallback={null}>
                          <LastCalls calls={state.lastCalls} onRemove={(id) => phone.removeLastCall(id)} />
                        </Suspense>
                      ),
                    },
                  ]
                : []),
              ...(queues.length
                ? [
                    {
                      key: 'queue',
                      label: (
                        <Badge count={waiting} size="small" offset={[8, -2]} overflowCount={99}>
                          Queue
                        </Badge>
                      ),
                      children: <QueueList queues={queues} canTake={ready && !state.call} onTake={takeNextCall} />,
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
      <style>{RING_CSS}</style>
      {session && pickerDrawn && (
        <Suspense fallback={null}>
          <LocationPicker
            accountId={session.account.id}
            open={!!picking}
            onCancel={() => setPicking(null)}
            onPick={(location) => {
              const call = picking;
              setPicking(null);
              if (call) void phone.dial(call.to, { name: call.name, clientId: call.clientId, locationId: location.id, location: location.name });
            }}
          />
        </Suspense>
      )}
      <div style={{ width: 56, display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: 12, gap: 12 }}>
        <Badge dot={!!state.call && state.call.status === 'pending'} color="#52c41a">
          <PhoneButton
            state={state}
            open={open}
            onToggle={() => show(!open)}
            onAnswer={() => phone.answer()}
            onMute={() => phone.toggleMute()}
            // a line not trusted yet: the button opens the drawer on how to trust it (Retry is there)
            onRestart={() => (untrusted ? show(true) : void phone.start())}
          />
        </Badge>
      </div>
    </div>
  );
}
