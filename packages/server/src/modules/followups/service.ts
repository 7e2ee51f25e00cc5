import { randomUUID } from 'node:crypto';
import { FOLLOWUP_STEP_MINUTES, isAdminRole, SCHEDULE_MESSAGES, type FollowUp, type FollowUpBucket, type FollowUpCounts } from '@agency/contracts';
import type { followUpCreateSchema } from '@agency/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { displayName } from '../clientStore/search';
import { iso, Params } from '../../db/sql';
import { isAccountUser } from '../users/membership';

type Ctx = Pick<AuthContext, 'accountId' | 'userId' | 'role'>;
type FollowUpInput = z.output<typeof followUpCreateSchema>;

interface FollowUpRow {
  id: string;
  account_id: string;
  client_id: string | null;
  assign_to: FollowUp['assignTo'];
  user_id: string | null;
  date: Date | string;
  reminder_at: number | null;
  reminder_job: string | null;
  note: string;
  message_to: string | null;
  message: string | null;
  message_at: Date | string | null;
  message_status: string | null;
  is_active: boolean;
  sms_room: string | null;
  created_by: string;
  created_at: Date | string;
  completed_at: Date | string | null;
  client_data: Record<string, string | null> | null;
}
const SELECT = `select f.*, c.data as client_data from followups f left join clients c on c.id = f.client_id`;

function toFollowUp(r: FollowUpRow): FollowUp {
  return {
    id: r.id,
    assignTo: r.assign_to,
    user: r.user_id,
    date: iso(r.date)!,
    reminderAt: r.reminder_at,
    reminderJob: r.reminder_job,
    note: r.note,
    messageTo: r.message_to,
    message: r.message,
    messageAt: iso(r.message_at),
    messageStatus: r.message_status,
    isActive: r.is_active,
    client: r.client_id,
    clientName: r.client_data ? displayName(r.client_data) || null : null,
    createdByUser: r.created_by,
    smsRoom: r.sms_room,
    createdAt: iso(r.created_at)!,
    completedAt: iso(r.completed_at),
  };
}

/** Who sees a follow-up: team ones everyone; self and scheduled messages their creator; peer ones the assignee and the creator. */
function visibleTo(userParam: string): string {
  return `(f.assign_to = 'team' or f.created_by = ${userParam} or (f.assign_to = 'peer' and f.user_id = ${userParam}))`;
}

async function findVisible(q: Queryable, ctx: Ctx, id: string, lock = false): Promise<FollowUpRow> {
  const [row] = await q.query<FollowUpRow>(`${SELECT} where f.id = $1 and f.account_id = $2 and ${visibleTo('$3')}${lock ? ' for update of f' : ''}`, [
    id,
    ctx.accountId,
    ctx.userId,
  ]);
  if (!row) throw notFound('Follow up not found');
  return row;
}

export const DATE_IN_PAST = 'Follow-up dates cannot be earlier than now';
export const DATE_STEP = 'Follow-up times go in 15-minute steps';

function checkDate(date: string): Date {
  const d = new Date(date);
  d.setUTCSeconds(0, 0);
  if (d.getUTCMinutes() % FOLLOWUP_STEP_MINUTES !== 0) throw badRequest(DATE_STEP);
  // a minute of grace for the time the request takes
  if (d.getTime() < Date.now() - 60_000) throw badRequest(DATE_IN_PAST);
  return d;
}

async function checkAssignment(
  q: Queryable,
  ctx: Ctx,
  f: Pick<FollowUpInput, 'assignTo' | 'user' | 'client' | 'message' | 'messageTo' | 'messageAt' | 'smsRoom'>,
) {
  let user: string | null = null;
  if (f.assignTo === 'peer') {
    if (!f.user) throw badRequest('Choose a colleague to assign the follow up to');
    if (f.user === ctx.userId) throw badRequest('Choose a colleague other than yourself, or assign it to yourself');
    if (!(await isAccountUser(q, ctx.accountId, f.user))) throw badRequest('The assignee must be a user of this account');
    user = f.user;
  } else if (f.assignTo === 'self') user = ctx.userId;
  if (f.client) {
    const [c] = await q.query('select 1 from clients where id = $1 and account_id = $2', [f.client, ctx.accountId]);
    if (!c) throw notFound('Client not found');
  }
  if (f.smsRoom) {
    const [room] = await q.query('select 1 from sms_rooms where id = $1 and account_id = $2', [f.smsRoom, ctx.accountId]);
    if (!room) throw badRequest(SCHEDULE_MESSAGES.noRoom);
  }
  if (f.assignTo === 'none') {
    if (!f.message || !f.messageTo || !f.messageAt || !f.client) throw badRequest('All fields are required');
    if (Date.parse(f.messageAt) < Date.now() + 29 * 60_000) throw badRequest('Messages must be scheduled at least 30 minutes from now');
  }
  return user;
}

