import { createRequire } from 'node:module';
import {
  holdMusicTrack,
  ivrMenuText,
  parseCallFlow,
  parseOfficeHours,
  type CallFlow,
  type CallerVerification,
  type FlowMessage,
  type RingGroup,
} from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { VOICE_PATHS } from '../../providers/carrier/index';

/*
 * The call-flow engine: what happens to a call, as TwiML, for both carriers (spec 002 CallFlow,
 * OfficeHours; spec 000 §4). Inbound: a blocked caller is rejected; outside office hours or on a
 * holiday the closed message plays; otherwise the location's ring groups ring in turn (each for
 * its timeout, `repeat` times), then the caller waits in the location's queue when it has one
 * (hold music, until someone takes the call or the longest wait runs out), then the voicemail
 * message plays and the call is logged missed.
 */
const require = createRequire(import.meta.url);
type VoiceResponseClass = new () => {
  say(attrs: Record<string, string>, text: string): void;
  play(attrs: Record<string, string>, url: string): void;
  reject(attrs?: Record<string, string>): void;
  gather(attrs: Record<string, unknown>): { say(attrs: Record<string, string>, text: string): void; play(attrs: Record<string, string>, url: string): void };
  redirect(attrs: Record<string, string>, url: string): void;
  record(attrs: Record<string, unknown>): void;
  enqueue(attrs: Record<string, string>, name: string): void;
  leave(): void;
  hangup(): void;
  dial(attrs: Record<string, unknown>): {
    client(attrs: Record<string, string>): { identity(id: string): void; parameter(attrs: { name: string; value: string }): void };
    number(attrs: Record<string, string>, number: string): void;
    conference(attrs: Record<string, string>, name: string): void;
  };
  toString(): string;
};
const VoiceResponse = require('twilio/lib/twiml/VoiceResponse') as VoiceResponseClass;

const voiceOf = (flow: CallFlow) => (flow.voice === 'man' ? 'man' : 'woman');

function speak(res: InstanceType<VoiceResponseClass>, flow: CallFlow, message: FlowMessage | undefined) {
  if (!message || message.type === 'disabled') return;
  if (message.type === 'text') res.say({ voice: voiceOf(flow) }, message.message);
  else res.play({}, message.url);
}

export const twimlReject = () => {
  const res = new VoiceResponse();
  res.reject();
  return res.toString();
};
export const twimlEmpty = () => new VoiceResponse().toString();

export interface InboundCall {
  callId: string;
  callerNumber: string;
  callerName: string;
  clientId: string | null;
  locationId: string | null;
  locationName: string;
  /** What the carrier said of the caller, shown beside their name. */
  verification?: CallerVerification | null;
}

export interface LocationFlow {
  flow: CallFlow;
  officeHours: string | null;
  timezone: string;
}

export async function locationFlow(q: Queryable, locationId: string | null): Promise<LocationFlow> {
  if (!locationId) return { flow: parseCallFlow(null), officeHours: null, timezone: 'America/Chicago' };
  const [row] = await q.query<{ call_flow: string | null; office_hours: string | null; timezone: string }>(
    'select call_flow, office_hours, timezone from account_locations where id = $1',
    [locationId],
  );
  return { flow: parseCallFlow(row?.call_flow ?? null), officeHours: row?.office_hours ?? null, timezone: row?.timezone ?? 'America/Chicago' };
}

/** Whether the location answers with a menu of named groups. */
export const hasMenu = (flow: CallFlow) => Object.keys(flow.ivr).length > 0;

/**
 * The menu: the welcome message and the extensions, while the caller may press one; with no press
 * the call goes on to the main groups.
 */
