import { randomUUID } from 'node:crypto';
import moment from 'moment-timezone';
import { SMS_MESSAGES, type SmsMessage, type SmsMessageStatus } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden } from '../../http/errors';
import { checkMedia, mediaUrl } from './media';
import { scheduledSent } from './scheduledKeys';
import { touchLastContact } from '../clientStore/store';
import { agencyNumberFor, clientByMobile, ensureRoom, getMessage, isOptedOut, toDigits, toE164, touchRoom } from './service';

/*
 * Every text the agency sends goes through here: the text is stored (pending) and a job hands it
 * to the carrier. The job may run twice (a restart between the carrier's answer and our write),
 * so the carrier is given the text's own key and sends a key once. Automated texts (scheduled,
 * campaigns, review requests) wait for the end of quiet hours in the agency number's time zone;
 * a reply typed by staff is never held.
 */
export const SEND_JOB = 'sms.send';
export const QUIET_HOURS = { from: 21, until: 8 };

/**
 * Where the carrier reports a text's progress. It names our text: a callback may come before our
 * write of the carrier's SID lands (a busy database), and must still find its text.
 */
export const statusCallbackUrl = (deps: Pick<AppDeps, 'carrier'>, messageId: string) => `${deps.carrier.publicUrl}/api/carrier/sms/status?message=${messageId}`;

/** When an automated text may go: now, or the next 8:00 in `timezone` when now is 21:00-8:00 there. */
export function afterQuietHours(now: Date, timezone: string): Date {
  const local = moment(now).tz(timezone);
  const hour = local.hour();
  if (hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from) return now;
  const open = local.clone().startOf('day').hour(QUIET_HOURS.until);
  if (hour >= QUIET_HOURS.from) open.add(1, 'day');
  return open.toDate();
}

/** The time zone of the location behind an agency number (the account's when it has none). */
export async function timezoneOf(q: Queryable, accountId: string, agencyNumber: string): Promise<string> {
  const [row] = await q.query<{ timezone: string }>(
    `select coalesce(l.timezone, a.timezone) as timezone from accounts a
       left join account_phones p on p.account_id = a.id and regexp_replace(p.phone_number, '\\D', '', 'g') = $2
       left join account_locations l on l.id = p.location_id
      where a.id = $1 limit 1`,
    [accountId, agencyNumber],
  );
  return row?.timezone ?? 'America/New_York';
}

interface NewText {
  accountId: string;
  roomId: string;
  id?: string;
  from: string;
  to: string;
  message: string;
  media?: SmsMessage['media'];
  type: SmsMessage['type'];
  userId: string | null;
  clientId: string | null;
  sendAt?: Date | null;
  idempotencyKey?: string | null;
  campaign?: string | null;
}

/** Stores an outgoing text (pending). A text with an id or key already stored is returned, not doubled. */
export async function storeOutgoing(q: Queryable, t: NewText): Promise<{ id: string; fresh: boolean }> {
  const id = t.id ?? randomUUID();
  const rows = await q.query<{ id: string }>(
    `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, media, status, send_at, idempotency_key, campaign, user_id, client_id)
     values ($1, $2, $3, 'outgoing', $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12, $13)
     on conflict do nothing returning id`,
    [
      id,
      t.accountId,
      t.roomId,
      t.type,
      t.from,
      t.to,
      t.message,
      JSON.stringify(t.media ?? []),
      t.sendAt ?? null,
      t.idempotencyKey ?? null,
      t.campaign ?? null,
      t.userId,
      t.clientId,
    ],
  );
  if (rows.length) {
    await touchRoom(q, t.roomId, t.message || 'Picture', false);
    return { id, fresh: true };
  }
  const [existing] = t.idempotencyKey
    ? await q.query<{ id: string }>('select id from sms_messages where account_id = $1 and idempotency_key = $2', [t.accountId, t.idempotencyKey])
    : await q.query<{ id: string }>('select id from sms_messages where account_id = $1 and id = $2', [t.accountId, id]);
  if (!existing) throw badRequest('That message id is taken.');
  return { id: existing.id, fresh: false };
}

