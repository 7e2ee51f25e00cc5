import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HELP_WORDS, OPT_IN_WORDS, OPT_OUT_WORDS, parseMessageSettings, parseOfficeHours, type SmsMessageStatus } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { verifiedCarrierParams } from '../../http/carrierWebhooks';
import { officeState } from '../locations/officeState';
import { routeInbound } from '../numberOwnership/ownership';
import { scheduleSend, storeOutgoing } from './outbound';
import { clientByMobile, ensureRoom, isOptedOut, toDigits, touchRoom } from './service';
import { ownInboundMedia } from './media';
import { touchLastContact } from '../clientStore/store';
import { assertSimulator } from '../numberOwnership/ownership';
import { failNextText, type LocalFailure } from '../../providers/carrier/local/sms';
import { badRequest } from '../../http/errors';

/*
 * The carrier's webhooks (the same for the local carrier and Twilio): inbound texts and status
 * callbacks, as signed forms. An unsigned or wrongly signed request gets 403 and changes nothing;
 * a MessageSid seen before is stored once (Twilio retries).
 */
export const INBOUND_PATH = '/api/carrier/sms/inbound';
export const STATUS_PATH = '/api/carrier/sms/status';
/** The local carrier's own: fail the next text to a number (`npm run carrier -- fail`). */
export const FAIL_NEXT_PATH = '/api/carrier/sms/fail-next';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** How far along a text is: a late callback never moves it back. */
const RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

const keyword = (body: string) =>
  body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

async function setOptOut(q: Queryable, accountId: string, phone: string, agency: string, out: boolean, clientId: string | null) {
  if (out) {
    await q.query('insert into sms_opt_outs (account_id, phone_number, agency_number) values ($1, $2, $3) on conflict do nothing', [accountId, phone, agency]);
  } else {
    await q.query('delete from sms_opt_outs where account_id = $1 and phone_number = $2', [accountId, phone]);
  }
  if (!clientId) return;
  // The client record shows who opted out (spec 001 Client.optOut: the number, and when).
  const [row] = await q.query<{ opt_out: Array<{ by: string; at: string }> | null }>("select data->'optOut' as opt_out from clients where id = $1", [clientId]);
  const list = (row?.opt_out ?? []).filter((e) => toDigits(e.by) !== phone);
  if (out) list.push({ by: phone, at: new Date().toISOString() });
  await q.query("update clients set data = jsonb_set(data, '{optOut}', $2::jsonb), updated_at = now() where id = $1", [clientId, JSON.stringify(list)]);
}

async function helpReply(q: Queryable, accountId: string, agency: string): Promise<string> {
  const [row] = await q.query<{ name: string; messages: string | null }>(
    `select a.name, l.messages from accounts a
       left join account_phones p on p.account_id = a.id and regexp_replace(p.phone_number, '\\D', '', 'g') = $2
       left join account_locations l on l.id = p.location_id
      where a.id = $1 limit 1`,
    [accountId, agency],
  );
  const signature = parseMessageSettings(row?.messages ?? null).signature;
  return [`${row?.name ?? 'Your agency'}: reply STOP to stop texts, START to receive them again.`, signature].filter(Boolean).join(' ');
}

/** How long after a closed text reply the same person gets no other (one reply per closed spell). */
const CLOSED_REPLY_QUIET_HOURS = 12;

/**
 * The closed text reply of the location the number belongs to (Office Hours), when it is on and
 * the office is closed now, unless this person already had it lately.
 */
async function closedReply(q: Queryable, accountId: string, agency: string, from: string): Promise<string | null> {
  const [loc] = await q.query<{ office_hours: string | null; timezone: string }>(
    `select l.office_hours, l.timezone from account_phones p join account_locations l on l.id = p.location_id
       join accounts a on a.id = p.account_id and a.messaging_enabled
      where p.account_id = $1 and regexp_replace(p.phone_number, '\\D', '', 'g') = $2 limit 1`,
    [accountId, agency],
  );
  if (!loc?.office_hours) return null;
  const { smsClosedMessage } = parseOfficeHours(loc.office_hours);
  const message = smsClosedMessage.message.trim();
  if (!smsClosedMessage.enabled || !message || officeState(loc.office_hours, loc.timezone) === 'open') return null;
  const [recent] = await q.query(
    `select 1 from sms_messages where account_id = $1 and flow = 'outgoing' and by_number = $2 and to_number = $3 and message = $4
        and created_at > now() - make_interval(hours => $5) limit 1`,
    [accountId, agency, from, message, CLOSED_REPLY_QUIET_HOURS],
  );
  return recent ? null : message;
}