export function twimlMenu(callId: string, flow: CallFlow): string {
  const res = new VoiceResponse();
  const gather = res.gather({ numDigits: 1, timeout: 6, action: `${VOICE_PATHS.ivr}?call=${callId}` });
  const welcome = flow.messages.welcomeMessage;
  if (welcome?.type === 'text') gather.say({ voice: voiceOf(flow) }, welcome.message);
  else if (welcome?.type === 'recording') gather.play({}, welcome.url);
  const notice = flow.recordCalls ? flow.messages.recordCallMessage : undefined;
  if (notice?.type === 'text') gather.say({ voice: voiceOf(flow) }, notice.message);
  else if (notice?.type === 'recording') gather.play({}, notice.url);
  const menu = flow.messages.extensionsMessage;
  if (menu?.type === 'text') gather.say({ voice: voiceOf(flow) }, menu.message);
  else if (menu?.type === 'recording') gather.play({}, menu.url);
  else if (!menu) gather.say({ voice: voiceOf(flow) }, ivrMenuText(flow));
  res.redirect({ method: 'POST' }, `${VOICE_PATHS.ivr}?call=${callId}`);
  return res.toString();
}

/** The named group a key press chooses ('main' when none does). */
export function ivrChoice(flow: CallFlow, digits: string | undefined): string {
  return Object.entries(flow.ivr).find(([, g]) => g.extension === digits)?.[0] ?? 'main';
}

/** The closed message, then the end of the call. */
export function twimlClosed(officeHours: string | null, flow: CallFlow): string {
  const res = new VoiceResponse();
  speak(res, flow, parseOfficeHours(officeHours).closedMessage);
  res.hangup();
  return res.toString();
}

/**
 * The ring groups to work through: the location's, or when none names anyone, one group of the
 * location's staff (everyone in the account when nobody is placed at a location).
 */
export async function ringGroups(q: Queryable, accountId: string, locationId: string | null, flow: CallFlow, ivr = 'main'): Promise<RingGroup[]> {
  // A named group rings its own groups; one that names nobody falls back to the main ones.
  const named = (flow.ivr[ivr]?.groups ?? []).filter((g) => g.users.length && g.timeout > 0);
  if (named.length) return named;
  const configured = flow.groups.filter((g) => g.users.length && g.timeout > 0);
  if (configured.length) return configured;
  const users = await q.query<{ id: string }>(
    `select u.id from users u
      where u.account_id = $1 and u.deleted_at is null and u.role <> 'super'
        and ($2::uuid is null or not exists (select 1 from user_locations ul where ul.user_id = u.id)
             or exists (select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = $2))
      order by u.created_at`,
    [accountId, locationId],
  );
  return [{ timeout: 30, repeat: 1, users: users.map((u) => ({ id: u.id, format: 'softphone' })) }];
}

/** Who of a ring group is rung, and where: their browser phone, or a number (their profile's phone, or one the group names). */
export type RingTarget = { userId: string; number: string | null };

/** The members of a ring group that can be rung (only the available ones when the flow says so). */
async function ringable(q: Queryable, accountId: string, group: RingGroup, flow: CallFlow): Promise<RingTarget[]> {
  const ids = group.users.map((u) => u.id);
  if (!ids.length) return [];
  const rows = await q.query<{ id: string; phone: string | null }>(
    `select id, phone from users where account_id = $1 and id = any($2::uuid[]) and deleted_at is null and ($3::boolean is false or phone_status = 'available')`,
    [accountId, ids, flow.ringWhenAvailable],
  );
  const allowed = new Map(rows.map((r) => [r.id, r.phone]));
  const targets: RingTarget[] = [];
  for (const u of group.users) {
    if (!allowed.has(u.id)) continue;
    if (u.format === 'softphone') targets.push({ userId: u.id, number: null });
    else {
      const digits = (u.format === 'mobile' ? (allowed.get(u.id) ?? '') : u.format).replace(/\D/g, '');
      const number = digits.length === 10 ? `1${digits}` : digits;
      // Someone whose profile has no phone cannot be reached on it.
      if (/^1\d{10}$/.test(number)) targets.push({ userId: u.id, number });
    }
  }
  return targets;
}

/** Where a ring group step stands: group index and the attempt within it (1-based). */
export interface RingStep {
  group: number;
  attempt: number;
}

export function nextStep(groups: RingGroup[], step: RingStep): RingStep | null {
  const group = groups[step.group];
  if (group && step.attempt < group.repeat) return { group: step.group, attempt: step.attempt + 1 };
  if (step.group + 1 < groups.length) return { group: step.group + 1, attempt: 1 };
  return null;
}

