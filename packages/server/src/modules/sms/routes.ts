import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  errorSchema,
  idSchema,
  SCHEDULE_MESSAGES,
  scheduledMessageSchema,
  simulatorFailNextSchema,
  simulatorTextSchema,
  SMS_MESSAGES,
  smsRoomUpdateSchema,
  smsSearchSchema,
  type SmsMessage,
  type SmsRoom,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { signWebhook } from '../../providers/carrier/index';
import { failNextText, newSid } from '../../providers/carrier/local/sms';
import { smsMediaRoutes } from './media';
import { cancelScheduled, createScheduled, listScheduled, updateScheduled } from './scheduled';
import { assertMessaging, getRoom, listRooms, roomPage, searchRooms, toDigits, toE164, toMessages } from './service';
import { INBOUND_PATH } from './webhooks';
import { assertSimulator } from '../numberOwnership/ownership';

const tags = ['sms'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
// Rooms and texts are typed in contracts; their shapes are documented there.
const anyJson = z.any();

/**
 * The SMS inbox over HTTP (the screens mostly use the socket): rooms, a room's texts, the room's
 * client and status (PUT /sms/room/{id}), and the carrier simulator for owners and admins.
 */
export async function smsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await smsMediaRoutes(app, deps);

  // The inbox is refused while texting is off for the account (403, with the reason).
  r.get('/sms/rooms', { schema: { tags, response: { 200: anyJson, 403: errorSchema } } }, async (req): Promise<SmsRoom[]> => {
    const a = auth(req);
    await assertMessaging(db, a.accountId);
    return listRooms(db, a.accountId, a.userId);
  });

  r.get(
    '/sms/search',
    {
      schema: {
        tags,
        description: 'Texts containing the words (4 characters or more), grouped by room.',
        querystring: smsSearchSchema,
        response: { 200: anyJson, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      await assertMessaging(db, a.accountId);
      return searchRooms(db, a.accountId, a.userId, req.query.search);
    },
  );

  r.get(
    '/sms/rooms/:id/messages',
    {
      schema: {
        tags,
        params: z.object({ id: idSchema }),
        querystring: z.object({ before: z.string().datetime().optional() }),
        response: { 200: anyJson, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      await assertMessaging(db, a.accountId);
      return roomPage(db, a.accountId, a.userId, req.params.id, { before: req.query.before });
    },
  );

  r.put(
    '/sms/room/:id',
    {
      schema: {
        tags,
        description: 'Links the room to a client, or completes / reopens it.',
        params: z.object({ id: idSchema }),
        body: smsRoomUpdateSchema,
        response: { 200: anyJson, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      await assertMessaging(db, a.accountId);
      const room = await db.tx(async (q) => {
        await getRoom(q, a.accountId, a.userId, req.params.id);
        if (req.body.clientId !== undefined) {
          if (req.body.clientId) {
            const [c] = await q.query('select 1 from clients where id = $1 and account_id = $2', [req.body.clientId, a.accountId]);
            if (!c) throw notFound('Client not found');
          }
          await q.query('update sms_rooms set client_id = $3 where id = $1 and account_id = $2', [req.params.id, a.accountId, req.body.clientId]);
        }
        if (req.body.status) await q.query('update sms_rooms set status = $3 where id = $1 and account_id = $2', [req.params.id, a.accountId, req.body.status]);
        return getRoom(q, a.accountId, a.userId, req.params.id);
      });
      deps.events.emit('smsRoomChanged', { accountId: a.accountId, roomId: room.id, removed: room.status === 'completed' });
      return room;
    },
  );

  // Scheduled messages (spec 001 §3, §5): from a room or a contact.
  const scheduledParams = z.object({ id: idSchema });
  r.get(
    '/sms/message/scheduled_messages',
    { schema: { tags, querystring: z.object({ client: idSchema.optional(), room: idSchema.optional() }), response: { 200: anyJson } } },
    async (req) => listScheduled(db, auth(req).accountId, req.query),
  );
  r.post('/sms/message/scheduled_messages', { schema: { tags, body: scheduledMessageSchema, response: { 201: anyJson, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await createScheduled(deps, auth(req), req.body)),
  );
  r.put(
    '/sms/message/scheduled_messages/:id',
    { schema: { tags, params: scheduledParams, body: scheduledMessageSchema, response: { 200: anyJson, ...errors } } },
    async (req) => updateScheduled(deps, auth(req), req.params.id, req.body),
  );
  r.delete(
    '/sms/message/scheduled_messages/:id',
    { schema: { tags, params: scheduledParams, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await cancelScheduled(deps, auth(req), req.params.id);
      return { message: SCHEDULE_MESSAGES.cancelled };
    },
  );

  // ------------------------------------------------------------------------------------------
  // The carrier simulator: a person plays a client texting one of the agency's numbers, and sees
  // what the agency sent back. Owners and admins only; it posts the same signed webhook a carrier
  // would, so the inbox cannot tell the difference. The phone shows only what reached the carrier.
  // ------------------------------------------------------------------------------------------
  const admin = { config: { roles: ADMIN_ROLES } };

  r.get(
    '/sms/simulator/numbers',
    { ...admin, schema: { tags, response: { 200: z.array(z.object({ phoneNumber: z.string(), friendlyName: z.string() })) } } },
    async (req) => {
      assertSimulator(deps);
      const rows = await db.query<{ phone_number: string; friendly_name: string }>(
        "select phone_number, friendly_name from account_phones where account_id = $1 and status = 'in-use' order by is_default desc, friendly_name",
        [auth(req).accountId],
      );
      return rows.map((p) => ({ phoneNumber: toDigits(p.phone_number), friendlyName: p.friendly_name }));
    },
  );

  r.post(
    '/sms/simulator/text',
    { ...admin, schema: { tags, body: simulatorTextSchema, response: { 200: z.object({ sid: z.string() }), ...errors } } },
    async (req) => {
      assertSimulator(deps);
      if (deps.carrier.kind !== 'local') throw badRequest('The simulator plays the local carrier only.');
      // Only to a number of the caller's own agency that is in use: the carrier knows it as theirs.
      const [phone] = await db.query<{ sid: string }>(
        "select sid from account_phones where account_id = $1 and regexp_replace(phone_number, '\\D', '', 'g') = $2 and status = 'in-use' and sid is not null",
        [auth(req).accountId, req.body.to],
      );
      const held = phone && (await deps.carrier.lookupNumber(phone.sid, auth(req).accountId));
      if (!held) throw badRequest(SMS_MESSAGES.noRoom);
      const sid = newSid('SM');
      const path = `${INBOUND_PATH}?number=${encodeURIComponent(held.sid)}`;
      const url = `${deps.carrier.publicUrl}${path}`;
      const params = {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: deps.carrier.accountSid,
        From: toE164(req.body.from),
        To: toE164(req.body.to),
        Body: req.body.body,
        NumMedia: '0',
      };
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(deps.carrier.webhookToken, url, params) },
        payload: new URLSearchParams(params).toString(),
      });
      if (res.statusCode !== 200) throw badRequest(`The inbound webhook answered ${res.statusCode}`);
      return { sid };
    },
  );

  // The next text the agency sends this client ends failed, as a carrier reports a text it could not
  // deliver; the ones after it (a Resend) go through.
  r.post(
    '/sms/simulator/fail-next',
    { ...admin, schema: { tags, body: simulatorFailNextSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      assertSimulator(deps);
      if (deps.carrier.kind !== 'local') throw badRequest('The simulator plays the local carrier only.');
      await failNextText(db, req.body.number, 'failed');
      return { message: 'The next text to this number will fail.' };
    },
  );

  r.get(
    '/sms/simulator/texts',
    { ...admin, schema: { tags, querystring: z.object({ number: z.string().min(10).max(20) }), response: { 200: anyJson } } },
    async (req): Promise<SmsMessage[]> => {
      assertSimulator(deps);
      const rows = await db.query<Parameters<typeof toMessages>[1][number]>(
        `select id, room_id, flow, type, by_number, message, media, status, error, send_at, created_at, campaign, user_id, client_id
           from sms_messages where account_id = $1 and (to_number = $2 or by_number = $2) and type <> 'optin'
            and (flow = 'incoming' or carrier_sid is not null)
          order by created_at desc limit 100`,
        [auth(req).accountId, toDigits(req.query.number)],
      );
      return (await toMessages(db, rows)).reverse();
    },
  );
}
