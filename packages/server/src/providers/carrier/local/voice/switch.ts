import { randomBytes } from 'node:crypto';
import { VOICE_PATHS, type ParticipantCall, type ParticipantChange } from '../../voice';
import { ConferenceRoom, type ConferenceEvent, type Member } from './conference';
import { playHoldMusic } from './holdMusic';
import { bridge, MediaLeg } from './media';
import { Recorder } from './recorder';
import { parseTwiml, type ConferenceNoun, type DialTarget, type Verb } from './twiml';

/*
 * The local carrier's switch: what Twilio's voice network does for the app, in this process.
 * Browsers (staff Devices, and the simulator playing clients' phones) speak PStream to it through
 * signaling.ts; it asks our voice webhooks for TwiML, signed as Twilio signs them, and carries
 * them out: it rings the Devices a Dial names, bridges the first to answer and cancels the rest,
 * and reports each leg's end. Every leg's audio ends at our own media (media.ts), as at Twilio.
 *
 * Identities: a user id for staff; `sim:+15125550123` for a simulated phone. A call from a
 * simulated phone is an inbound call to the number it dialled (the number's Voice URL); a call
 * from staff goes to the TwiML App's Voice URL with From=client:{identity}.
 */
export const SIM_PREFIX = 'sim:';
/** Between a simulated phone's number and the agency whose simulator plays it. */
export const SIM_SCOPE = '@';
export const ACCOUNT_SID = 'AC00000000000000000000000000local';

/** One browser connected to the signalling server. */
export interface SignalPeer {
  identity: string | null;
  registered: boolean;
  send(type: string, payload: unknown): void;
}

/** Posts a signed webhook and answers the TwiML it returned ('' when none). */
export type VoicePoster = (url: string, params: Record<string, string>) => Promise<string>;

type DialStatus = 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled';

interface Fork {
  sid: string;
  peer: SignalPeer;
  target: DialTarget;
  state: 'ringing' | 'answered' | 'ended';
  media: MediaLeg;
  /** Redirected out of the Dial (its own call now): its media lives on. */
  detached?: boolean;
}

/** A call the carrier places itself (a conference participant), ringing until someone answers. */
interface Outgoing {
  sid: string;
  from: string;
  to: string;
  forks: Fork[];
  timer: NodeJS.Timeout | null;
  /** What the call does once answered. */
  verbs: Verb[];
  statusCallback: string | null;
  finished: boolean;
}

interface Dialing {
  forks: Fork[];
  bridged: Fork | null;
  bridgedAt: number | null;
  timer: NodeJS.Timeout | null;
  unbridge: (() => void) | null;
  done: (status: DialStatus) => void;
}

interface Call {
  sid: string;
  caller: SignalPeer;
  /** The callsid the caller's Device invited with (its own temporary one). */
  callerSid: string;
  /** The caller's leg of our media, and our answer to its offer (sent once the call is bridged). */
  media: MediaLeg;
  answer: Promise<string>;
  from: string;
  to: string;
  params: Record<string, string>;
  startedAt: number;
  ringingSent: boolean;
  /** The caller's Device has our answer (sent once, at the first bridge). */
  answerSent: boolean;
  /** New instructions (a transfer) that take over once the current Dial lets go. */
  redirect: string | null;
  callerGone: boolean;
  ended: boolean;
  dialing: Dialing | null;
  recording: { recorder: Recorder; callback: string; stopAgency: (() => void) | null; stopCaller: () => void } | null;
  /** Digits the caller is pressing for a Gather. */
  gathering: { digits: string; add(digits: string): void } | null;
  /** Ends the wait the call is in (hold music in a queue) when it is taken, redirected or gone. */
  wake: (() => void) | null;
  /** What the queue's action answered when the caller left it. */
  queueAction: Verb[] | null;
}

/** What a call starts as; the rest of a Call's state begins empty. */
function newCall(fields: Pick<Call, 'sid' | 'caller' | 'callerSid' | 'media' | 'answer' | 'from' | 'to' | 'params'> & Partial<Call>): Call {
  return {
    startedAt: Date.now(),
    ringingSent: false,
    answerSent: false,
    redirect: null,
    callerGone: false,
    ended: false,
    dialing: null,
    recording: null,
    gathering: null,
    wake: null,
    queueAction: null,
    ...fields,
  };
}

interface Queue {
  sid: string;
  /** Callers in the order they joined. */
  members: Call[];
}

export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