/** What a ring step came to: someone's phone rings, the caller waits in the queue, or voicemail. */
export type RingOutcome = 'rang' | 'queued' | 'voicemail';

/**
 * Rings one step of the ring groups; with nobody to ring, the next step; after the last, the
 * location's queue when it has one, else voicemail.
 */
export async function twimlRing(
  q: Queryable,
  accountId: string,
  call: InboundCall,
  lf: LocationFlow,
  step: RingStep,
  welcome: boolean,
  ivr = 'main',
): Promise<{ twiml: string; outcome: RingOutcome }> {
  const groups = await ringGroups(q, accountId, call.locationId, lf.flow, ivr);
  const res = new VoiceResponse();
  if (welcome) {
    speak(res, lf.flow, lf.flow.messages.welcomeMessage);
    if (lf.flow.recordCalls) speak(res, lf.flow, lf.flow.messages.recordCallMessage);
  }
  for (let at: RingStep | null = step; at; at = nextStep(groups, at)) {
    const group = groups[at.group];
    if (!group) break;
    const targets = await ringable(q, accountId, group, lf.flow);
    if (!targets.length) continue;
    const dial = res.dial({
      timeout: group.timeout,
      action: `${VOICE_PATHS.dialAction}?call=${call.callId}&group=${at.group}&attempt=${at.attempt}&ivr=${encodeURIComponent(ivr)}`,
      answerOnBridge: true,
    });
    for (const t of targets) {
      const events = `${VOICE_PATHS.dialEvent}?call=${call.callId}`;
      // A number that answers is the person it belongs to in the log.
      if (t.number) dial.number({ statusCallback: `${events}&user=${t.userId}`, statusCallbackEvent: 'answered completed' }, `+${t.number}`);
      else ringClient(dial, t.userId, call, events, lf.flow.ivr[ivr]?.label);
    }
    return { twiml: res.toString(), outcome: 'rang' };
  }
  if (lf.flow.queue.enabled && call.locationId) {
    enqueue(res, call.callId, call.locationId);
    return { twiml: res.toString(), outcome: 'queued' };
  }
  voicemail(res, lf.flow, call.callId);
  return { twiml: res.toString(), outcome: 'voicemail' };
}

/** The carrier's name for a location's queue. */
export const queueName = (locationId: string) => `queue-${locationId}`;

function enqueue(res: InstanceType<VoiceResponseClass>, callId: string, locationId: string) {
  res.enqueue(
    { waitUrl: `${VOICE_PATHS.queueWait}?call=${callId}`, waitUrlMethod: 'POST', action: `${VOICE_PATHS.queueLeft}?call=${callId}`, method: 'POST' },
    queueName(locationId),
  );
}

/** The caller goes (back) into the location's queue. */
export function twimlEnqueue(callId: string, locationId: string): string {
  const res = new VoiceResponse();
  enqueue(res, callId, locationId);
  return res.toString();
}

export const QUEUE_GREETING = (position: number) =>
  `All of our team members are helping other callers. You are number ${position} in line. Please stay on the line.`;

/**
 * What a caller in the queue hears (the waitUrl): on joining, their place in line; then the
 * location's hold music; once they have waited the longest wait, they leave the queue.
 */
export function twimlHold(flow: CallFlow, queueSeconds: number, position: number): string {
  const res = new VoiceResponse();
  if (queueSeconds >= flow.queue.maxWait) {
    res.leave();
    return res.toString();
  }
  if (queueSeconds < 1) res.say({ voice: voiceOf(flow) }, QUEUE_GREETING(Math.max(1, position)));
  res.play({}, holdMusicTrack(flow.holdMusic).url);
  return res.toString();
}

/** A queued call someone took: their phone rings with it (the caller's details, and that it came from the queue). */
export function twimlTake(call: InboundCall, userId: string): string {
  const res = new VoiceResponse();
  const dial = res.dial({ timeout: 30, action: `${VOICE_PATHS.dialAction}?call=${call.callId}&taken=1`, answerOnBridge: true });
  ringClient(dial, userId, call, `${VOICE_PATHS.dialEvent}?call=${call.callId}`, '', true);
  return res.toString();
}

