import { randomUUID } from 'node:crypto';
import { CONFERENCE_MESSAGES, holdMusicTrack, type Conference, type ConferenceParticipant } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { VOICE_PATHS } from '../../providers/carrier/index';
import { clientName } from '../sms/service';
import { conferenceNameOf, locationFlow } from './flow';
import { isAccountUser } from '../users/membership';

/*
 * Conference calls (spec 000 "Conference", "Participant"). A two-party call becomes a conference
 * when someone adds a participant or holds the other side: the answering leg is redirected into a
 * room named after the call, and the caller's Dial, ending, follows it there (the Dial's action
 * answers with the same room). Both carriers then tell us who joined and left, and the rules live
 * here: the host hanging up ends the conference for everyone (Leave Call does not), and so does
 * the client being left without staff, or anyone being left alone.
 */
export interface ConferenceCall {
  id: string;
  accountId: string;
  callSid: string;
  legSid: string | null;
  direction: 'incoming' | 'outgoing';
  userId: string | null;
  clientId: string | null;
  phoneNumber: string;
  agencyNumber: string;
  conferenceName: string | null;
  onHold: boolean;
  locationId: string | null;
}

const CALL_COLUMNS = `c.id, c.account_id, c.call_sid, c.leg_sid, c.direction, c.user_id, c.client_id, c.phone_number, c.agency_number,
  c.conference_name, c.conference_on_hold, c.location_id`;
interface CallDbRow {
  id: string;
  account_id: string;
  call_sid: string;
  leg_sid: string | null;
  direction: 'incoming' | 'outgoing';
  user_id: string | null;
  client_id: string | null;
  phone_number: string;
  agency_number: string;
  conference_name: string | null;
  conference_on_hold: boolean;
  location_id: string | null;
}
const toCall = (r: CallDbRow): ConferenceCall => ({
  id: r.id,
  accountId: r.account_id,
  callSid: r.call_sid,
  legSid: r.leg_sid,
  direction: r.direction,
  userId: r.user_id,
  clientId: r.client_id,
  phoneNumber: r.phone_number,
  agencyNumber: r.agency_number,
  conferenceName: r.conference_name,
  onHold: r.conference_on_hold,
  locationId: r.location_id,
});

/** A call in progress of the account, by its id or the sid of any of its legs (a browser knows its own). */
export async function callInProgress(q: Queryable, accountId: string, idOrSid: string): Promise<ConferenceCall> {
  const byId = /^[0-9a-f-]{36}$/.test(idOrSid);
  const [row] = await q.query<CallDbRow>(
    `select ${CALL_COLUMNS} from calls c
      where c.account_id = $1 and c.status = 'in-progress'
        and (${byId ? 'c.id = $2::uuid' : `c.call_sid = $2 or c.leg_sid = $2 or exists (select 1 from call_participants p where p.call_id = c.id and p.call_sid = $2)`})`,
    [accountId, idOrSid],
  );
  if (!row) throw notFound(CONFERENCE_MESSAGES.notInProgress);
  return toCall(row);
}

/** The call a colleague is on (to coach them): theirs, in progress. */
export async function callOfUser(q: Queryable, accountId: string, userId: string): Promise<ConferenceCall> {
  const [row] = await q.query<CallDbRow>(
    `select ${CALL_COLUMNS} from calls c where c.account_id = $1 and c.status = 'in-progress' and c.user_id = $2::uuid and c.leg_sid is not null order by c.answered_at desc nulls last limit 1`,
    [accountId, userId],
  );
  if (!row) throw notFound(CONFERENCE_MESSAGES.notOnCall);
  return toCall(row);
}

export async function callById(q: Queryable, id: string): Promise<ConferenceCall | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await q.query<CallDbRow>(`select ${CALL_COLUMNS} from calls c where c.id = $1`, [id]);
  return row ? toCall(row) : null;
}

interface ParticipantRow {
  label: string;
  call_sid: string | null;
  user_id: string | null;
  phone_number: string | null;
  is_host: boolean;
  coaching: boolean;
  status: 'ringing' | 'joined' | 'left';
  on_hold: boolean;
  muted: boolean;
  leaving: boolean;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
}

async function participantRows(q: Queryable, callId: string): Promise<ParticipantRow[]> {
  return q.query<ParticipantRow>(
    `select p.label, p.call_sid, p.user_id, p.phone_number, p.is_host, p.coaching, p.status, p.on_hold, p.muted, p.leaving,
            u.first_name, u.last_name, u.avatar
       from call_participants p left join users u on u.id = p.user_id
      where p.call_id = $1 order by p.is_host desc, p.created_at, p.label`,
    [callId],
  );
}