export interface Switch {
  /** A verified peer's message (listen and registration are the signalling server's). */
  handle(peer: SignalPeer, type: string, payload: Record<string, unknown>): void;
  /** A peer went away: its calls end as if it hung up. */
  drop(peer: SignalPeer): void;
  peers: Set<SignalPeer>;
  /** Records the call from now on; `url` hears when the recording is ready. */
  record(callSid: string, url: string): void;
  pauseRecording(callSid: string, paused: boolean): void;
  /**
   * A transfer: the call lets its current Dial go and runs what `url` answers. A call that is the
   * answering leg of a Dial leaves it and becomes a call of its own; the caller's Dial ends.
   */
  redirect(callSid: string, url: string): void;
  /** Calls someone into a conference (Twilio's participant create); the new call's sid. */
  addParticipant(name: string, options: ParticipantCall): string;
  updateParticipant(name: string, callSid: string, change: ParticipantChange): void;
  /** The participant leaves the conference (their call goes on with what follows their Dial: it ends). */
  removeParticipant(name: string, callSid: string): void;
  endConference(name: string): void;
  /**
   * The mixer's record for a call in a conference: how many frames it sent into the room and how
   * many of them went into each other call's mix (null when it is in no conference).
   */
  routed(callSid: string): { frames: number; to: Record<string, number> } | null;
  /** Frames with sound in them the carrier has heard from a call's Device (0 for no such call). */
  soundFrom(callSid: string): number;
  /** Calls in progress (for tests and shutdown). */
  active(): number;
  close(): void;
}

export interface SwitchOptions {
  /**
   * How long the local carrier takes to 'play' a hold music track before it asks the queue's
   * waitUrl again (it plays no audio; Twilio asks again when a track ends).
   */
  holdTrackMs?: number;
  /** The agency the carrier holds a number for: an agency's simulated phone rings only for that agency's calls. */
  ownerOf?: (phoneNumber: string) => Promise<string | null>;
}