export async function createFollowUp(q: Queryable, ctx: Ctx, input: FollowUpInput): Promise<FollowUp> {
  const date = checkDate(input.date);
  const user = await checkAssignment(q, ctx, input);
  const id = randomUUID();
  await q.query(
    `insert into followups (id, account_id, client_id, assign_to, user_id, date, reminder_at, note, message_to, message, message_at, is_active, sms_room, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      id,
      ctx.accountId,
      input.client ?? null,
      input.assignTo,
      user,
      date.toISOString(),
      input.reminderAt ?? null,
      input.note,
      input.messageTo ?? null,
      input.message ?? null,
      input.messageAt ? new Date(input.messageAt).toISOString() : null,
      input.isActive,
      input.smsRoom ?? null,
      ctx.userId,
    ],
  );
  return toFollowUp(await findVisible(q, ctx, id));
}

export async function getFollowUp(q: Queryable, ctx: Ctx, id: string): Promise<FollowUp> {
  return toFollowUp(await findVisible(q, ctx, id));
}

export async function updateFollowUp(q: Queryable, ctx: Ctx, id: string, patch: Partial<FollowUpInput>): Promise<FollowUp> {
  const row = await findVisible(q, ctx, id, true);
  const current = toFollowUp(row);
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as FollowUp & FollowUpInput;
  const date = patch.date !== undefined && Date.parse(patch.date) !== Date.parse(current.date) ? checkDate(patch.date) : new Date(current.date);
  const user = await checkAssignment(q, ctx, { ...next, user: patch.user !== undefined ? patch.user : current.user });
  await q.query(
    // the reminder is scheduled afresh after the write (a job of the old one finds reminder_job changed and does nothing)
    `update followups set client_id = $2, assign_to = $3, user_id = $4, date = $5, reminder_at = $6, note = $7, message_to = $8, message = $9,
            message_at = $10, is_active = $11, sms_room = $12, reminder_job = null where id = $1`,
    [
      id,
      next.client ?? null,
      next.assignTo,
      user,
      date.toISOString(),
      next.reminderAt ?? null,
      next.note,
      next.messageTo ?? null,
      next.message ?? null,
      next.messageAt ? new Date(next.messageAt).toISOString() : null,
      next.isActive,
      next.smsRoom ?? null,
    ],
  );
  return toFollowUp(await findVisible(q, ctx, id));
}

export async function completeFollowUp(q: Queryable, ctx: Ctx, id: string): Promise<FollowUp> {
  await findVisible(q, ctx, id, true);
  await q.query(
    `update followups set is_active = false, completed_at = now(), reminder_job = null, message_status = coalesce(message_status, 'completed') where id = $1`,
    [id],
  );
  return toFollowUp(await findVisible(q, ctx, id));
}

export async function deleteFollowUp(q: Queryable, ctx: Ctx, id: string): Promise<void> {
  await findVisible(q, ctx, id, true);
  await q.query('delete from followups where id = $1', [id]);
}

export async function clientFollowUps(q: Queryable, ctx: Ctx, clientId: string): Promise<FollowUp[]> {
  const rows = await q.query<FollowUpRow>(`${SELECT} where f.account_id = $1 and f.client_id = $2 and ${visibleTo('$3')} order by f.date`, [
    ctx.accountId,
    clientId,
    ctx.userId,
  ]);
  return rows.map(toFollowUp);
}

/** The follow-ups of a dashboard: for `user` (team ones and those assigned to them), or the scheduled messages a user created. */
function scopeCondition(ctx: Ctx, query: { user?: string; assignTo?: 'none'; createdByUser?: string }, p: Params): string {
  const forOther = (id: string | undefined) => id && id !== ctx.userId;
  if (query.assignTo === 'none') {
    const creator = query.createdByUser ?? ctx.userId;
    if (forOther(creator) && !isAdminRole(ctx.role)) throw forbidden();
    return `f.assign_to = 'none' and f.created_by = ${p.add(creator)}`;
  }
  const user = query.user ?? ctx.userId;
  if (forOther(user) && !isAdminRole(ctx.role)) throw forbidden();
  const u = p.add(user);
  return `(f.assign_to = 'team' or (f.assign_to = 'self' and f.created_by = ${u}) or (f.assign_to = 'peer' and f.user_id = ${u}))`;
}

const BUCKET_SQL: Record<FollowUpBucket, string> = {
  pastDue: 'f.date <= now()',
  today: `f.date > now() and (f.date at time zone a.timezone)::date = (now() at time zone a.timezone)::date`,
  tomorrow: `f.date > now() and (f.date at time zone a.timezone)::date = (now() at time zone a.timezone)::date + 1`,
  future: `f.date > now() and (f.date at time zone a.timezone)::date > (now() at time zone a.timezone)::date + 1`,
};

export async function bucketFollowUps(q: Queryable, ctx: Ctx, bucket: FollowUpBucket, query: { user?: string; assignTo?: 'none'; createdByUser?: string }) {
  const p = new Params();
  const scope = scopeCondition(ctx, query, p);
  const rows = await q.query<FollowUpRow>(
    `${SELECT} join accounts a on a.id = f.account_id
      where f.account_id = ${p.add(ctx.accountId)} and f.is_active and ${scope} and ${BUCKET_SQL[bucket]} order by f.date limit 500`,
    p.values,
  );
  return rows.map(toFollowUp);
}

export async function followUpCounts(q: Queryable, ctx: Ctx, query: { user?: string; assignTo?: 'none'; createdByUser?: string }): Promise<FollowUpCounts> {
  const p = new Params();
  const scope = scopeCondition(ctx, query, p);
  const [row] = await q.query<FollowUpCounts>(
    `select ${Object.entries(BUCKET_SQL)
      .map(([k, cond]) => `count(*) filter (where ${cond})::int as "${k}"`)
      .join(', ')}
       from followups f join accounts a on a.id = f.account_id
      where f.account_id = ${p.add(ctx.accountId)} and f.is_active and ${scope}`,
    p.values,
  );
  return row;
}
