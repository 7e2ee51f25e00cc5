import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordsCalls, type CallFlow, type CallerVerification } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { verifiedCarrierParams } from '../../http/carrierWebhooks';
import { VOICE_PATHS } from '../../providers/carrier/index';
import { sendAutomatedText } from '../sms/outbound';
import { clientName, toDigits } from '../sms/service';
import {
  hasMenu,
  ivrChoice,
  locationFlow,
  nextStep,
  ringGroups,
  twimlClosed,
  twimlConference,
  twimlEmpty,
  twimlEnqueue,
  twimlHold,
  twimlOutbound,
  twimlPeer,
  twimlReject,
  twimlRing,
  twimlMenu,
  twimlTake,
  twimlTransfer,
  twimlVoicemail,
  type InboundCall,
  type LocationFlow,
  type RingOutcome,
} from './flow';
import { routeInbound } from '../numberOwnership/ownership';
import { officeState } from '../locations/officeState';
import { enterQueue, leaveQueue } from './queues';
import { callById as conferenceCall, conferenceEvent, participantCallEnded } from './conferences';
import { callBySid, clientByPhone, logCall } from './service';
import { isAccountUser } from '../users/membership';
import { touchLastContact } from '../clientStore/store';
import { callerVerification } from './verification';

/*
 * The carrier's voice webhooks (the same for the local carrier and Twilio, signed alike):
 * - incoming: a call to an agency number; the call-flow engine answers with TwiML;
 * - outgoing: a Device placed a call (From=client:{userId});
 * - dial: a Dial ended (answered and hung up, not answered, busy, or the caller left);
 * - dial-event: a dialled leg was answered or completed (who took the call);
 * - status: the call ended;
 * - queue-wait, queue-left, queue-take: a caller on hold in a location's queue.
 * Each call is one row of the call log, found again by its CallSid when Twilio retries.
 */
const xml = (reply: FastifyReply, twiml: string) => reply.type('text/xml').send(twiml);

interface CallContext {
  id: string;
  accountId: string;
  phoneNumber: string;
  locationId: string | null;
}

async function callById(deps: AppDeps, id: string | undefined): Promise<CallContext | null> {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await deps.db.query<{ id: string; account_id: string; phone_number: string; location_id: string | null }>(
    'select id, account_id, phone_number, location_id from calls where id = $1',
    [id],
  );
  return row ? { id: row.id, accountId: row.account_id, phoneNumber: row.phone_number, locationId: row.location_id } : null;
}

/** A client id a Device sent with its call, when it names a client of `accountId` (anything else is ignored). */
async function chosenClient(db: AppDeps['db'], accountId: string, clientId: string | undefined): Promise<string | null> {
  if (!clientId || !/^[0-9a-f-]{36}$/.test(clientId)) return null;
  const [row] = await db.query<{ id: string }>('select id from clients where id = $1 and account_id = $2', [clientId, accountId]);
  return row?.id ?? null;
}

async function callerLabel(deps: AppDeps, clientId: string | null, phone: string): Promise<string> {
  if (!clientId) return '';
  const [row] = await deps.db.query<{ data: Record<string, string> }>('select data from clients where id = $1', [clientId]);
  return clientName(row?.data ?? null, phone) || phone;
}

/** The inbound call as the ring steps need it: who calls, their contact, the location. */
async function inboundCall(deps: AppDeps, call: CallContext): Promise<InboundCall> {
  const [row] = await deps.db.query<{ client_id: string | null; location_name: string | null; verification: CallerVerification | null }>(
    'select c.client_id, c.verification, l.name as location_name from calls c left join account_locations l on l.id = c.location_id where c.id = $1',
    [call.id],
  );
  const clientId = row?.client_id ?? null;
  return {
    callId: call.id,
    callerNumber: call.phoneNumber,
    callerName: await callerLabel(deps, clientId, call.phoneNumber),
    clientId,
    locationId: call.locationId,
    locationName: row?.location_name ?? '',
    verification: row?.verification ?? null,
  };
}