export function createSwitch(publicUrl: string, post: VoicePoster, recordingsDir: () => string = () => '', options: SwitchOptions = {}): Switch {
  const peers = new Set<SignalPeer>();
  const calls = new Map<string, Call>();
  const queues = new Map<string, Queue>();
  const rooms = new Map<string, ConferenceRoom>();
  const outgoing = new Map<string, Outgoing>();
  /** Each room's events reach the app in the order they happened. */
  const roomPosts = new Map<string, Promise<unknown>>();
  const holdTrackMs = options.holdTrackMs ?? 10_000;
  const absolute = (url: string) => (url.startsWith('http') ? url : `${publicUrl}${url}`);

  // A client's phone played by an agency's simulator is `sim:{number}@{accountId}`; it rings as the number.
  // It places calls as the number; it is called as the number only by the agency it plays for
  // (`caller`, the agency holding the calling number; unknown rings only unnamed phones).
  const peersOf = (identity: string, caller: string | null = null) =>
    [...peers].filter(
      (p) =>
        p.registered && (p.identity === identity || (identity.startsWith(SIM_PREFIX) && caller !== null && p.identity === `${identity}${SIM_SCOPE}${caller}`)),
    );
  /** The agency of a calling number, asked only when a phone played for some agency is there to ring. */
  async function callerOf(numbers: string[], targets: DialTarget[]): Promise<string | null> {
    const scoped = targets.some(
      (t) => t.kind === 'number' && [...peers].some((p) => p.registered && !!p.identity?.startsWith(`${SIM_PREFIX}${t.value}${SIM_SCOPE}`)),
    );
    if (!scoped || !options.ownerOf) return null;
    for (const n of numbers) {
      if (!n || n.startsWith('client:')) continue;
      const owner = await options.ownerOf(n).catch(() => null);
      if (owner) return owner;
    }
    return null;
  }

  function baseParams(call: Call): Record<string, string> {
    return {
      AccountSid: ACCOUNT_SID,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      From: call.from,
      To: call.to,
      Caller: call.from,
      Called: call.to,
      Direction: 'inbound',
    };
  }

  function sendRinging(call: Call) {
    if (call.ringingSent) return;
    call.ringingSent = true;
    call.caller.send('ringing', { callsid: call.sid });
  }

  function endCall(call: Call, status: DialStatus | 'completed') {
    if (call.ended) return;
    call.ended = true;
    calls.delete(call.sid);
    call.wake?.();
    // Until it rang, the caller's Device knows its call only by the id it invited with.
    if (!call.callerGone) call.caller.send('hangup', { callsid: call.ringingSent ? call.sid : call.callerSid });
    call.media.close();
    finishRecording(call);
    const duration = Math.round((Date.now() - call.startedAt) / 1000);
    void post(absolute(VOICE_PATHS.status), { ...baseParams(call), CallStatus: status === 'canceled' ? 'completed' : status, CallDuration: String(duration) });
  }

  /** The agency's side of the recording follows whichever leg the caller is bridged to. */
  function recordLeg(call: Call, leg: MediaLeg) {
    const rec = call.recording;
    if (!rec) return;
    rec.stopAgency?.();
    rec.recorder.align();
    rec.stopAgency = leg.onFrame((f) => rec.recorder.push(1, f));
  }

  function finishRecording(call: Call) {
    const rec = call.recording;
    if (!rec) return;
    call.recording = null;
    rec.stopCaller();
    rec.stopAgency?.();
    const dir = recordingsDir();
    if (!dir) return;
    const { seconds } = rec.recorder.finish(dir);
    void post(absolute(rec.callback), {
      AccountSid: ACCOUNT_SID,
      CallSid: call.sid,
      RecordingSid: rec.recorder.sid,
      RecordingUrl: `${publicUrl}/api/carrier/recordings/${rec.recorder.sid}`,
      RecordingDuration: String(seconds),
      RecordingStatus: 'completed',
      RecordingChannels: '1',
    });
  }

  function legEvent(call: Call, fork: Fork, status: 'in-progress' | 'completed', duration?: number) {
    if (!fork.target.statusCallback) return;
    const params: Record<string, string> = {
      ...baseParams(call),
      CallSid: fork.sid,
      ParentCallSid: call.sid,
      Direction: 'outbound-dial',
      To: fork.target.kind === 'client' ? `client:${fork.target.value}` : fork.target.value,
      Called: fork.target.kind === 'client' ? `client:${fork.target.value}` : fork.target.value,
      CallStatus: status,
    };
    if (duration !== undefined) params.CallDuration = String(duration);
    void post(absolute(fork.target.statusCallback), params);
  }

  async function dial(call: Call, verb: Extract<Verb, { verb: 'Dial' }>): Promise<{ status: DialStatus; duration: number }> {
    // The agency calling: the number it shows (its own on an outgoing call), else the number called (a forwarded incoming call).
    const caller = await callerOf([verb.callerId ?? call.from, call.to], verb.targets);
    if (call.callerGone || call.ended) return { status: 'canceled', duration: 0 };
    return new Promise((resolve) => {
      const forks: Fork[] = [];
      for (const target of verb.targets) {
        const identity = target.kind === 'client' ? target.value : `${SIM_PREFIX}${target.value}`;
        for (const peer of peersOf(identity, caller)) {
          if (peer === call.caller) continue;
          forks.push({ sid: newCallSid(), peer, target, state: 'ringing', media: new MediaLeg() });
        }
      }
      const dialing: Dialing = {
        forks,
        bridged: null,
        bridgedAt: null,
        timer: null,
        unbridge: null,
        done: (status) => {
          if (call.dialing !== dialing) return;
          call.dialing = null;
          if (dialing.timer) clearTimeout(dialing.timer);
          dialing.unbridge?.();
          for (const f of forks) {
            if (f.state === 'ringing') f.peer.send('cancel', { callsid: f.sid });
            f.state = 'ended';
            if (!f.detached) f.media.close();
          }
          const duration = dialing.bridgedAt ? Math.round((Date.now() - dialing.bridgedAt) / 1000) : 0;
          if (dialing.bridged) legEvent(call, dialing.bridged, 'completed', duration);
          resolve({ status, duration });
        },
      };
      call.dialing = dialing;
      // Only numbers ring on when nobody is there to answer (a phone rings out); offline staff don't.
      if (!forks.length && !verb.targets.some((t) => t.kind === 'number')) {
        dialing.done('no-answer');
        return;
      }
      sendRinging(call);
      const callerId = verb.callerId ?? call.from;
      for (const f of forks) {
        const parameters: Record<string, string> = {
          CallSid: f.sid,
          AccountSid: ACCOUNT_SID,
          From: callerId,
          To: f.target.kind === 'client' ? `client:${f.target.value}` : f.target.value,
        };
        const custom = new URLSearchParams(f.target.parameters).toString();
        if (custom) parameters.Params = custom;
        f.media.offer().then(
          (sdp) => f.state === 'ringing' && f.peer.send('invite', { callsid: f.sid, sdp, parameters }),
          () => {
            f.state = 'ended';
            f.media.close();
            if (forks.every((x) => x.state === 'ended')) dialing.done('failed');
          },
        );
      }
      dialing.timer = setTimeout(() => dialing.done('no-answer'), verb.timeoutSeconds * 1000);
      dialing.timer.unref();
    });
  }

  /** What the line says to the caller reaches their Device as a call message (the local carrier speaks no audio). */
  function tell(call: Call, verb: Extract<Verb, { verb: 'Say' | 'Play' }>) {
    sendRinging(call);
    call.caller.send('message', {
      callsid: call.sid,
      content: JSON.stringify(verb.verb === 'Say' ? { say: verb.text } : { play: verb.url }),
      contenttype: 'application/json',
      messagetype: 'user-defined-message',
      voiceeventsid: `KX${randomBytes(16).toString('hex')}`,
    });
  }

  /** The digits the caller presses (up to `count`) before `seconds` pass; '' when none. */
  function gather(call: Call, count: number, seconds: number): Promise<string> {
    return new Promise((resolve) => {
      const state = {
        digits: '',
        add(more: string) {
          state.digits += more.replace(/[^0-9*#]/g, '');
          if (state.digits.length >= count) finish();
        },
      };
      const timer = setTimeout(finish, seconds * 1000);
      timer.unref();
      // The caller hanging up ends the wait at once.
      call.wake = finish;
      function finish() {
        clearTimeout(timer);
        if (call.wake === finish) call.wake = null;
        if (call.gathering === state) call.gathering = null;
        resolve(state.digits.slice(0, count));
      }
      call.gathering = state;
    });
  }

  /** The caller's call is answered (our media takes their audio): before a recording or a queue. */
  async function answerCaller(call: Call) {
    if (call.answerSent) return;
    call.caller.send('answer', { callsid: call.sid, sdp: await call.answer });
    call.answerSent = true;
  }

  /** Waits `ms`, or less when the call is woken. */
  function pause(call: Call, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      call.wake = done;
      function done() {
        clearTimeout(timer);
        if (call.wake === done) call.wake = null;
        resolve();
      }
    });
  }

  function queueOf(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = { sid: `QU${randomBytes(16).toString('hex')}`, members: [] };
      queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Enqueue: the caller waits in the named queue, hearing what the waitUrl answers (asked again
   * each time it is done), until it says Leave, the caller hangs up, or the call is redirected
   * out (taken by someone, or the longest wait ran out). Then the action says what follows.
   */
  async function enqueue(call: Call, verb: Extract<Verb, { verb: 'Enqueue' }>): Promise<'leave' | 'hangup' | 'redirected'> {
    await answerCaller(call);
    const queue = queueOf(verb.name);
    queue.members.push(call);
    const since = Date.now();
    const waited = () => String(Math.floor((Date.now() - since) / 1000));
    const gone = () => call.ended || call.callerGone;
    let result: 'leave' | 'hangup' | 'redirected' = 'hangup';
    let stopMusic: (() => void) | null = null;
    try {
      for (;;) {
        if (gone()) return (result = 'hangup');
        if (call.redirect) return (result = 'redirected');
        const verbs = verb.waitUrl
          ? await fetchTwiml(verb.waitUrl, {
              ...baseParams(call),
              CallStatus: 'in-progress',
              QueueSid: queue.sid,
              QueueTime: waited(),
              QueuePosition: String(queue.members.indexOf(call) + 1),
              CurrentQueueSize: String(queue.members.length),
            })
          : [];
        let waitedHere = false;
        for (const v of verbs) {
          if (gone() || call.redirect) break;
          if (v.verb === 'Leave') return (result = 'leave');
          if (v.verb === 'Hangup') {
            endCall(call, 'completed');
            return (result = 'hangup');
          }
          if (v.verb === 'Say' || v.verb === 'Play') tell(call, v);
          if (v.verb === 'Play') stopMusic ??= playHoldMusic(call.media, v.url);
          if (v.verb === 'Play' || v.verb === 'Pause') {
            waitedHere = true;
            await pause(call, v.verb === 'Pause' ? v.seconds * 1000 : holdTrackMs);
          }
        }
        if (!waitedHere && !gone() && !call.redirect) await pause(call, holdTrackMs);
      }
    } finally {
      stopMusic?.();
      queue.members.splice(queue.members.indexOf(call), 1);
      if (verb.action && result !== 'redirected') {
        const params = {
          ...baseParams(call),
          CallStatus: result === 'hangup' ? 'completed' : 'in-progress',
          QueueResult: result,
          QueueSid: queue.sid,
          QueueTime: waited(),
        };
        call.queueAction = await fetchTwiml(verb.action, params);
      }
    }
  }

  async function fetchTwiml(url: string, params: Record<string, string>): Promise<Verb[]> {
    try {
      return parseTwiml(await post(absolute(url), params));
    } catch (err) {
      console.error('carrier: unreadable TwiML from', url, (err as Error).message);
      return [{ verb: 'Hangup' }];
    }
  }

  async function run(call: Call, verbs: Verb[], depth = 0): Promise<void> {
    for (const verb of verbs) {
      if (call.ended || call.callerGone) return;
      switch (verb.verb) {
        case 'Say':
        case 'Play':
          tell(call, verb);
          break;
        case 'Gather': {
          for (const prompt of verb.prompts) if (prompt.verb === 'Say' || prompt.verb === 'Play') tell(call, prompt);
          sendRinging(call);
          const digits = await gather(call, verb.numDigits, verb.timeoutSeconds);
          if (call.ended || call.callerGone) return endCall(call, 'completed');
          // No digits: on to the next verb, as Twilio does.
          if (digits && verb.action)
            return run(call, await fetchTwiml(verb.action, { ...baseParams(call), CallStatus: 'in-progress', Digits: digits }), depth + 1);
          break;
        }
        case 'Pause':
          break;
        case 'Leave':
          break;
        case 'Enqueue': {
          call.queueAction = null;
          const result = await enqueue(call, verb);
          if (result === 'redirected' && call.redirect && !call.callerGone) {
            const url = call.redirect;
            call.redirect = null;
            return run(call, await fetchTwiml(url, { ...baseParams(call), CallStatus: 'in-progress' }), depth + 1);
          }
          if (result === 'hangup' || call.ended || call.callerGone) return endCall(call, 'completed');
          // Left the queue: what the action says, else the verbs after Enqueue.
          if (call.queueAction) return run(call, call.queueAction, depth + 1);
          break;
        }
        case 'Reject':
          return endCall(call, verb.reason === 'busy' ? 'busy' : 'failed');
        case 'Hangup':
          return endCall(call, 'completed');
        case 'Redirect':
          if (depth > 20) return endCall(call, 'failed');
          return run(call, await fetchTwiml(verb.url, { ...baseParams(call), CallStatus: 'in-progress' }), depth + 1);
        case 'Record': {
          // The call is answered so the caller's voice reaches us; it is kept until they hang up or the time is up.
          const recorder = new Recorder();
          const stop = call.media.onFrame((f) => recorder.push(0, f));
          await answerCaller(call);
          // Until the time is up, or the caller hangs up (which wakes the call).
          await pause(call, verb.maxLengthSeconds * 1000);
          stop();
          const dir = recordingsDir();
          const { seconds } = dir ? recorder.finish(dir) : { seconds: 0 };
          const params = {
            ...baseParams(call),
            RecordingSid: recorder.sid,
            RecordingDuration: String(seconds),
            RecordingStatus: 'completed',
            RecordingUrl: `${publicUrl}/api/carrier/recordings/${recorder.sid}`,
          };
          if (verb.recordingStatusCallback && dir) void post(absolute(verb.recordingStatusCallback), params);
          if (call.callerGone || call.ended) return endCall(call, 'completed');
          if (verb.action) return run(call, await fetchTwiml(verb.action, { ...params, CallStatus: 'in-progress' }), depth + 1);
          break;
        }
        case 'Dial': {
          if (verb.conference) {
            await joinConference(call, verb.conference);
            if (call.redirect && !call.callerGone && !call.ended) {
              const url = call.redirect;
              call.redirect = null;
              return run(call, await fetchTwiml(url, { ...baseParams(call), CallStatus: 'in-progress' }), depth + 1);
            }
            break;
          }
          const result = await dial(call, verb);
          if (call.redirect && !call.callerGone) {
            const url = call.redirect;
            call.redirect = null;
            return run(call, await fetchTwiml(url, { ...baseParams(call), CallStatus: 'in-progress' }), depth + 1);
          }
          const bridged = result.status === 'completed';
          if (verb.action) {
            const next = await fetchTwiml(verb.action, {
              ...baseParams(call),
              CallStatus: call.callerGone ? 'completed' : 'in-progress',
              DialCallStatus: result.status,
              DialCallDuration: String(result.duration),
            });
            // Once the caller left, the call ends whatever the action says; else it goes on as it says
            // (a bridged call's action hangs up, unless the call moved into a conference).
            if (call.callerGone) return endCall(call, 'completed');
            if (depth > 20) return endCall(call, 'failed');
            return run(call, next, depth + 1);
          }
          if (bridged || call.callerGone) return endCall(call, 'completed');
          break;
        }
      }
    }
    endCall(call, 'completed');
  }

  /** Tells the conference's statusCallback what happened, in order. */
  function announce(room: ConferenceRoom, event: ConferenceEvent, member: Member) {
    if (event === 'conference-end' && rooms.get(room.name) === room) rooms.delete(room.name);
    if (!member.statusCallback) return;
    const params: Record<string, string> = {
      AccountSid: ACCOUNT_SID,
      ConferenceSid: room.sid,
      FriendlyName: room.name,
      StatusCallbackEvent: event,
      CallSid: member.callSid,
      Hold: String(member.hold),
      Muted: String(member.muted),
      Coaching: String(member.coach !== null),
      ...(member.coach ? { CallSidToCoach: member.coach } : {}),
      Timestamp: new Date().toUTCString(),
    };
    const url = absolute(member.statusCallback);
    const next = (roomPosts.get(room.sid) ?? Promise.resolve()).then(() => post(url, params)).catch(() => undefined);
    roomPosts.set(room.sid, next);
    if (event === 'conference-end') void next.then(() => roomPosts.get(room.sid) === next && roomPosts.delete(room.sid));
  }

  /** The call joins the named conference until it leaves (hangs up, is removed, redirected, or the conference ends). */
  async function joinConference(call: Call, noun: ConferenceNoun): Promise<void> {
    await answerCaller(call);
    if (call.ended || call.callerGone || call.redirect) return;
    let room = rooms.get(noun.name);
    if (!room) {
      room = new ConferenceRoom(noun.name, announce);
      rooms.set(noun.name, room);
    }
    const joined = room;
    // A recorded call's other side is now the mix it hears.
    const rec = call.recording;
    if (rec) {
      rec.stopAgency?.();
      rec.stopAgency = null;
      rec.recorder.align();
    }
    await new Promise<void>((resolve) => {
      const member: Member = {
        callSid: call.sid,
        media: call.media,
        muted: noun.muted,
        hold: false,
        speaking: false,
        coach: noun.coach,
        statusCallback: noun.statusCallback,
        leave: () => {
          if (call.wake === member.leave) call.wake = null;
          joined.leave(call.sid);
          resolve();
        },
        onMix: (frame) => call.recording?.recorder.push(1, frame),
      };
      call.wake = member.leave;
      joined.join(member);
    });
  }

  function roomOf(name: string): ConferenceRoom {
    const room = rooms.get(name);
    if (!room) throw new Error('That conference is not in progress');
    return room;
  }

  /** A call the carrier places ends before anyone answered it. */
  function finishOutgoing(out: Outgoing, status: DialStatus) {
    if (out.finished) return;
    out.finished = true;
    outgoing.delete(out.sid);
    if (out.timer) clearTimeout(out.timer);
    for (const f of out.forks) {
      if (f.state === 'ringing') f.peer.send('cancel', { callsid: f.sid });
      f.state = 'ended';
      f.media.close();
    }
    if (out.statusCallback)
      void post(absolute(out.statusCallback), {
        AccountSid: ACCOUNT_SID,
        CallSid: out.sid,
        From: out.from,
        To: out.to,
        Direction: 'outbound-api',
        CallStatus: status,
      });
  }

  /** Someone answered a call the carrier placed: it becomes a call, and does what it was placed for. */
  function answerOutgoing(out: Outgoing, peer: SignalPeer, sdp: string) {
    const fork = out.forks.find((f) => f.peer === peer && f.state === 'ringing');
    if (!fork || out.finished) {
      peer.send('hangup', { callsid: out.sid });
      return;
    }
    fork.state = 'answered';
    out.finished = true;
    outgoing.delete(out.sid);
    if (out.timer) clearTimeout(out.timer);
    for (const f of out.forks) {
      if (f === fork || f.state !== 'ringing') continue;
      f.state = 'ended';
      f.peer.send('cancel', { callsid: f.sid });
      f.media.close();
    }
    const call = newCall({
      sid: out.sid,
      caller: peer,
      callerSid: out.sid,
      media: fork.media,
      answer: Promise.resolve(''),
      from: out.from,
      to: out.to,
      params: {},
      ringingSent: true,
      answerSent: true,
    });
    calls.set(call.sid, call);
    fork.media.accept(sdp).then(
      () => {
        if (out.statusCallback)
          void post(absolute(out.statusCallback), {
            AccountSid: ACCOUNT_SID,
            CallSid: out.sid,
            From: out.from,
            To: out.to,
            Direction: 'outbound-api',
            CallStatus: 'in-progress',
          });
        void run(call, out.verbs);
      },
      () => endCall(call, 'failed'),
    );
  }

  function placeCall(options: ParticipantCall, verbs: Verb[]): string {
    const sid = newCallSid();
    const target: DialTarget = options.to.startsWith('client:')
      ? { kind: 'client', value: options.to.slice('client:'.length), statusCallback: null, parameters: options.parameters ?? {} }
      : { kind: 'number', value: options.to, statusCallback: null, parameters: {} };
    const identity = target.kind === 'client' ? target.value : `${SIM_PREFIX}${target.value}`;
    const forks: Fork[] = peersOf(identity).map((peer) => ({ sid, peer, target, state: 'ringing', media: new MediaLeg() }));
    // A phone played for the calling number's agency rings too, once the carrier has said whose number it is.
    void callerOf([options.from], [target]).then((caller) => {
      if (caller === null || out.finished) return;
      for (const peer of peersOf(identity, caller)) {
        if (forks.some((f) => f.peer === peer)) continue;
        const f: Fork = { sid, peer, target, state: 'ringing', media: new MediaLeg() };
        forks.push(f);
        invite(f);
      }
    });
    const out: Outgoing = {
      sid,
      from: options.from,
      to: options.to,
      forks,
      timer: null,
      verbs,
      statusCallback: options.statusCallback ?? null,
      finished: false,
    };
    outgoing.set(sid, out);
    // Staff who are not online cannot be rung; a phone number rings out.
    if (!forks.length && target.kind === 'client') {
      setImmediate(() => finishOutgoing(out, 'no-answer'));
      return sid;
    }
    const custom = new URLSearchParams(target.parameters).toString();
    function invite(f: Fork) {
      f.media.offer().then(
        (sdp) =>
          f.state === 'ringing' &&
          f.peer.send('invite', {
            callsid: sid,
            sdp,
            parameters: { CallSid: sid, AccountSid: ACCOUNT_SID, From: options.from, To: options.to, ...(custom ? { Params: custom } : {}) },
          }),
        () => {
          f.state = 'ended';
          f.media.close();
          if (forks.every((x) => x.state === 'ended')) finishOutgoing(out, 'failed');
        },
      );
    }
    for (const f of forks) invite(f);
    out.timer = setTimeout(() => finishOutgoing(out, 'no-answer'), (options.timeoutSeconds ?? 30) * 1000);
    out.timer.unref();
    return sid;
  }

  /** Peer events about a call the carrier placed (answer, reject); false when the call is not one. */
  function handleOutgoing(peer: SignalPeer, type: string, payload: Record<string, unknown>): boolean {
    const out = outgoing.get(String(payload.callsid ?? ''));
    if (!out || !out.forks.some((f) => f.peer === peer)) return false;
    if (type === 'answer') answerOutgoing(out, peer, String(payload.sdp ?? ''));
    else if (type === 'reject' || type === 'hangup') {
      const fork = out.forks.find((f) => f.peer === peer && f.state === 'ringing');
      if (fork) {
        fork.state = 'ended';
        fork.media.close();
      }
      if (out.forks.every((f) => f.state === 'ended')) finishOutgoing(out, 'busy');
    }
    return true;
  }

  /** The answering leg of a Dial becomes a call of its own, running `url`; the caller's Dial ends. */
  function detach(parent: Call, fork: Fork, url: string) {
    const dialing = parent.dialing!;
    fork.detached = true;
    const call = newCall({
      sid: fork.sid,
      caller: fork.peer,
      callerSid: fork.sid,
      media: fork.media,
      answer: Promise.resolve(''),
      from: parent.from,
      to: parent.to,
      params: {},
      ringingSent: true,
      answerSent: true,
    });
    calls.set(call.sid, call);
    dialing.done('completed');
    void fetchTwiml(url, { ...baseParams(call), CallStatus: 'in-progress' }).then((verbs) => run(call, verbs));
  }

  function callOf(peer: SignalPeer, callsid: string): { call: Call; fork: Fork | null } | null {
    for (const call of calls.values()) {
      if (call.caller === peer && (call.callerSid === callsid || call.sid === callsid)) return { call, fork: null };
      const fork = call.dialing?.forks.find((f) => f.sid === callsid && f.peer === peer);
      if (fork) return { call, fork };
    }
    return null;
  }

  function stirVerstat(attest: string): string {
    return /^[ABC]$/.test(attest) ? `TN-Validation-Passed-${attest}` : attest === 'fail' ? 'TN-Validation-Failed' : 'No-TN-Validation';
  }

  function invite(peer: SignalPeer, payload: Record<string, unknown>) {
    const callerSid = String(payload.callsid ?? '');
    const sdp = String(payload.sdp ?? '');
    if (!callerSid || !sdp || !peer.identity) return;
    const twilio = (payload.twilio ?? {}) as { params?: string };
    const params = Object.fromEntries(new URLSearchParams(twilio.params ?? ''));
    const simulated = peer.identity.startsWith(SIM_PREFIX);
    // A simulator of one agency calls only that agency's numbers: the webhook names it (SimulatedFor), and the app checks.
    const [simNumber = '', simScope = ''] = simulated ? peer.identity.slice(SIM_PREFIX.length).split(SIM_SCOPE) : [];
    delete params.SimulatedFor;
    // The caller's attestation is the carrier's to say (StirVerstat, as Twilio posts it): a simulated
    // caller names the one it is to have (Attest: A, B, C or fail); nobody else sets it.
    const attest = params.Attest;
    delete params.Attest;
    delete params.StirVerstat;
    if (simulated && attest) params.StirVerstat = stirVerstat(attest);
    const to = params.To ?? '';
    const media = new MediaLeg();
    const call = newCall({
      sid: newCallSid(),
      caller: peer,
      callerSid,
      media,
      answer: media.answer(sdp),
      from: simulated ? simNumber : `client:${peer.identity}`,
      to,
      params,
    });
    calls.set(call.sid, call);
    // An offer we cannot answer ends the call before anyone is asked.
    call.answer.catch(() => {
      if (call.ended) return;
      call.dialing?.done('failed');
      endCall(call, 'failed');
    });
    const custom = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'To'));
    const url = simulated ? VOICE_PATHS.incoming : VOICE_PATHS.outgoing;
    void fetchTwiml(url, { ...custom, ...baseParams(call), CallStatus: 'ringing', ...(simScope ? { SimulatedFor: simScope } : {}) }).then((verbs) =>
      run(call, verbs),
    );
  }

  function answer(peer: SignalPeer, payload: Record<string, unknown>) {
    const found = callOf(peer, String(payload.callsid ?? ''));
    if (!found?.fork) return;
    const { call, fork } = found;
    const dialing = call.dialing;
    if (!dialing || fork.state !== 'ringing' || dialing.bridged) {
      peer.send('hangup', { callsid: fork.sid });
      return;
    }
    fork.state = 'answered';
    dialing.bridged = fork;
    dialing.bridgedAt = Date.now();
    if (dialing.timer) clearTimeout(dialing.timer);
    dialing.timer = null;
    for (const other of dialing.forks) {
      if (other === fork || other.state !== 'ringing') continue;
      other.state = 'ended';
      other.peer.send('cancel', { callsid: other.sid });
      other.media.close();
    }
    dialing.unbridge = bridge(call.media, fork.media);
    recordLeg(call, fork.media);
    Promise.all([fork.media.accept(String(payload.sdp ?? '')), call.answer]).then(
      ([, sdp]) => {
        if (call.dialing !== dialing || call.callerGone) return;
        // A transferred call is answered already: the caller simply hears the new leg.
        if (!call.answerSent) call.caller.send('answer', { callsid: call.sid, sdp });
        call.answerSent = true;
        legEvent(call, fork, 'in-progress');
      },
      () => {
        // The answering Device's SDP was unusable: that leg ends, and the call with it.
        fork.peer.send('hangup', { callsid: fork.sid });
        dialing.done('failed');
        endCall(call, 'failed');
      },
    );
  }

  function hangup(peer: SignalPeer, payload: Record<string, unknown>) {
    const found = callOf(peer, String(payload.callsid ?? ''));
    if (!found) return;
    const { call, fork } = found;
    if (!fork) {
      // The caller hung up: whoever was ringing or talking hears it end.
      call.callerGone = true;
      if (call.dialing?.bridged) {
        call.dialing.bridged.peer.send('hangup', { callsid: call.dialing.bridged.sid });
        call.dialing.done('completed');
      } else if (call.dialing) {
        call.dialing.done('canceled');
      } else {
        endCall(call, 'canceled');
      }
      return;
    }
    if (fork.state === 'answered') {
      // The answering side hung up: the caller's call ends with it.
      fork.state = 'ended';
      call.caller.send('hangup', { callsid: call.sid });
      call.callerGone = true;
      call.dialing?.done('completed');
    }
  }

  function reject(peer: SignalPeer, payload: Record<string, unknown>) {
    const found = callOf(peer, String(payload.callsid ?? ''));
    if (!found?.fork || found.fork.state !== 'ringing') return;
    found.fork.state = 'ended';
    const dialing = found.call.dialing;
    if (dialing && dialing.forks.every((f) => f.state === 'ended')) dialing.done('busy');
  }

  return {
    peers,
    handle(peer, type, payload) {
      if ((type === 'answer' || type === 'reject' || type === 'hangup') && handleOutgoing(peer, type, payload)) return;
      if (type === 'invite') invite(peer, payload);
      else if (type === 'answer') answer(peer, payload);
      else if (type === 'hangup') hangup(peer, payload);
      else if (type === 'reject') reject(peer, payload);
      else if (type === 'dtmf') {
        const found = callOf(peer, String(payload.callsid ?? ''));
        if (found && !found.fork) found.call.gathering?.add(String(payload.dtmf ?? ''));
      }
    },
    drop(peer) {
      peers.delete(peer);
      for (const out of [...outgoing.values()]) if (out.forks.some((f) => f.peer === peer)) handleOutgoing(peer, 'reject', { callsid: out.sid });
      for (const call of [...calls.values()]) {
        if (call.caller === peer) {
          hangup(peer, { callsid: call.callerSid });
          continue;
        }
        const fork = call.dialing?.forks.find((f) => f.peer === peer && f.state !== 'ended');
        if (fork?.state === 'answered') hangup(peer, { callsid: fork.sid });
        else if (fork) reject(peer, { callsid: fork.sid });
      }
    },
    record(callSid, url) {
      const call = calls.get(callSid);
      if (!call || call.ended) throw new Error('That call is not in progress');
      if (call.recording) return;
      const recorder = new Recorder();
      call.recording = { recorder, callback: url, stopAgency: null, stopCaller: call.media.onFrame((f) => recorder.push(0, f)) };
      const bridged = call.dialing?.bridged;
      if (bridged) recordLeg(call, bridged.media);
    },
    pauseRecording(callSid, paused) {
      const call = calls.get(callSid);
      if (!call?.recording) throw new Error('That call is not being recorded');
      call.recording.recorder.paused = paused;
    },
    redirect(callSid, url) {
      const call = calls.get(callSid);
      if (!call) {
        const parent = [...calls.values()].find((c) => c.dialing?.bridged?.sid === callSid && !c.callerGone);
        if (!parent) throw new Error('That call is not in progress');
        return detach(parent, parent.dialing!.bridged!, url);
      }
      if (call.ended || call.callerGone) throw new Error('That call is not in progress');
      call.redirect = url;
      call.wake?.();
      const dialing = call.dialing;
      if (!dialing) return;
      // Whoever the caller is talking to is let go; the caller stays on the line.
      if (dialing.bridged) dialing.bridged.peer.send('hangup', { callsid: dialing.bridged.sid });
      dialing.done('completed');
    },
    addParticipant(name, options) {
      const noun = { name, statusCallback: options.conferenceStatusCallback ?? null, coach: options.coach ?? null, muted: false, endConferenceOnExit: false };
      return placeCall(options, [{ verb: 'Dial', targets: [], conference: noun, timeoutSeconds: 30, action: null, callerId: null }]);
    },
    updateParticipant(name, callSid, change) {
      const room = roomOf(name);
      if (!room.members.has(callSid)) throw new Error('That participant is not in the conference');
      if (change.hold !== undefined) room.hold(callSid, change.hold, change.holdUrl ?? '');
      if (change.muted !== undefined) room.mute(callSid, change.muted);
    },
    removeParticipant(name, callSid) {
      const ringing = outgoing.get(callSid);
      if (ringing) return finishOutgoing(ringing, 'canceled');
      const member = roomOf(name).members.get(callSid);
      if (!member) throw new Error('That participant is not in the conference');
      member.leave();
    },
    endConference(name) {
      rooms.get(name)?.end();
    },
    routed(callSid) {
      for (const room of rooms.values()) if (room.members.has(callSid)) return room.routed(callSid);
      return null;
    },
    soundFrom: (callSid) => calls.get(callSid)?.media.soundFrames ?? 0,
    active: () => calls.size,
    close() {
      for (const out of [...outgoing.values()]) finishOutgoing(out, 'canceled');
      for (const call of [...calls.values()]) {
        call.dialing?.done('canceled');
        endCall(call, 'canceled');
      }
    },
  };
}