/** The conference as the call panel shows it. */
export async function conferenceOf(q: Queryable, call: ConferenceCall): Promise<Conference> {
  const rows = await participantRows(q, call.id);
  const [extra] = await q.query<{ data: Record<string, string> | null; recording_status: string | null; status: string }>(
    'select cl.data, c.recording_status, c.status from calls c left join clients cl on cl.id = c.client_id where c.id = $1',
    [call.id],
  );
  const callerName = extra?.data ? clientName(extra.data, '') : '';
  const participants: ConferenceParticipant[] = rows.map((r) => ({
    label: r.label,
    type: r.user_id ? 'user' : 'client',
    status: r.status,
    isHost: r.is_host,
    muted: r.muted,
    onHold: r.on_hold,
    coaching: r.coaching,
    callSid: r.call_sid,
    userId: r.user_id,
    firstName: r.user_id ? (r.first_name ?? '') : r.phone_number === call.phoneNumber ? callerName : '',
    lastName: r.user_id ? (r.last_name ?? '') : '',
    phoneNumber: r.phone_number,
    avatar: r.user_id ? r.avatar : null,
  }));
  const recording = extra?.recording_status ?? null;
  return {
    phoneId: call.id,
    sid: call.conferenceName ?? '',
    hasRecording: recording !== null && recording !== 'deleted',
    isRecording: recording === 'in-progress',
    onHold: call.onHold,
    ended: extra?.status !== 'in-progress',
    participants,
  };
}

const changed = (deps: AppDeps, call: ConferenceCall) => deps.events.emit('conferenceChanged', { accountId: call.accountId, callId: call.id });

/**
 * Makes a two-party call in progress a conference: the staff member on it is the host. The
 * answering leg is redirected into the room; the caller's leg follows when its Dial ends.
 */
export async function convert(deps: AppDeps, call: ConferenceCall): Promise<ConferenceCall> {
  if (call.conferenceName) return call;
  if (!call.legSid) throw badRequest(CONFERENCE_MESSAGES.notInProgress);
  const name = conferenceNameOf(call.id);
  const claimed = await deps.db.query('update calls set conference_name = $2 where id = $1 and conference_name is null returning id', [call.id, name]);
  if (!claimed.length) return { ...call, conferenceName: name };
  const staffLeg = call.direction === 'incoming' ? call.legSid : call.callSid;
  const clientLeg = call.direction === 'incoming' ? call.callSid : call.legSid;
  if (call.userId) {
    await deps.db.query(
      `insert into call_participants (id, call_id, account_id, label, call_sid, user_id, is_host, status, joined_at) values ($1, $2, $3, $4, $5, $6, true, 'ringing', null)
       on conflict (call_id, label) do nothing`,
      [randomUUID(), call.id, call.accountId, `client:${call.userId}`, staffLeg, call.userId],
    );
  }
  await deps.db.query(
    `insert into call_participants (id, call_id, account_id, label, call_sid, phone_number, status) values ($1, $2, $3, $4, $5, $4, 'ringing')
     on conflict (call_id, label) do nothing`,
    [randomUUID(), call.id, call.accountId, call.phoneNumber, clientLeg],
  );
  try {
    await deps.carrier.redirectCall(call.legSid, `${VOICE_PATHS.conferenceJoin}?call=${call.id}`);
  } catch (err) {
    await deps.db.query('update calls set conference_name = null where id = $1', [call.id]);
    await deps.db.query('delete from call_participants where call_id = $1', [call.id]);
    throw badRequest(`${CONFERENCE_MESSAGES.notInProgress}. ${(err as Error).message}`);
  }
  changed(deps, call);
  return { ...call, conferenceName: name };
}

/** Whether `id` is a user of the account (not deleted). */
export async function isColleague(q: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  return isAccountUser(q, accountId, id);
}

/** Whom `to` names: a colleague of the account (not already on the call) or a number of 11 digits. */
async function target(q: Queryable, call: ConferenceCall, to: string): Promise<{ label: string; userId: string | null; number: string | null }> {
  const digits = to.replace(/\D/g, '');
  if (/^1\d{10}$/.test(digits) && !/^[0-9a-f-]{36}$/.test(to)) return { label: digits, userId: null, number: digits };
  if (!(await isColleague(q, call.accountId, to))) throw badRequest(CONFERENCE_MESSAGES.enterTarget);
  return { label: `client:${to}`, userId: to, number: null };
}