/** Hands a stored text to the job queue (at its time). */
export async function scheduleSend(deps: AppDeps, accountId: string, messageId: string, at?: Date | null): Promise<void> {
  if (!deps.jobs) return;
  await deps.jobs.schedule(SEND_JOB, { accountId, messageId }, at && at.getTime() > Date.now() ? at : undefined);
}

/** How long a worker's claim on a text holds (a carrier call takes seconds; a dead worker's claim lapses). */
export const CLAIM_SECONDS = 30;

/**
 * What decides whether a text from `number` may go, in one round trip: texting on for the account,
 * and the number in a verified message campaign (US carriers block application texts, A2P 10DLC,
 * from a number outside one, so such a text is held here).
 */
async function senderState(q: Queryable, accountId: string, number: string): Promise<{ messagingEnabled: boolean; mayText: boolean }> {
  const [row] = await q.query<{ messaging_enabled: boolean; may_text: boolean }>(
    `select a.messaging_enabled,
            coalesce((select ms.campaign_status = 'VERIFIED'
                        from account_phones p join messaging_services ms on ms.sid = p.messaging_service_sid and ms.account_id = p.account_id
                       where p.account_id = a.id and p.phone_number = $2), false) as may_text
       from accounts a where a.id = $1`,
    [accountId, toDigits(number)],
  );
  return { messagingEnabled: !!row?.messaging_enabled, mayText: !!row?.may_text };
}

