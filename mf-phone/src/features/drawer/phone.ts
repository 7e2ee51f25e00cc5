import { phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { QUEUE_MESSAGES, type PhoneStatus } from '@agency/contracts';
import { rememberNumber } from '../device/dialer';
import { BehaviorSubject, filter, type Subscription } from 'rxjs';
import { loadVoiceSdk, signalingReachable, Softphone, type ActiveCall, type PhoneState, type VoiceSdk } from '../device/softphone';
import { formatPhone } from '@agency/ui';

/*
 * The signed-in user's phone, one per page: the drawer starts it and stops it. Presence goes to
 * 'on call' while a call is connected and back to what it was after (spec 000 §4); the phone's
 * notices are toasts; numbers called or calling are remembered for the Recent list.
 */
let phone: Softphone | null = null;
/** phone_join on every (re)connection while the phone is on: the socket then gets the call events. */
let joined: Subscription | null = null;
const OFFLINE: PhoneState = { device: 'offline', error: null, trustUrl: null, call: null, lastCalls: [] };
/** This page's phone state for screens beside the drawer (the dashboard's Queues): offline until the drawer starts the phone. */
export const phoneState$ = new BehaviorSubject<PhoneState>(OFFLINE);

/** However long the first screen takes (or with no shell to say it: a remote served on its own), the phone starts this long after the drawer. */
const SDK_LATEST_MS = 10_000;

/**
 * Resolves once the first screen is drawn (bus.firstScreen$) and the page idle, or SDK_LATEST_MS after
 * it is asked without one: what no first screen draws loads then.
 */
export function afterFirstScreen(): Promise<void> {
  return new Promise<void>((resolve) => {
    const go = () => {
      clearTimeout(latest);
      resolve();
      queueMicrotask(() => sub.unsubscribe());
    };
    const latest = setTimeout(go, SDK_LATEST_MS);
    const sub = bus.firstScreen$.subscribe((drawn) => drawn && go());
  });
}

/**
 * The Voice SDK once the first screen is drawn, so that it is not among what the screen drawn at
 * sign-in waits for; the token is asked for meanwhile.
 */
function voiceSdkAfterFirstScreen(): Promise<VoiceSdk> {
  return afterFirstScreen().then(loadVoiceSdk);
}

/** What a screen reader hears when a call rings in: who calls (their name, else their number). */
export function callAnnouncement(call: Pick<ActiveCall, 'direction' | 'name' | 'number' | 'kind'>): string | null {
  if (call.direction !== 'incoming') return null;
  const who = call.name || (call.number ? formatPhone(call.number) : 'an unknown number');
  return call.kind === 'CONFERENCE' ? `Conference call from ${who}` : call.kind === 'COACHING' ? `Coaching call from ${who}` : `Incoming call from ${who}`;
}

export function startPhone(): Softphone {
  if (phone) return phone;
  let before: PhoneStatus | null = null;
  const created = new Softphone(
    phoneApi.token,
    {
      onCallActive(active) {
        const session = bus.session$.value;
        if (!session) return;
        if (active) {
          before = session.user.phoneStatus === 'on call' || session.user.phoneStatus === 'coaching' ? before : session.user.phoneStatus;
          // A coach shows as Coaching while on the call they coach.
          bus.emit('users_phoneStatus', created.state$.value.call?.kind === 'COACHING' ? 'coaching' : 'on call');
        } else {
          bus.emit('users_phoneStatus', before && before !== 'offline' ? before : 'available');
          before = null;
        }
      },
      onNotice(kind, message) {
        bus.toast({ kind, message });
      },
    },
    signalingReachable,
    voiceSdkAfterFirstScreen,
  );
  // A call ringing in is read out once, as it starts ringing (not on each change of its state).
  let wasRinging = false;
  created.state$.subscribe((s) => {
    if (s.call) rememberNumber(s.call.number);
    const ringing = s.call?.status === 'pending';
    const words = ringing && !wasRinging && s.call ? callAnnouncement(s.call) : null;
    if (words) bus.announce(words);
    wasRinging = ringing;
    if (phone === created) phoneState$.next(s);
  });
  phone = created;
  joined = bus.connection$.pipe(filter((c) => c === 'connected')).subscribe(() => bus.emit('phone_join'));
  phoneState$.next(created.state$.value);
  void created.start();
  return created;
}

export function stopPhone() {
  if (joined) bus.emit('phone_leave');
  joined?.unsubscribe();
  joined = null;
  phone?.destroy();
  phone = null;
  phoneState$.next(OFFLINE);
}

/** Take Next Call: the longest-waiting caller of the queue rings this phone and is answered as they do. */
export async function takeNextCall(queueId: string): Promise<void> {
  const state = phone?.state$.value;
  if (!phone || state?.device !== 'ready' || state.call) throw new Error(QUEUE_MESSAGES.notReady);
  phone.expectTakenCall();
  await phoneApi.takeNextCall(queueId);
}

/** Coach: this phone joins the colleague's call, heard only by them; it is answered as it rings. */
export async function coachColleague(userId: string): Promise<void> {
  const state = phone?.state$.value;
  if (!phone || state?.device !== 'ready' || state.call) throw new Error(QUEUE_MESSAGES.notReady);
  phone.expectTakenCall();
  await phoneApi.coach(userId);
}