/**
 * The call reached voicemail: the caller is texted the flow's voicemail text, when it has one,
 * once per call (a retried webhook sends nothing more).
 */
async function textVoicemailCaller(deps: AppDeps, call: CallContext, flow: CallFlow): Promise<void> {
  const text = flow.messages.voicemailSMS;
  if (text?.type !== 'text' || !text.message.trim()) return;
  try {
    const [row] = await deps.db.query<{ client_id: string | null }>('select client_id from calls where id = $1', [call.id]);
    await sendAutomatedText(deps, {
      accountId: call.accountId,
      clientId: row?.client_id ?? null,
      to: call.phoneNumber,
      body: text.message,
      kind: 'voicemail',
      idempotencyKey: `voicemail:${call.id}`,
    });
  } catch (err) {
    console.error('phone: could not text the caller after voicemail', (err as Error).message);
  }
}

/** After a ring step: nobody to ring means the call is missed (voicemail follows), or the caller waits in the queue. */
async function afterRing(deps: AppDeps, call: CallContext, lf: LocationFlow, outcome: RingOutcome): Promise<void> {
  if (outcome === 'queued') return enterQueue(deps, call, lf.flow.queue.maxWait);
  if (outcome !== 'voicemail') return;
  await deps.db.query("update calls set status = 'missed', error_message = 'Nobody was available to answer' where id = $1 and status = 'ringing'", [call.id]);
  deps.events.emit('callsChanged', { accountId: call.accountId });
  await textVoicemailCaller(deps, call, lf.flow);
}