/** The job: one pending text to the carrier, once. */
export async function sendPending(deps: AppDeps, accountId: string, messageId: string): Promise<void> {
  const { db } = deps;
  const [row] = await db.query<{
    status: SmsMessageStatus;
    carrier_sid: string | null;
    by_number: string;
    to_number: string;
    message: string;
    media: SmsMessage['media'];
    type: string;
    idempotency_key: string | null;
    room_id: string;
    client_id: string | null;
  }>(
    `update sms_messages set claimed_at = now()
      where id = $1 and account_id = $2 and status = 'pending' and carrier_sid is null
        and (claimed_at is null or claimed_at < now() - make_interval(secs => $3))
      returning status, carrier_sid, by_number, to_number, message, media, type, idempotency_key, room_id, client_id`,
    [messageId, accountId, CLAIM_SECONDS],
  );
  if (!row) return;
  const sender = await senderState(db, accountId, row.by_number);
  const refusal = !sender.messagingEnabled
    ? SMS_MESSAGES.disabled
    : (await isOptedOut(db, accountId, row.to_number))
      ? SMS_MESSAGES.optedOut
      : !sender.mayText
        ? SMS_MESSAGES.campaignNotVerified
        : null;
  if (refusal) {
    await db.tx((q) =>
      q.query(`update sms_messages set status = 'failed', error = $3 where id = $1 and account_id = $2 and status = 'pending'`, [
        messageId,
        accountId,
        refusal,
      ]),
    );
    deps.events.emit('smsChanged', { accountId, roomId: row.room_id, messageId });
    return;
  }
  const sent = await deps.carrier.sendText({
    from: toE164(row.by_number),
    to: toE164(row.to_number),
    body: row.message,
    mediaUrls: row.media.map((m) => mediaUrl(deps, m.info)).filter((u) => /^https?:\/\//.test(u)),
    statusCallback: statusCallbackUrl(deps, messageId),
    idempotencyKey: row.idempotency_key ?? messageId,
  });
  await db.tx(async (q) => {
    await q.query('update sms_messages set carrier_sid = $3 where id = $1 and account_id = $2 and carrier_sid is null', [messageId, accountId, sent.sid]);
    await scheduledSent(q, accountId, row.idempotency_key);
    // A text that went out is a contact with its client (a scheduled one when it goes, not when written).
    if (row.client_id) await touchLastContact(q, accountId, row.client_id);
  });
}

/**
 * Texts due but not handed over (a restart or a crash lost their job, or their worker died with
 * the claim): queued again. At start every such text; then, every sweep, those overdue by a claim's
 * life. A second job for a text finds it claimed or sent and does nothing.
 */
export async function resumePending(deps: AppDeps, overdueSeconds = 0): Promise<number> {
  const rows = await deps.db.query<{ id: string; account_id: string; send_at: Date | null }>(
    `select id, account_id, send_at from sms_messages
      where status = 'pending' and carrier_sid is null
        and coalesce(send_at, created_at) <= now() - make_interval(secs => $1)
        and (claimed_at is null or claimed_at < now() - make_interval(secs => $2))`,
    [overdueSeconds, CLAIM_SECONDS],
  );
  for (const r of rows) await scheduleSend(deps, r.account_id, r.id, r.send_at);
  return rows.length;
}

/** Works the send jobs and picks up what a restart left. */
export async function startSmsWorker(deps: AppDeps): Promise<void> {
  if (!deps.jobs) return;
  await deps.jobs.work<{ accountId: string; messageId: string }>(SEND_JOB, ({ accountId, messageId }) => sendPending(deps, accountId, messageId));
  await resumePending(deps);
}

/** A text typed by staff in a room: stored once by its id and sent now (never held). */
export async function sendFromRoom(
  deps: AppDeps,
  who: { accountId: string; userId: string },
  req: { roomId: string; id: string; message: string; media: SmsMessage['media'] },
): Promise<SmsMessage> {
  const { db } = deps;
  if (!req.message.trim() && !req.media.length) throw badRequest(SMS_MESSAGES.empty);
  const stored = await db.tx(async (q) => {
    const [account] = await q.query<{ messaging_enabled: boolean }>('select messaging_enabled from accounts where id = $1', [who.accountId]);
    if (!account?.messaging_enabled) throw forbidden(SMS_MESSAGES.disabled);
    const [room] = await q.query<{ phone_number: string; agency_number: string | null; client_id: string | null }>(
      'select phone_number, agency_number, client_id from sms_rooms where id = $1 and account_id = $2',
      [req.roomId, who.accountId],
    );
    if (!room?.agency_number) throw badRequest(SMS_MESSAGES.noRoom);
    if (await isOptedOut(q, who.accountId, room.phone_number)) throw badRequest(SMS_MESSAGES.optedOut);
    const media = await checkMedia(q, deps, who.accountId, req.media);
    return storeOutgoing(q, {
      accountId: who.accountId,
      roomId: req.roomId,
      id: req.id,
      from: room.agency_number,
      to: room.phone_number,
      message: req.message,
      media,
      type: 'message',
      userId: who.userId,
      clientId: room.client_id,
    });
  });
  if (stored.fresh) {
    await scheduleSend(deps, who.accountId, stored.id);
    deps.events.emit('smsChanged', { accountId: who.accountId, roomId: req.roomId, messageId: stored.id });
  }
  return (await getMessage(db, who.accountId, stored.id))!;
}

/** Sends an undelivered or failed text again, as a new text. */
export async function resend(deps: AppDeps, who: { accountId: string; userId: string }, roomId: string, messageId: string): Promise<SmsMessage> {
  const old = await getMessage(deps.db, who.accountId, messageId);
  if (!old || old.roomId !== roomId || old.flow !== 'outgoing' || !['undelivered', 'failed'].includes(old.status))
    throw badRequest('Only an undelivered or failed text can be sent again.');
  return sendFromRoom(deps, who, { roomId, id: randomUUID(), message: old.message, media: old.media });
}

/** Gives a text from `from` its slot: at `earliest` or later, and inside the hours `open` allows. */
export type Pace = (from: string, earliest: Date, open: (t: Date) => Date) => Date;

export type AutomatedTextResult =
  { status: 'queued'; messageId: string; sendAt: Date } | { status: 'skipped'; reason: 'opted-out' | 'no-number' | 'blocked' | 'messaging-disabled' };

/**
 * An automated text (scheduled, campaign, review request) to a client's number: recorded in the
 * client's room and sent once per key, ever, after quiet hours and not before `notBefore` nor the
 * slot `pace` gives the agency number it goes from (campaigns keep to a carrier's rate per number).
 */
export async function sendAutomatedText(
  deps: AppDeps,
  text: {
    accountId: string;
    clientId: string | null;
    to: string;
    body: string;
    kind: 'scheduled' | 'campaign' | 'review' | 'voicemail';
    idempotencyKey: string;
    campaignName?: string;
    userId?: string | null;
    notBefore?: Date;
    pace?: Pace;
  },
): Promise<AutomatedTextResult> {
  const { db } = deps;
  const to = toDigits(text.to ?? '');
  if (to.length !== 11) return { status: 'skipped', reason: 'no-number' };
  const result = await db.tx(async (q): Promise<AutomatedTextResult & { fresh?: boolean; roomId?: string }> => {
    const [account] = await q.query<{ messaging_enabled: boolean }>('select messaging_enabled from accounts where id = $1', [text.accountId]);
    if (!account?.messaging_enabled) return { status: 'skipped', reason: 'messaging-disabled' };
    if (await isOptedOut(q, text.accountId, to)) return { status: 'skipped', reason: 'opted-out' };
    const [blocked] = await q.query("select 1 from blocked_numbers where account_id = $1 and regexp_replace(phone_number, '\\D', '', 'g') in ($2, $3)", [
      text.accountId,
      to,
      to.slice(1),
    ]);
    if (blocked) return { status: 'skipped', reason: 'blocked' };
    let from: string;
    try {
      from = await agencyNumberFor(q, text.accountId, text.clientId);
    } catch {
      return { status: 'skipped', reason: 'no-number' };
    }
    const [client] = text.clientId
      ? await q.query<{ id: string }>('select id from clients where id = $1 and account_id = $2', [text.clientId, text.accountId])
      : [];
    const clientId = client?.id ?? null;
    const earliest = new Date(Math.max(Date.now(), text.notBefore?.getTime() ?? 0));
    const timezone = await timezoneOf(q, text.accountId, from);
    const open = (t: Date) => afterQuietHours(t, timezone);
    const sendAt = text.pace ? text.pace(from, open(earliest), open) : open(earliest);
    const roomId = await ensureRoom(q, text.accountId, to, from, clientId ?? (await clientByMobile(q, text.accountId, to)));
    const stored = await storeOutgoing(q, {
      accountId: text.accountId,
      roomId,
      from,
      to,
      message: text.body,
      type: text.kind === 'campaign' ? 'campaign' : text.kind === 'scheduled' ? 'scheduled' : 'message',
      userId: text.userId ?? null,
      clientId,
      sendAt,
      idempotencyKey: text.idempotencyKey,
      campaign: text.campaignName ?? null,
    });
    return { status: 'queued', messageId: stored.id, sendAt, fresh: stored.fresh, roomId };
  });
  if (result.status === 'queued' && result.fresh) {
    await scheduleSend(deps, text.accountId, result.messageId, result.sendAt);
    deps.events.emit('smsChanged', { accountId: text.accountId, roomId: result.roomId!, messageId: result.messageId });
  }
  if (result.status === 'queued') return { status: 'queued', messageId: result.messageId, sendAt: result.sendAt };
  return result;
}

/** Each text's delivery status, for campaign logs. */
export async function textStatus(db: Db, accountId: string, messageIds: string[]): Promise<Map<string, { status: SmsMessageStatus; error: string | null }>> {
  if (!messageIds.length) return new Map();
  const rows = await db.query<{ id: string; status: SmsMessageStatus; error: string | null }>(
    'select id, status, error from sms_messages where account_id = $1 and id = any($2::uuid[])',
    [accountId, messageIds],
  );
  return new Map(rows.map((r) => [r.id, { status: r.status, error: r.error }]));
}
