import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  CALL_MESSAGES,
  callLogEntrySchema,
  callLogPageSchema,
  callLogQuerySchema,
  errorSchema,
  messageSchema,
  outgoingLocationInputSchema,
  outgoingLocationSchema,
  PHONE_TOKEN_TTL_SECONDS,
  SESSION_IDLE_MS,
  phoneQueuesSchema,
  phoneTokenSchema,
  simulatorTokenInputSchema,
  workCountSchema,
  type PhoneToken,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { VOICE_PATHS } from '../../providers/carrier/index';
import { clientName } from '../sms/service';
import { SIM_PREFIX, SIM_SCOPE } from '../../providers/carrier/local/voice/switch';
import { listQueues, takeNextCall } from './queues';
import { clientByPhone, listCalls, locationWorkCounts, setReviewed, workCount } from './service';
import { assertSimulator } from '../numberOwnership/ownership';

const tags = ['phone'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** The host the browser reached us by (without its port): the signalling server listens on the same host. */
function requestHost(req: FastifyRequest): string {
  const host = req.hostname || '127.0.0.1';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/**
 * How long a phone's token lives: no longer than the session's idle limit (the app asks for a new
 * one every 10 minutes while it is used), nor past the session's end, nor the spec's 36000 s.
 */
export function phoneTokenTtl(sessionExpiresAt: string, now = Date.now()): number {
  const untilEnd = Math.floor((new Date(sessionExpiresAt).getTime() - now) / 1000);
  return Math.max(1, Math.min(PHONE_TOKEN_TTL_SECONDS, SESSION_IDLE_MS / 1000, untilEnd));
}

/** The phone's REST calls (spec 000 §7 "Phone", spec 001 §7 "Call log"). */
export async function phoneRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function tokenFor(req: FastifyRequest, identity: string): Promise<PhoneToken> {
    const a = auth(req);
    const ttl = phoneTokenTtl(a.expiresAt);
    const token = await deps.carrier.accessToken(identity, ttl, a.sessionId);
    const signaling = deps.carrier.signaling();
    const chunderw = signaling ? `${requestHost(req)}:${signaling.port}` : null;
    return { token, identity, ttl, chunderw, trustUrl: signaling ? `https://${chunderw}${signaling.trustPath}` : null };
  }

  r.post(
    '/phone/token',
    {
      schema: {
        tags,
        description:
          "The browser phone's access token, bound to this session: it lives no longer than the session's idle limit (4 h) or its end, and the local carrier's signalling drops the phone when the session ends. Refreshed every 10 minutes.",
        response: { 200: phoneTokenSchema, ...errors },
      },
    },
    async (req) => tokenFor(req, auth(req).userId),
  );

  r.post(
    '/phone/simulator/token',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags,
        description: "A token that makes this browser a client's phone on the local carrier (owners and admins).",
        body: simulatorTokenInputSchema,
        response: { 200: phoneTokenSchema, ...errors },
      },
    },
    async (req) => {
      assertSimulator(deps);
      if (deps.carrier.kind !== 'local') throw badRequest('The carrier simulator works with the local carrier only');
      // The phone plays a client of the caller's agency: it may call that agency's numbers only.
      return tokenFor(req, `${SIM_PREFIX}+${req.body.phoneNumber}${SIM_SCOPE}${auth(req).accountId}`);
    },
  );

  r.get(
    '/phone/logs',
    {
      schema: {
        tags,
        description: 'The call log: All, Mine or Missed, paged, with contains filters.',
        querystring: callLogQuerySchema,
        response: { 200: callLogPageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      return listCalls(db, accountId, userId, req.query);
    },
  );

  r.get(
    '/phone/logs/recordings',
    {
      schema: {
        tags,
        description: 'Calls with a recording, newest first, paged (the Recordings view).',
        querystring: callLogQuerySchema.omit({ view: true }),
        response: { 200: callLogPageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      return listCalls(db, accountId, userId, { ...req.query, view: 'recordings' });
    },
  );

  r.get(
    '/phone/logs/work-count',
    {
      schema: { tags, description: 'Missed calls nobody has reviewed (the Phone tab badge), and per location.', response: { 200: workCountSchema, ...errors } },
    },
    async (req) => ({
      count: await workCount(db, auth(req).accountId),
      locations: await locationWorkCounts(db, auth(req).accountId),
    }),
  );

  r.post(
    '/phone/transfer/cold/:callSid/to/:target',
    {
      schema: {
        tags,
        description:
          "Cold transfer: the caller of an incoming call in progress is put through to a colleague (user id) or a number (11 digits); the transferring person's leg ends.",
        params: z.object({ callSid: z.string().min(1, CALL_MESSAGES.transferMissingId).max(64), target: z.string().max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const { callSid, target } = req.params;
      const external = /^1\d{10}$/.test(target.replace(/\D/g, ''));
      const to = external ? target.replace(/\D/g, '') : target;
      if (!external) {
        const [peer] = /^[0-9a-f-]{36}$/.test(to)
          ? await db.query('select 1 from users where id = $1 and account_id = $2 and deleted_at is null', [to, accountId])
          : [];
        if (!peer) throw badRequest('Transfer to a colleague or an 11-digit number');
        if (to === userId) throw badRequest('You are already on this call');
      }
      const [call] = await db.query<{ id: string; call_sid: string }>(
        `select id, call_sid from calls where account_id = $1 and (leg_sid = $2 or call_sid = $2) and status = 'in-progress' and direction = 'incoming'`,
        [accountId, callSid],
      );
      if (!call) throw notFound('That call is not in progress');
      await db.query('update calls set format = $2 where id = $1', [call.id, external ? 'transfer-external' : 'transfer']);
      try {
        await deps.carrier.redirectCall(call.call_sid, `${VOICE_PATHS.transfer}?call=${call.id}&to=${to}`);
      } catch (err) {
        throw badRequest(`Unable to transfer call. ${(err as Error).message}`);
      }
      return { message: 'Call transferred' };
    },
  );

  r.post(
    '/phone/outgoing/location',
    {
      schema: {
        tags,
        description:
          "The contact a number belongs to, and the location they are served from (their default phone's location), to call from that location's number.",
        body: outgoingLocationInputSchema,
        response: { 200: outgoingLocationSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = auth(req);
      const clientId = await clientByPhone(db, accountId, req.body.To);
      if (!clientId) return { location: null, client: null };
      const [row] = await db.query<{ id: string; name: string }>(
        `select l.id, l.name from clients c
           join account_phones p on p.id::text = c.data->>'accountPhone' and p.account_id = c.account_id
           join account_locations l on l.id = p.location_id
          where c.id = $1`,
        [clientId],
      );
      const [client] = await db.query<{ data: Record<string, string> }>('select data from clients where id = $1', [clientId]);
      return { location: row ?? null, client: { id: clientId, name: clientName(client?.data ?? null, req.body.To) || req.body.To } };
    },
  );

  const idParams = z.object({ id: z.uuid({ error: 'Call not found' }) });

  r.put(
    '/phone/voicemail/:callSid',
    {
      schema: {
        tags,
        description:
          "Sends an incoming call (ringing, or one this user is on) to the location's voicemail; `callSid` is the call's id, its CallSid or the leg's.",
        params: z.object({ callSid: z.string().min(1).max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = auth(req);
      const key = req.params.callSid;
      const [call] = await db.query<{ id: string; call_sid: string }>(
        `select id, call_sid from calls where account_id = $1 and direction = 'incoming' and status in ('ringing', 'in-progress')
            and (call_sid = $2 or leg_sid = $2 or ($2 ~ '^[0-9a-f-]{36}$' and id = $2::uuid))`,
        [accountId, key],
      );
      if (!call) throw notFound('That call is not ringing or in progress');
      try {
        await deps.carrier.redirectCall(call.call_sid, `${VOICE_PATHS.voicemail}?call=${call.id}`);
      } catch (err) {
        throw badRequest(`Unable to send the call to voicemail. ${(err as Error).message}`);
      }
      return { message: 'Call sent to voicemail' };
    },
  );

  r.get(
    '/phone/queues',
    {
      schema: {
        tags,
        description: "The account's call queues: who waits at each location whose call flow has its queue on.",
        response: { 200: phoneQueuesSchema, ...errors },
      },
    },
    async (req) => ({
      items: await listQueues(db, auth(req).accountId),
    }),
  );

  r.post(
    '/phone/queue/assign/:id',
    {
      schema: {
        tags,
        description: "Take Next Call: the caller who has waited longest at the location (the queue's id) rings this user's phone.",
        params: z.object({ id: z.uuid({ error: 'Queue not found' }) }),
        response: { 200: z.object({ callId: z.string() }), ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      return takeNextCall(deps, accountId, req.params.id, userId);
    },
  );

  /** The call a browser's leg belongs to, in progress, in this account. */
  async function liveCall(accountId: string, callSid: string) {
    const [call] = await db.query<{ id: string; call_sid: string; recording_status: string | null }>(
      `select id, call_sid, recording_status from calls where account_id = $1 and (leg_sid = $2 or call_sid = $2) and status = 'in-progress'`,
      [accountId, callSid],
    );
    if (!call) throw notFound('That call is not in progress');
    return call;
  }

  for (const action of ['pause', 'resume'] as const) {
    r.put(
      `/phone/recording/:callSid/${action}`,
      {
        schema: {
          tags,
          description: `${action === 'pause' ? 'Pause' : 'Resume'} the recording of a call in progress.`,
          params: z.object({ callSid: z.string().min(1).max(64) }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (req) => {
        const { accountId } = auth(req);
        const call = await liveCall(accountId, req.params.callSid);
        if (!call.recording_status || call.recording_status === 'completed') throw badRequest('This call is not being recorded');
        await deps.carrier.pauseRecording(call.call_sid, action === 'pause');
        const status = action === 'pause' ? 'paused' : 'in-progress';
        await db.query('update calls set recording_status = $2 where id = $1', [call.id, status]);
        deps.events.emit('callRecording', { accountId, callSid: req.params.callSid, status });
        return { message: action === 'pause' ? 'Recording paused' : 'Recording resumed' };
      },
    );
  }

  r.get('/phone/recordings/:id', { schema: { tags, description: "A call's recording (WAV), to play in the page.", params: idParams } }, async (req, reply) => {
    const { accountId } = auth(req);
    const [call] = await db.query<{ recording_sid: string | null; recording_status: string | null }>(
      'select recording_sid, recording_status from calls where account_id = $1 and id = $2',
      [accountId, req.params.id],
    );
    if (!call?.recording_sid || call.recording_status !== 'completed') throw notFound('Recording not found');
    const audio = await deps.carrier.recordingAudio(call.recording_sid);
    if (!audio) throw notFound('Recording not found');
    return reply.type('audio/wav').header('cache-control', 'private, no-store').send(audio);
  });

  r.delete(
    '/phone/recording/:id/:recordingSid',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags,
        description: "Delete a call's recording (owners and admins).",
        params: z.object({ id: z.uuid({ error: 'Call not found' }), recordingSid: z.string().max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId } = auth(req);
      const [call] = await db.query<{ id: string }>(
        `select id from calls where account_id = $1 and id = $2 and recording_sid = $3 and recording_status = 'completed'`,
        [accountId, req.params.id, req.params.recordingSid],
      );
      if (!call) throw notFound('Recording not found');
      await deps.carrier.deleteRecording(req.params.recordingSid);
      await db.query("update calls set recording_status = 'deleted' where id = $1", [call.id]);
      deps.events.emit('callsChanged', { accountId });
      return { message: 'Recording deleted' };
    },
  );
  for (const [method, reviewed] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/phone/logs/work/:id',
      {
        schema: {
          tags,
          description: reviewed ? 'Mark a call as reviewed.' : 'Unmark a reviewed call.',
          params: idParams,
          response: { 200: callLogEntrySchema, ...errors },
        },
      },
      async (req) => {
        const { accountId, userId } = auth(req);
        const entry = await setReviewed(db, accountId, userId, req.params.id, reviewed);
        deps.events.emit('callsChanged', { accountId });
        return entry;
      },
    );
  }
}