export async function voiceWebhookRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const hidden = { schema: { tags: ['carrier'], hide: true } };

  app.post('/carrier/voice/incoming', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const from = toDigits(p.From ?? '');
    const agency = toDigits(p.To ?? '');
    // The agency the carrier says holds the number: its account (AccountSid) and the number's SID, never the digits alone.
    const owner = await routeInbound(deps, db, p, req.query);
    if (!owner || !p.CallSid) return xml(reply, twimlReject());
    // The carrier simulator of one agency reaches only that agency's numbers.
    if (p.SimulatedFor !== undefined && p.SimulatedFor !== owner.accountId) return xml(reply, twimlReject());
    const number = { account_id: owner.accountId, location_id: owner.locationId };
    const accountId = number.account_id;
    const clientId = await clientByPhone(db, accountId, from);
    const [blocked] = await db.query("select 1 from blocked_numbers where account_id = $1 and regexp_replace(phone_number, '\\D', '', 'g') in ($2, $3)", [
      accountId,
      from,
      from.slice(1),
    ]);
    const base = {
      accountId,
      callSid: p.CallSid,
      format: 'inbound' as const,
      direction: 'incoming' as const,
      phoneNumber: from,
      agencyNumber: agency,
      clientId,
      locationId: number.location_id,
      ...callerVerification(p),
    };
    if (blocked) {
      await logCall(db, { ...base, status: 'blocked' });
      deps.events.emit('callsChanged', { accountId });
      return xml(reply, twimlReject());
    }
    const lf = await locationFlow(db, number.location_id);
    const state = officeState(lf.officeHours, lf.timezone);
    if (state !== 'open') {
      await logCall(db, { ...base, status: 'missed', errorMessage: state === 'holiday' ? 'Called on a holiday' : 'Called while the office was closed' });
      deps.events.emit('callsChanged', { accountId });
      return xml(reply, twimlClosed(lf.officeHours, lf.flow));
    }
    const { id, fresh } = await logCall(db, { ...base, status: 'ringing' });
    if (fresh) deps.events.emit('callsChanged', { accountId });
    if (hasMenu(lf.flow)) return xml(reply, twimlMenu(id, lf.flow));
    const context: CallContext = { id, accountId, phoneNumber: from, locationId: number.location_id };
    const { twiml, outcome } = await twimlRing(db, accountId, await inboundCall(deps, context), lf, { group: 0, attempt: 1 }, true);
    await afterRing(deps, context, lf, outcome);
    return xml(reply, twiml);
  });

  app.post('/carrier/voice/outgoing', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const userId = (p.From ?? '').replace(/^client:/, '');
    if (!/^[0-9a-f-]{36}$/.test(userId) || !p.CallSid) return xml(reply, twimlReject());
    const [user] = await db.query<{ account_id: string; first_name: string; last_name: string }>(
      'select account_id, first_name, last_name from users where id = $1 and deleted_at is null',
      [userId],
    );
    if (!user) return xml(reply, twimlReject());
    // A colleague (To=client:{userId}) of the same account rings their phone; calls between staff stay out of the call log.
    const peerId = /^client:([0-9a-f-]{36})$/.exec(p.To ?? '')?.[1];
    if (peerId) {
      const peer = await isAccountUser(db, user.account_id, peerId);
      return xml(reply, peer && peerId !== userId ? twimlPeer(peerId, `${user.first_name} ${user.last_name}`.trim()) : twimlReject());
    }
    const to = toDigits(p.To ?? '');
    if (!/^1\d{10}$/.test(to)) return xml(reply, twimlReject());
    // The number it calls from: the chosen location's, else the user's location's, else the account's default.
    const [number] = await db.query<{ phone_number: string; location_id: string | null }>(
      `select p.phone_number, p.location_id from account_phones p
        where p.account_id = $1 and p.status = 'in-use'
        order by (p.location_id = $2::uuid) is true desc,
                 exists (select 1 from user_locations ul where ul.user_id = $3 and ul.location_id = p.location_id) desc,
                 p.is_default desc, p.created_at
        limit 1`,
      [user.account_id, /^[0-9a-f-]{36}$/.test(p.Location ?? '') ? p.Location : null, userId],
    );
    if (!number) return xml(reply, twimlReject());
    // The contact called from their record (the Device's Client parameter), when it is this account's; else the number's.
    const clientId = (await chosenClient(db, user.account_id, p.Client)) ?? (await clientByPhone(db, user.account_id, to));
    const { id, fresh } = await logCall(db, {
      accountId: user.account_id,
      callSid: p.CallSid,
      format: 'outbound',
      status: 'ringing',
      direction: 'outgoing',
      phoneNumber: to,
      agencyNumber: toDigits(number.phone_number),
      userId,
      clientId,
      locationId: number.location_id,
    });
    if (fresh) deps.events.emit('callsChanged', { accountId: user.account_id });
    return xml(reply, twimlOutbound(id, `+${toDigits(number.phone_number)}`, `+${to}`));
  });

  app.post('/carrier/voice/dial-event', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const call = await callById(deps, (req.query as { call?: string }).call);
    if (!call) return xml(reply, twimlEmpty());
    if (p.CallStatus === 'in-progress') {
      // A Device answers as client:{userId}; a ring group member's number names them in the callback.
      const answeredBy = (p.To ?? '').startsWith('client:') ? (p.To ?? '').slice('client:'.length) : ((req.query as { user?: string }).user ?? null);
      const transfer = (req.query as { transfer?: string }).transfer === '1';
      const [answered] = await db.query<{
        first: boolean;
        call_sid: string;
        direction: 'incoming' | 'outgoing';
        recording_sid: string | null;
        recording_status: string | null;
        client_id: string | null;
      }>(
        `update calls c set status = 'in-progress', answered_at = coalesce(answered_at, now()), leg_sid = $3,
                user_id = coalesce(case when $2::text ~ '^[0-9a-f-]{36}$' then $2::uuid end, user_id)
           from (select id, status as before from calls where id = $1) b
          where c.id = b.id and (c.status = 'ringing' or ($4 and c.status = 'in-progress'))
          returning b.before = 'ringing' as first, c.call_sid, c.direction, c.recording_sid, c.recording_status, c.client_id`,
        [call.id, answeredBy, p.CallSid ?? null, transfer],
      );
      // An answered call, either way, is a contact with the client.
      if (answered?.first && answered.client_id) await touchLastContact(db, call.accountId, answered.client_id);
      deps.events.emit('callsChanged', { accountId: call.accountId });
      // The browser knows its own leg: the answering leg of an incoming call, the call itself when it placed it.
      const leg = answered?.direction === 'outgoing' ? answered.call_sid : (p.CallSid ?? answered?.call_sid ?? '');
      // The location's flow says whether calls are recorded; a recording runs until the call ends, across transfers.
      if (answered?.first && recordsCalls((await locationFlow(db, call.locationId)).flow, answered.direction)) {
        try {
          await deps.carrier.startRecording(answered.call_sid, `${VOICE_PATHS.recording}?call=${call.id}`);
          await db.query("update calls set recording_status = 'in-progress' where id = $1", [call.id]);
          deps.events.emit('callRecording', { accountId: call.accountId, callSid: leg, status: 'in-progress' });
        } catch (err) {
          console.error('phone: could not start recording', (err as Error).message);
        }
      } else if (answered && !answered.first && answered.recording_status && answered.recording_status !== 'completed') {
        deps.events.emit('callRecording', {
          accountId: call.accountId,
          callSid: leg,
          status: answered.recording_status === 'paused' ? 'paused' : 'in-progress',
        });
      }
    }
    return xml(reply, twimlEmpty());
  });

  app.post('/carrier/voice/dial', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; group?: string; attempt?: string; out?: string; transfer?: string; ivr?: string; taken?: string };
    const ivr = query.ivr || 'main';
    const call = await callById(deps, query.call);
    if (!call) return xml(reply, twimlEmpty());
    const dialStatus = p.DialCallStatus ?? 'failed';
    const duration = Number(p.DialCallDuration) || 0;
    // The answering leg moved into the call's conference: the caller follows it there.
    const [converted] = await db.query<{ conference_name: string | null }>("select conference_name from calls where id = $1 and status = 'in-progress'", [
      call.id,
    ]);
    if (converted?.conference_name && p.CallStatus !== 'completed') return xml(reply, twimlConference(call.id));
    // Talk time runs from the first answer, across transfers.
    const settle = async (status: string, error: string | null = null) => {
      await db.query(
        `update calls set status = $2, error_message = coalesce($4, error_message), ended_at = now(),
                call_duration = case when answered_at is null then $3 else greatest($3, round(extract(epoch from now() - answered_at))::int) end
          where id = $1 and status in ('ringing', 'in-progress')`,
        [call.id, status, duration, error],
      );
      deps.events.emit('callsChanged', { accountId: call.accountId });
    };
    if (dialStatus === 'completed') {
      await settle('completed');
      return xml(reply, twimlEmpty());
    }
    if (query.out) {
      await settle(
        dialStatus === 'canceled' ? 'hangup' : dialStatus === 'busy' ? 'busy' : dialStatus === 'no-answer' ? 'no-answer' : 'error',
        dialStatus === 'failed' ? 'The call could not be connected' : null,
      );
      return xml(reply, twimlEmpty());
    }
    if (dialStatus === 'canceled' || p.CallStatus === 'completed') {
      await settle(query.transfer ? 'completed' : 'hangup');
      return xml(reply, twimlEmpty());
    }
    if (query.taken && call.locationId) {
      // Whoever took the call from the queue did not answer: the caller goes back in line.
      await enterQueue(deps, call, (await locationFlow(db, call.locationId)).flow.queue.maxWait);
      return xml(reply, twimlEnqueue(call.id, call.locationId));
    }
    if (query.transfer) {
      // Nobody took the transfer: the caller hears the voicemail message and the call counts as missed.
      await settle('missed', 'The transfer was not answered');
      const { flow } = await locationFlow(db, call.locationId);
      await textVoicemailCaller(deps, call, flow);
      return xml(reply, twimlVoicemail(flow, call.id));
    }
    // Nobody took it: the next ring step, or voicemail when the groups are done.
    const lf = await locationFlow(db, call.locationId);
    const groups = await ringGroups(db, call.accountId, call.locationId, lf.flow, ivr);
    const next = nextStep(groups, { group: Number(query.group) || 0, attempt: Number(query.attempt) || 1 });
    if (next) await db.query('update calls set ring_attempt = ring_attempt + 1 where id = $1', [call.id]);
    const { twiml, outcome } = await twimlRing(db, call.accountId, await inboundCall(deps, call), lf, next ?? { group: groups.length, attempt: 1 }, false, ivr);
    if (outcome === 'voicemail') {
      await settle('missed');
      await textVoicemailCaller(deps, call, lf.flow);
    }
    if (outcome === 'queued') await enterQueue(deps, call, lf.flow.queue.maxWait);
    return xml(reply, twiml);
  });

  app.post('/carrier/voice/ivr', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const call = await callById(deps, (req.query as { call?: string }).call);
    if (!call) return xml(reply, twimlEmpty());
    const lf = await locationFlow(db, call.locationId);
    const ivr = ivrChoice(lf.flow, p.Digits);
    await db.query('update calls set ivr = $2 where id = $1', [call.id, ivr]);
    const { twiml, outcome } = await twimlRing(db, call.accountId, await inboundCall(deps, call), lf, { group: 0, attempt: 1 }, false, ivr);
    await afterRing(deps, call, lf, outcome);
    return xml(reply, twiml);
  });

  app.post('/carrier/voice/transfer', hidden, async (req, reply) => {
    verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; to?: string };
    const call = await callById(deps, query.call);
    if (!call || !query.to) return xml(reply, twimlEmpty());
    return xml(reply, twimlTransfer(await inboundCall(deps, call), query.to));
  });

  app.post('/carrier/voice/queue-wait', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const call = await callById(deps, (req.query as { call?: string }).call);
    if (!call) return xml(reply, twimlEmpty());
    const { flow } = await locationFlow(db, call.locationId);
    return xml(reply, twimlHold(flow, Number(p.QueueTime) || 0, Number(p.QueuePosition) || 1));
  });

  app.post('/carrier/voice/queue-left', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; expired?: string };
    const call = await callById(deps, query.call);
    if (!call) return xml(reply, twimlEmpty());
    const result = query.expired ? 'leave' : p.QueueResult;
    // Taken by someone ('redirected'): the call already runs what the take answered.
    if (result !== 'leave' && result !== 'hangup') return xml(reply, twimlEmpty());
    await leaveQueue(db, call.id);
    deps.events.emit('queuesChanged', { accountId: call.accountId });
    if (result === 'hangup') {
      await db.query("update calls set status = 'hangup', ended_at = coalesce(ended_at, now()) where id = $1 and status = 'ringing'", [call.id]);
      deps.events.emit('callsChanged', { accountId: call.accountId });
      return xml(reply, twimlEmpty());
    }
    // The longest wait ran out: the call is missed and the caller may leave a voicemail.
    await db.query(
      "update calls set status = 'missed', error_message = 'Nobody took the call while the caller waited', ended_at = now() where id = $1 and status = 'ringing'",
      [call.id],
    );
    deps.events.emit('callsChanged', { accountId: call.accountId });
    const { flow } = await locationFlow(db, call.locationId);
    await textVoicemailCaller(deps, call, flow);
    return xml(reply, twimlVoicemail(flow, call.id));
  });

  app.post('/carrier/voice/voicemail', hidden, async (req, reply) => {
    verifiedCarrierParams(deps, req);
    const call = await callById(deps, (req.query as { call?: string }).call);
    if (!call) return xml(reply, twimlEmpty());
    // Sent to voicemail while it rang: missed, for someone to follow up; a talk that went on to voicemail stays as it was.
    const [row] = await db.query<{ was: string }>(
      `update calls c set status = case when b.was = 'ringing' then 'missed' else c.status end, queued_at = null,
              error_message = case when b.was = 'ringing' then 'Sent to voicemail' else c.error_message end
         from (select id, status as was from calls where id = $1) b where c.id = b.id returning b.was`,
      [call.id],
    );
    deps.events.emit('callsChanged', { accountId: call.accountId });
    const { flow } = await locationFlow(db, call.locationId);
    if (row?.was === 'ringing') await textVoicemailCaller(deps, call, flow);
    return xml(reply, twimlVoicemail(flow, call.id));
  });

  app.post('/carrier/voice/queue-take', hidden, async (req, reply) => {
    verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; user?: string };
    const call = await callById(deps, query.call);
    if (!call) return xml(reply, twimlEmpty());
    const user = /^[0-9a-f-]{36}$/.test(query.user ?? '') && (await isAccountUser(db, call.accountId, query.user!));
    if (!user && call.locationId) {
      await enterQueue(deps, call, (await locationFlow(db, call.locationId)).flow.queue.maxWait);
      return xml(reply, twimlEnqueue(call.id, call.locationId));
    }
    return xml(reply, twimlTake(await inboundCall(deps, call), query.user!));
  });

  app.post('/carrier/voice/conference-join', hidden, async (req, reply) => {
    verifiedCarrierParams(deps, req);
    const call = await callById(deps, (req.query as { call?: string }).call);
    return xml(reply, call ? twimlConference(call.id) : twimlEmpty());
  });

  app.post('/carrier/voice/conference-event', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const call = await conferenceCall(db, (req.query as { call?: string }).call ?? '');
    if (call && p.StatusCallbackEvent && p.CallSid) await conferenceEvent(deps, call, p.StatusCallbackEvent, p.CallSid);
    else if (call && p.StatusCallbackEvent === 'conference-end') await conferenceEvent(deps, call, 'conference-end', '');
    return xml(reply, twimlEmpty());
  });

  app.post('/carrier/voice/conference-call', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; label?: string };
    const call = await conferenceCall(db, query.call ?? '');
    if (call && query.label && p.CallStatus) await participantCallEnded(deps, call, query.label, p.CallStatus);
    return xml(reply, twimlEmpty());
  });

  app.post('/carrier/voice/recording', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const query = req.query as { call?: string; voicemail?: string };
    const call = await callById(deps, query.call);
    if (call && p.RecordingSid && p.RecordingStatus === 'completed') {
      // A voicemail makes the call one; the caller's message is its recording.
      await db.query(
        `update calls set recording_sid = $2, recording_duration = $3, recording_status = 'completed', format = case when $4 then 'voicemail' else format end
          where id = $1 and recording_status is distinct from 'deleted'`,
        [call.id, p.RecordingSid, Number(p.RecordingDuration) || 0, query.voicemail === '1'],
      );
      deps.events.emit('callsChanged', { accountId: call.accountId });
    }
    return xml(reply, twimlEmpty());
  });

  app.post('/carrier/voice/status', hidden, async (req, reply) => {
    const p = verifiedCarrierParams(deps, req);
    const row = p.CallSid ? await callBySid(db, p.CallSid) : null;
    if (row) {
      // A call still ringing when it ended was hung up by the caller; one in progress was completed.
      await db.query(
        `update calls set ended_at = coalesce(ended_at, now()), queued_at = null,
                call_duration = case when status = 'in-progress' and answered_at is not null then greatest(call_duration, round(extract(epoch from now() - answered_at))::int) else call_duration end,
                status = case status when 'ringing' then (case when direction = 'incoming' then 'hangup' else 'no-answer' end) when 'in-progress' then 'completed' else status end
          where id = $1`,
        [row.id],
      );
      if (row.status === 'ringing' || row.status === 'in-progress') deps.events.emit('callsChanged', { accountId: row.account_id });
      if (row.status === 'ringing') deps.events.emit('queuesChanged', { accountId: row.account_id });
    }
    return xml(reply, twimlEmpty());
  });
}
