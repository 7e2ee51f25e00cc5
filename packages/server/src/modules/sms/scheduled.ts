import { randomUUID } from 'node:crypto';
import { SCHEDULE_MESSAGES, SCHEDULE_MIN_AHEAD_MINUTES, SCHEDULE_STEP_MINUTES, type ScheduledMessage, type ScheduledMessageInput } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { sendAutomatedText } from './outbound';
import { keyOf } from './scheduledKeys';
import { toDigits } from './service';

/*
 * A scheduled message is a follow-up assigned to no one (spec 001: assignTo none) carrying the
 * text, its number and its time, and one automated text keyed by the follow-up and its time: a
 * text due while the API was down goes out once when it is back; an edit or a cancel drops the
 * text not yet handed to the carrier.
 */

interface Row {
  id: string;
  date: Date;
  message: string;
  message_to: string;
  client_id: string | null;
  sms_room: string | null;
  message_status: string | null;
  is_active: boolean;
  created_at: Date;
}

const toScheduled = (r: Row): ScheduledMessage => ({
  id: r.id,
  date: new Date(r.date).toISOString(),
  message: r.message,
  messageTo: r.message_to,
  client: r.client_id,
  smsRoom: r.sms_room,
  messageStatus: r.message_status === 'completed' ? 'completed' : r.is_active ? 'pending' : 'cancelled',
  createdAt: new Date(r.created_at).toISOString(),
});

const COLUMNS = 'id, date, message, message_to, client_id, sms_room, message_status, is_active, created_at';

/** The checks of spec 001 §5, in its words. */
function checked(input: ScheduledMessageInput, now = Date.now()): { at: Date; message: string; to: string } {
  if (!input.date || !input.message?.trim() || !input.messageTo || (!input.client && !input.smsRoom)) throw badRequest(SCHEDULE_MESSAGES.allRequired);
  const at = new Date(input.date);
  if (Number.isNaN(at.getTime())) throw badRequest(SCHEDULE_MESSAGES.allRequired);
  if (at.getTime() < now + SCHEDULE_MIN_AHEAD_MINUTES * 60_000 - 60_000) throw badRequest(SCHEDULE_MESSAGES.tooSoon);
  if (at.getUTCMinutes() % SCHEDULE_STEP_MINUTES !== 0 || at.getUTCSeconds() !== 0) throw badRequest(SCHEDULE_MESSAGES.step);
  const to = toDigits(input.messageTo);
  if (to.length !== 11) throw badRequest(SCHEDULE_MESSAGES.failed);
  return { at, message: input.message.trim(), to };
}

/** The client of the room (or the one given), checked against the account. */
async function clientOf(q: Queryable, accountId: string, input: ScheduledMessageInput): Promise<{ clientId: string | null; roomId: string | null }> {
  if (input.smsRoom) {
    const [room] = await q.query<{ client_id: string | null }>('select client_id from sms_rooms where id = $1 and account_id = $2', [input.smsRoom, accountId]);
    if (!room) throw badRequest(SCHEDULE_MESSAGES.noRoom);
    return { clientId: input.client ?? room.client_id, roomId: input.smsRoom };
  }
  const [client] = await q.query('select 1 from clients where id = $1 and account_id = $2', [input.client, accountId]);
  if (!client) throw badRequest(SCHEDULE_MESSAGES.noRoom);
  return { clientId: input.client!, roomId: null };
}

async function queue(deps: AppDeps, a: AuthContext, id: string, at: Date, message: string, to: string, clientId: string | null) {
  const result = await sendAutomatedText(deps, {
    accountId: a.accountId,
    clientId,
    to,
    body: message,
    kind: 'scheduled',
    idempotencyKey: keyOf(id, at),
    userId: a.userId,
    notBefore: at,
  });
  if (result.status !== 'queued') throw badRequest(SCHEDULE_MESSAGES.failed);
}

/** Texts of `id` not yet handed to the carrier: gone (their jobs then find nothing to send). */
async function dropPending(q: Queryable, accountId: string, id: string) {
  await q.query(`delete from sms_messages where account_id = $1 and idempotency_key like $2 and status = 'pending' and carrier_sid is null`, [
    accountId,
    `scheduled:${id}:%`,
  ]);
}

export async function createScheduled(deps: AppDeps, a: AuthContext, input: ScheduledMessageInput): Promise<ScheduledMessage> {
  const { at, message, to } = checked(input);
  const id = randomUUID();
  const { clientId } = await deps.db.tx(async (q) => {
    const who = await clientOf(q, a.accountId, input);
    await q.query(
      `insert into followups (id, account_id, client_id, assign_to, user_id, date, note, message_to, message, message_at, is_active, sms_room, created_by, message_status)
       values ($1, $2, $3, 'none', null, $4, '', $5, $6, $4, true, $7, $8, 'pending')`,
      [id, a.accountId, who.clientId, at.toISOString(), to, message, who.roomId, a.userId],
    );
    return who;
  });
  try {
    await queue(deps, a, id, at, message, to, clientId);
  } catch (err) {
    await deps.db.query('delete from followups where id = $1', [id]);
    throw err;
  }
  return getScheduled(deps.db, a.accountId, id);
}

export async function getScheduled(q: Queryable, accountId: string, id: string): Promise<ScheduledMessage> {
  const [row] = await q.query<Row>(`select ${COLUMNS} from followups where id = $1 and account_id = $2 and assign_to = 'none'`, [id, accountId]);
  if (!row) throw notFound('Scheduled message not found');
  return toScheduled(row);
}

export async function listScheduled(q: Queryable, accountId: string, filter: { client?: string; room?: string }): Promise<ScheduledMessage[]> {
  const rows = await q.query<Row>(
    `select ${COLUMNS} from followups
      where account_id = $1 and assign_to = 'none' and message is not null and is_active
        and ($2::uuid is null or client_id = $2) and ($3::uuid is null or sms_room = $3)
      order by date`,
    [accountId, filter.client ?? null, filter.room ?? null],
  );
  return rows.map(toScheduled);
}

export async function updateScheduled(deps: AppDeps, a: AuthContext, id: string, input: ScheduledMessageInput): Promise<ScheduledMessage> {
  const current = await getScheduled(deps.db, a.accountId, id);
  if (current.messageStatus !== 'pending') throw badRequest('Only a scheduled message not yet sent can be changed.');
  const merged = { date: current.date, message: current.message, messageTo: current.messageTo, client: current.client, smsRoom: current.smsRoom, ...input };
  const { at, message, to } = checked(merged);
  const { clientId } = await deps.db.tx(async (q) => {
    const who = await clientOf(q, a.accountId, merged);
    await dropPending(q, a.accountId, id);
    await q.query('update followups set date = $2, message_at = $2, message = $3, message_to = $4, client_id = $5, sms_room = $6 where id = $1', [
      id,
      at.toISOString(),
      message,
      to,
      who.clientId,
      who.roomId,
    ]);
    return who;
  });
  await queue(deps, a, id, at, message, to, clientId);
  return getScheduled(deps.db, a.accountId, id);
}

export async function cancelScheduled(deps: AppDeps, a: AuthContext, id: string): Promise<void> {
  await getScheduled(deps.db, a.accountId, id);
  await deps.db.tx(async (q) => {
    await dropPending(q, a.accountId, id);
    await q.query(`update followups set is_active = false, message_status = 'cancelled' where id = $1 and account_id = $2`, [id, a.accountId]);
  });
}