/** Calls someone into the conference (converting the call first); a coach is heard only by the person on the call. */
export async function addParticipant(deps: AppDeps, call: ConferenceCall, to: string, coach: boolean): Promise<void> {
  const who = await target(deps.db, call, to);
  const [present] = await deps.db.query<{ status: string }>("select status from call_participants where call_id = $1 and label = $2 and status <> 'left'", [
    call.id,
    who.label,
  ]);
  if (present || (who.userId && who.userId === call.userId)) throw badRequest(CONFERENCE_MESSAGES.alreadyOnCall);
  const converted = await convert(deps, call);
  const staffLeg = call.direction === 'incoming' ? call.legSid : call.callSid;
  const [names] = await deps.db.query<{ data: Record<string, string> | null; location_name: string | null }>(
    'select cl.data, l.name as location_name from calls c left join clients cl on cl.id = c.client_id left join account_locations l on l.id = c.location_id where c.id = $1',
    [call.id],
  );
  await deps.db.query(
    `insert into call_participants (id, call_id, account_id, label, user_id, phone_number, coaching, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'ringing')
     on conflict (call_id, label) do update set status = 'ringing', call_sid = null, coaching = excluded.coaching, on_hold = false, muted = false, leaving = false, joined_at = null, left_at = null`,
    [randomUUID(), call.id, call.accountId, who.label, who.userId, who.number, coach],
  );
  try {
    const sid = await deps.carrier.addParticipant(converted.conferenceName!, {
      to: who.userId ? `client:${who.userId}` : `+${who.number}`,
      from: `+${call.agencyNumber}`,
      coach: coach ? staffLeg : null,
      parameters: {
        callerName: clientName(names?.data ?? null, call.phoneNumber) || call.phoneNumber,
        clientId: call.clientId ?? '',
        location: names?.location_name ?? '',
        callId: call.id,
        callerNumber: call.phoneNumber,
        type: coach ? 'COACHING' : 'CONFERENCE',
      },
      statusCallback: `${VOICE_PATHS.conferenceCall}?call=${call.id}&label=${encodeURIComponent(who.label)}`,
      conferenceStatusCallback: `${VOICE_PATHS.conferenceEvent}?call=${call.id}`,
    });
    await deps.db.query("update call_participants set call_sid = $3 where call_id = $1 and label = $2 and status = 'ringing'", [call.id, who.label, sid]);
  } catch (err) {
    await deps.db.query("update call_participants set status = 'left', left_at = now() where call_id = $1 and label = $2", [call.id, who.label]);
    throw badRequest(`Unable to add participant. ${(err as Error).message}`);
  }
  changed(deps, call);
}

async function participant(q: Queryable, call: ConferenceCall, label: string): Promise<ParticipantRow> {
  const row = (await participantRows(q, call.id)).find((p) => p.label === label && p.status !== 'left');
  if (!row) throw notFound(CONFERENCE_MESSAGES.notParticipant);
  return row;
}

/** What a held participant hears: the location's hold music. */
async function holdUrl(q: Queryable, call: ConferenceCall): Promise<string> {
  const { flow } = await locationFlow(q, call.locationId);
  return holdMusicTrack(flow.holdMusic).url;
}

/** Holds, resumes, mutes or unmutes one participant; one still ringing is held once they join. */
export async function updateParticipant(deps: AppDeps, call: ConferenceCall, label: string, change: { onHold?: boolean; muted?: boolean }): Promise<void> {
  await participant(deps.db, call, label);
  const url = await holdUrl(deps.db, call);
  // One statement reads whether they are in the room as it records the change: a join racing it
  // either sees the change (and applies it) or is seen here. The carrier is told in the same turn.
  const [p] = await deps.db.query<{ status: string; call_sid: string | null }>(
    'update call_participants set on_hold = coalesce($3, on_hold), muted = coalesce($4, muted) where call_id = $1 and label = $2 returning status, call_sid',
    [call.id, label, change.onHold ?? null, change.muted ?? null],
  );
  if (p?.status === 'joined' && p.call_sid && call.conferenceName) {
    await deps.carrier.updateParticipant(call.conferenceName, p.call_sid, { hold: change.onHold, holdUrl: url, muted: change.muted });
  }
  changed(deps, call);
}

/** Holds (or resumes) everyone on the call but `userId`: the call becomes a conference to hold. */
export async function holdCall(deps: AppDeps, call: ConferenceCall, userId: string, onHold: boolean): Promise<ConferenceCall> {
  const converted = await convert(deps, call);
  await deps.db.query('update calls set conference_on_hold = $2 where id = $1', [call.id, onHold]);
  const url = await holdUrl(deps.db, call);
  // Each row's status is read by the statement that records the hold (see updateParticipant).
  const rows = await deps.db.query<{ status: string; call_sid: string | null }>(
    `update call_participants set on_hold = $3
      where call_id = $1 and status <> 'left' and not coaching and user_id is distinct from $2::uuid
      returning status, call_sid`,
    [call.id, userId, onHold],
  );
  for (const p of rows) {
    if (p.status === 'joined' && p.call_sid)
      await deps.carrier.updateParticipant(converted.conferenceName!, p.call_sid, { hold: onHold, holdUrl: url }).catch(() => undefined);
  }
  changed(deps, call);
  return { ...converted, onHold };
}