/** An inbound text: stored once in its room (made when new), with the consent words applied. */
export async function receiveText(deps: AppDeps, params: Record<string, string>, query?: unknown): Promise<void> {
  const from = toDigits(params.From ?? '');
  const agency = toDigits(params.To ?? '');
  const sid = params.MessageSid ?? params.SmsSid;
  if (!sid || !from || !agency) return;
  const body = params.Body ?? '';
  const media = Array.from({ length: Math.min(Number(params.NumMedia ?? 0) || 0, 10) }, (_, i) => ({
    format: params[`MediaContentType${i}`] ?? 'image',
    info: params[`MediaUrl${i}`] ?? '',
  })).filter((m) => m.info);

  // The agency the carrier says holds the number (its account and the number's SID), asked before the transaction.
  const owner = await routeInbound(deps, deps.db, params, query);
  if (!owner) return;
  const outcome = await deps.db.tx(async (q) => {
    const accountId = owner.accountId;
    const [blocked] = await q.query("select 1 from blocked_numbers where account_id = $1 and regexp_replace(phone_number, '\\D', '', 'g') in ($2, $3)", [
      accountId,
      from,
      from.slice(1),
    ]);
    if (blocked) return null;
    const clientId = await clientByMobile(q, accountId, from);
    const roomId = await ensureRoom(q, accountId, from, agency, clientId);
    const inserted = await q.query<{ id: string }>(
      `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, media, status, carrier_sid, client_id)
       values ($1, $2, $3, 'incoming', 'message', $4, $5, $6, $7, 'received', $8, $9)
       on conflict do nothing returning id`,
      [randomUUID(), accountId, roomId, from, agency, body, JSON.stringify(media), sid, clientId],
    );
    if (!inserted.length) return null; // a retried webhook
    await touchRoom(q, roomId, body || 'Picture', true);
    if (clientId) await touchLastContact(q, accountId, clientId);
    const word = keyword(body);
    let reply: string | null = null;
    let line: string | null = null;
    if ((OPT_OUT_WORDS as readonly string[]).includes(word)) {
      await setOptOut(q, accountId, from, agency, true, clientId);
      line = `Opted out of texts (${word})`;
    } else if ((OPT_IN_WORDS as readonly string[]).includes(word)) {
      await setOptOut(q, accountId, from, agency, false, clientId);
      line = `Opted in to texts (${word})`;
    } else if ((HELP_WORDS as readonly string[]).includes(word)) {
      reply = await helpReply(q, accountId, agency);
    } else if (!(await isOptedOut(q, accountId, from))) {
      reply = await closedReply(q, accountId, agency, from);
    }
    if (line) {
      await q.query(
        `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, status, client_id)
         values ($1, $2, $3, 'incoming', 'optin', $4, $5, $6, 'received', $7)`,
        [randomUUID(), accountId, roomId, from, agency, line, clientId],
      );
    }
    const replyId = reply
      ? (await storeOutgoing(q, { accountId, roomId, from: agency, to: from, message: reply, type: 'message', userId: null, clientId })).id
      : null;
    return { accountId, roomId, messageId: inserted[0]!.id, replyId };
  });
  if (!outcome) return;
  // The carrier's pictures, fetched and served from our own origin before anyone is told of the text.
  if (media.length) {
    const owned = await ownInboundMedia(deps, outcome.accountId, media);
    await deps.db.tx((q) =>
      q.query('update sms_messages set media = $3 where id = $1 and account_id = $2', [outcome.messageId, outcome.accountId, JSON.stringify(owned)]),
    );
  }
  deps.events.emit('smsChanged', { accountId: outcome.accountId, roomId: outcome.roomId, messageId: outcome.messageId, inbound: true });
  if (outcome.replyId) await scheduleSend(deps, outcome.accountId, outcome.replyId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A status callback: the text moves forward (never back); undelivered and failed keep the carrier's
 * code. The callback URL names our text, so one that overtakes our write of the SID still lands
 * (and writes the SID).
 */
export async function receiveStatus(deps: AppDeps, params: Record<string, string>, messageId?: string): Promise<void> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = (params.MessageStatus ?? params.SmsStatus ?? '') as SmsMessageStatus;
  if (!sid || !(status in RANK)) return;
  const error = status === 'undelivered' || status === 'failed' ? `Carrier error ${params.ErrorCode ?? 'unknown'}` : null;
  const [row] = await deps.db.tx((q) =>
    q.query<{ id: string; account_id: string; room_id: string; status: string }>(
      `update sms_messages set status = $2, error = $3, carrier_sid = coalesce(carrier_sid, $1)
        where (carrier_sid = $1 or (id = $5::uuid and carrier_sid is null)) and flow = 'outgoing'
          and (case status when 'pending' then 0 when 'sent' then 1 else 2 end) < $4
        returning id, account_id, room_id, status`,
      [sid, status, error, RANK[status], messageId && UUID.test(messageId) ? messageId : null],
    ),
  );
  if (row) deps.events.emit('smsChanged', { accountId: row.account_id, roomId: row.room_id, messageId: row.id });
}

/** Carrier statuses that end a text's progress, in our words. */
const SETTLED: Record<string, SmsMessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * Texts handed over whose callbacks never came (the app was down when the carrier posted them):
 * the carrier is asked where each stands. A few hundred a sweep, oldest first.
 */
export async function reconcileStatuses(deps: AppDeps, olderThanSeconds = 120, limit = 200): Promise<number> {
  const rows = await deps.db.query<{ id: string; carrier_sid: string }>(
    `select id, carrier_sid from sms_messages
      where flow = 'outgoing' and carrier_sid is not null and status in ('pending', 'sent')
        and coalesce(claimed_at, created_at) < now() - make_interval(secs => $1)
      order by created_at limit $2`,
    [olderThanSeconds, limit],
  );
  let settled = 0;
  for (const r of rows) {
    const at = await deps.carrier.textStatus(r.carrier_sid);
    const status = at && SETTLED[at.status];
    if (!status) continue;
    await receiveStatus(deps, { MessageSid: r.carrier_sid, MessageStatus: status, ...(at.errorCode ? { ErrorCode: at.errorCode } : {}) });
    settled++;
  }
  return settled;
}

export async function carrierWebhookRoutes(app: FastifyInstance, deps: AppDeps) {
  // Carriers post forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    '/carrier/sms/inbound',
    { schema: { tags: ['carrier'], description: 'Inbound texts from the carrier (signed like Twilio).', hide: true } },
    async (req, reply) => {
      await receiveText(deps, verifiedCarrierParams(deps, req), req.query);
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
  app.post(
    '/carrier/sms/status',
    { schema: { tags: ['carrier'], description: 'Status callbacks of sent texts (signed like Twilio).', hide: true } },
    async (req, reply) => {
      await receiveStatus(deps, verifiedCarrierParams(deps, req), (req.query as { message?: string }).message);
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
  app.post(
    '/carrier/sms/fail-next',
    {
      schema: {
        tags: ['carrier'],
        description: 'The local carrier fails the next text to To (Status: failed or undelivered), signed with its webhook token.',
        hide: true,
      },
    },
    async (req, reply) => {
      assertSimulator(deps);
      if (deps.carrier.kind !== 'local') throw badRequest('Only the local carrier fails texts on request.');
      const params = verifiedCarrierParams(deps, req);
      const status = (params.Status ?? 'failed') as LocalFailure;
      if (!/^\+?\d{10,11}$/.test(params.To ?? '') || !['failed', 'undelivered'].includes(status)) {
        throw badRequest('To must be a 10 or 11 digit number and Status failed or undelivered.');
      }
      await failNextText(deps.db, params.To!, status);
      return reply.send({ message: 'The next text to this number will fail.' });
    },
  );
}