/** The voicemail greeting and the caller's message (up to 2 minutes); no greeting set means no voicemail. */
function voicemail(res: InstanceType<VoiceResponseClass>, flow: CallFlow, callId: string) {
  const greeting = flow.messages.voicemailMessage;
  if (greeting && greeting.type !== 'disabled') {
    speak(res, flow, greeting);
    res.record({ maxLength: VOICEMAIL_MAX_SECONDS, playBeep: true, recordingStatusCallback: `${VOICE_PATHS.recording}?call=${callId}&voicemail=1` });
  }
  res.hangup();
}

export const VOICEMAIL_MAX_SECONDS = 120;

/** Voicemail, then the end of the call. */
export function twimlVoicemail(flow: CallFlow, callId: string): string {
  const res = new VoiceResponse();
  voicemail(res, flow, callId);
  return res.toString();
}

function ringClient(
  dial: ReturnType<InstanceType<VoiceResponseClass>['dial']>,
  userId: string,
  call: InboundCall,
  events: string,
  ivrLabel = '',
  fromQueue = false,
) {
  const client = dial.client({ statusCallback: events, statusCallbackEvent: 'answered completed' });
  client.identity(userId);
  client.parameter({ name: 'callerName', value: call.callerName });
  client.parameter({ name: 'clientId', value: call.clientId ?? '' });
  client.parameter({ name: 'location', value: call.locationName });
  client.parameter({ name: 'callId', value: call.callId });
  if (call.verification) client.parameter({ name: 'verification', value: call.verification });
  if (ivrLabel) client.parameter({ name: 'ivr', value: ivrLabel });
  if (fromQueue) client.parameter({ name: 'queue', value: '1' });
}

/** A cold transfer: the caller is put through to a colleague (a user id) or a number (11 digits). */
export function twimlTransfer(call: InboundCall, to: string): string {
  const res = new VoiceResponse();
  const dial = res.dial({ timeout: 30, action: `${VOICE_PATHS.dialAction}?call=${call.callId}&transfer=1`, answerOnBridge: true });
  const events = `${VOICE_PATHS.dialEvent}?call=${call.callId}&transfer=1`;
  if (/^1\d{10}$/.test(to)) dial.number({ statusCallback: events, statusCallbackEvent: 'answered completed' }, `+${to}`);
  else ringClient(dial, to, call, events);
  return res.toString();
}

/** An outbound call from a Device: the agency's number calls the client's. */
export function twimlOutbound(callId: string, callerId: string, to: string): string {
  const res = new VoiceResponse();
  const dial = res.dial({ callerId, timeout: 30, action: `${VOICE_PATHS.dialAction}?call=${callId}&out=1`, answerOnBridge: true });
  dial.number({ statusCallback: `${VOICE_PATHS.dialEvent}?call=${callId}`, statusCallbackEvent: 'answered completed' }, to);
  return res.toString();
}

/** A call to a colleague: their Devices ring with the caller's name. */
export function twimlPeer(userId: string, callerName: string): string {
  const res = new VoiceResponse();
  const client = res.dial({ timeout: 30, answerOnBridge: true }).client({});
  client.identity(userId);
  client.parameter({ name: 'callerName', value: callerName });
  return res.toString();
}

/** A call's conference room at the carrier. */
export const conferenceNameOf = (callId: string) => `conf-${callId}`;

/** Puts the call in its conference (named after the call); the room tells us who joins and leaves. */
export function twimlConference(callId: string): string {
  const res = new VoiceResponse();
  res.dial({}).conference(
    {
      statusCallback: `${VOICE_PATHS.conferenceEvent}?call=${callId}`,
      statusCallbackEvent: 'join leave end hold mute speaker',
      startConferenceOnEnter: 'true',
      endConferenceOnExit: 'false',
      beep: 'false',
      waitUrl: '',
    },
    conferenceNameOf(callId),
  );
  return res.toString();
}