/** Takes a participant out (or stops ringing them); `leaving` says they left on purpose, so the conference goes on. */
export async function removeParticipant(deps: AppDeps, call: ConferenceCall, label: string, leaving = false): Promise<void> {
  const p = await participant(deps.db, call, label);
  await deps.db.query('update call_participants set leaving = $3 where call_id = $1 and label = $2', [call.id, label, leaving]);
  if (p.call_sid && call.conferenceName) {
    try {
      await deps.carrier.removeParticipant(call.conferenceName, p.call_sid);
    } catch {
      // already gone at the carrier: the row is settled below
    }
  }
  if (p.status === 'ringing')
    await deps.db.query("update call_participants set status = 'left', left_at = now() where call_id = $1 and label = $2", [call.id, label]);
  changed(deps, call);
}

/**
 * What the carrier told about the conference: participants joining (held at once if they were
 * held while ringing) and leaving; then whether the conference should end.
 */
export async function conferenceEvent(deps: AppDeps, call: ConferenceCall, event: string, callSid: string): Promise<void> {
  if (event === 'participant-speech-start' || event === 'participant-speech-stop') {
    const [p] = await deps.db.query<{ label: string }>('select label from call_participants where call_id = $1 and call_sid = $2', [call.id, callSid]);
    if (p)
      deps.events.emit('conferenceSpeaking', { accountId: call.accountId, callId: call.id, label: p.label, speaking: event === 'participant-speech-start' });
    return;
  }
  if (event === 'participant-join') {
    // The hold music is looked up first: whoever reads the row as joined and held (or muted) finds
    // the carrier told already, with no query between the two.
    const url = await holdUrl(deps.db, call);
    const [p] = await deps.db.query<{ on_hold: boolean; muted: boolean }>(
      "update call_participants set status = 'joined', joined_at = coalesce(joined_at, now()) where call_id = $1 and call_sid = $2 and status <> 'left' returning on_hold, muted",
      [call.id, callSid],
    );
    if (p && call.conferenceName && (p.on_hold || p.muted)) {
      await deps.carrier
        .updateParticipant(call.conferenceName, callSid, { hold: p.on_hold || undefined, holdUrl: url, muted: p.muted || undefined })
        .catch(() => undefined);
    }
  } else if (event === 'participant-leave') {
    const [gone] = await deps.db.query<{ is_host: boolean; leaving: boolean }>(
      "update call_participants set status = 'left', left_at = now() where call_id = $1 and call_sid = $2 and status <> 'left' returning is_host, leaving",
      [call.id, callSid],
    );
    if (gone && call.conferenceName && (await shouldEnd(deps.db, call, gone))) await deps.carrier.endConference(call.conferenceName).catch(() => undefined);
  } else if (event === 'conference-end') {
    await deps.db.query("update call_participants set status = 'left', left_at = coalesce(left_at, now()) where call_id = $1 and status <> 'left'", [call.id]);
  }
  changed(deps, call);
}

/** A participant's own call was not answered (busy, no answer, failed): they never joined. */
export async function participantCallEnded(deps: AppDeps, call: ConferenceCall, label: string, status: string): Promise<void> {
  if (!['busy', 'no-answer', 'failed', 'canceled'].includes(status)) return;
  await deps.db.query("update call_participants set status = 'left', left_at = now() where call_id = $1 and label = $2 and status = 'ringing'", [
    call.id,
    label,
  ]);
  const [alone] = await deps.db.query<{ n: number }>(
    "select count(*)::int as n from call_participants where call_id = $1 and status <> 'left' and not coaching",
    [call.id],
  );
  if ((alone?.n ?? 0) < 2 && call.conferenceName) await deps.carrier.endConference(call.conferenceName).catch(() => undefined);
  changed(deps, call);
}

/** The host hanging up ends it; so does the client left without staff, or one person left alone. */
async function shouldEnd(q: Queryable, call: ConferenceCall, gone: { is_host: boolean; leaving: boolean }): Promise<boolean> {
  if (gone.is_host && !gone.leaving) return true;
  const rows = (await participantRows(q, call.id)).filter((p) => p.status !== 'left');
  const talking = rows.filter((p) => !p.coaching);
  if (!talking.some((p) => p.user_id)) return true;
  return talking.length < 2;
}
