import { randomUUID } from 'node:crypto';
import type { CallFormat, CallLogEntry, CallerVerification, CallLogQuery, CallStatus, LocationWorkCount } from '@agency/contracts';
import { callLogQuerySchema, canReview } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { clientName, toDigits } from '../sms/service';

/** The call log (spec 001 "Call log entry"): rows written by the voice webhooks. */

export interface NewCall {
  accountId: string;
  callSid: string;
  format: CallFormat;
  status: CallStatus;
  direction: 'incoming' | 'outgoing';
  phoneNumber: string;
  agencyNumber: string | null;
  userId?: string | null;
  clientId: string | null;
  locationId: string | null;
  errorMessage?: string | null;
  /** What the carrier said of the caller (incoming calls). */
  stirVerstat?: string | null;
  verification?: CallerVerification | null;
}

/** Logs a call once: a retried webhook (same CallSid) finds the row it made. */
export async function logCall(q: Queryable, call: NewCall): Promise<{ id: string; fresh: boolean }> {
  const [row] = await q.query<{ id: string; fresh: boolean }>(
    `insert into calls (id, account_id, call_sid, format, status, direction, phone_number, agency_number, user_id, client_id, location_id, error_message, stir_verstat, verification)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (call_sid) do update set call_sid = excluded.call_sid
     returning id, (xmax = 0) as fresh`,
    [
      randomUUID(),
      call.accountId,
      call.callSid,
      call.format,
      call.status,
      call.direction,
      call.phoneNumber,
      call.agencyNumber,
      call.userId ?? null,
      call.clientId,
      call.locationId,
      call.errorMessage ?? null,
      call.stirVerstat ?? null,
      call.verification ?? null,
    ],
  );
  return row;
}

export interface CallRow {
  id: string;
  account_id: string;
  status: CallStatus;
  direction: 'incoming' | 'outgoing';
  location_id: string | null;
  ring_attempt: number;
  user_id: string | null;
}

export async function callBySid(q: Queryable, callSid: string): Promise<CallRow | null> {
  const [row] = await q.query<CallRow>('select id, account_id, status, direction, location_id, ring_attempt, user_id from calls where call_sid = $1', [
    callSid,
  ]);
  return row ?? null;
}

/** A client with this number on any of their phones, the earliest first. */
export async function clientByPhone(q: Queryable, accountId: string, phone: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `select id from clients where account_id = $1 and exists (
        select 1 from unnest(array[data->>'mobilePhone', data->>'coMobilePhone', data->>'phone', data->>'workPhone', data->>'coPhone']) p
         where regexp_replace(coalesce(p, ''), '\\D', '', 'g') in ($2, $3))
      order by created_at limit 1`,
    [accountId, phone, phone.replace(/^1/, '')],
  );
  return row?.id ?? null;
}

const ENTRY_SELECT = `
  select c.id, c.created_at, c.format, c.status, c.direction, c.phone_number, c.agency_number, c.ivr, c.call_duration, c.error_message, c.viewed_on, c.verification,
         c.recording_sid, c.recording_duration, c.recording_status,
         u.id as user_id, u.first_name as user_first, u.last_name as user_last, u.avatar as user_avatar,
         v.id as viewer_id, v.first_name as viewer_first, v.last_name as viewer_last, v.avatar as viewer_avatar,
         cl.id as client_id, cl.data as client_data, l.id as location_id, l.name as location_name,
         (select count(*)::int from client_tags ct join tags t on t.id = ct.tag_id and t.is_active
           where ct.client_id = c.client_id and ct.account_id = c.account_id and ct.is_active) as client_tags,
         (select json_agg(json_build_object('userId', pu.id, 'firstName', pu.first_name, 'lastName', pu.last_name, 'avatar', pu.avatar, 'phoneNumber', p.phone_number,
                                            'duration', round(extract(epoch from coalesce(p.left_at, now()) - p.joined_at))::int) order by p.created_at)
            from call_participants p left join users pu on pu.id = p.user_id
           where p.call_id = c.id and p.joined_at is not null and not p.coaching) as participants
    from calls c
    left join users u on u.id = c.user_id
    left join users v on v.id = c.viewed_by
    left join clients cl on cl.id = c.client_id
    left join account_locations l on l.id = c.location_id`;

interface EntryRow {
  id: string;
  created_at: Date;
  format: CallFormat;
  status: CallStatus;
  direction: 'incoming' | 'outgoing';
  phone_number: string;
  agency_number: string | null;
  ivr: string;
  call_duration: number;
  error_message: string | null;
  viewed_on: Date | null;
  verification: CallerVerification | null;
  recording_sid: string | null;
  recording_duration: number | null;
  recording_status: string | null;
  user_id: string | null;
  user_first: string | null;
  user_last: string | null;
  user_avatar: string | null;
  viewer_id: string | null;
  viewer_first: string | null;
  viewer_last: string | null;
  viewer_avatar: string | null;
  client_id: string | null;
  client_data: Record<string, string> | null;
  location_id: string | null;
  location_name: string | null;
  client_tags: number;
  participants:
    | { userId: string | null; firstName: string | null; lastName: string | null; avatar: string | null; phoneNumber: string | null; duration: number | null }[]
    | null;
}

const toEntry = (r: EntryRow): CallLogEntry => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  format: r.format,
  status: r.status,
  direction: r.direction,
  phoneNumber: r.phone_number,
  agencyNumber: r.agency_number,
  user: r.user_id ? { id: r.user_id, firstName: r.user_first ?? '', lastName: r.user_last ?? '', avatar: r.user_avatar } : null,
  client: r.client_id ? { id: r.client_id, name: clientName(r.client_data, r.phone_number) || toDigits(r.phone_number) } : null,
  tags: r.client_tags,
  accountLocation: r.location_id ? { id: r.location_id, name: r.location_name ?? '' } : null,
  ivr: r.ivr,
  callDuration: r.call_duration,
  errorMessage: r.error_message,
  recording: r.recording_sid && r.recording_status === 'completed' ? { sid: r.recording_sid, duration: r.recording_duration ?? 0 } : null,
  viewedBy: r.viewer_id ? { id: r.viewer_id, firstName: r.viewer_first ?? '', lastName: r.viewer_last ?? '', avatar: r.viewer_avatar } : null,
  viewedOn: r.viewed_on ? r.viewed_on.toISOString() : null,
  verification: r.verification,
  conference: r.participants?.length
    ? {
        participants: r.participants.map((p) => ({
          user: p.userId ? { id: p.userId, firstName: p.firstName ?? '', lastName: p.lastName ?? '', avatar: p.avatar } : null,
          phoneNumber: p.phoneNumber,
          duration: Math.max(0, p.duration ?? 0),
        })),
      }
    : null,
});

/** Missed is what needs a call back: missed, hung up while ringing, or not answered (spec 001 §7). */
const MISSED = ['missed', 'hangup'];

export async function listCalls(q: Queryable, accountId: string, userId: string, query: CallLogQuery): Promise<{ items: CallLogEntry[]; total: number }> {
  const { view, page, limit, phoneNumber, status, direction, clientId } = callLogQuerySchema.parse(query);
  const where = ['c.account_id = $1'];
  const args: unknown[] = [accountId];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (view === 'mine') where.push(`c.user_id = ${arg(userId)}`);
  if (view === 'missed') where.push(`c.status = any(${arg(MISSED)}::text[])`);
  if (view === 'voicemails') where.push(`c.format = 'voicemail'`);
  if (view === 'recordings') where.push(`c.recording_status = 'completed'`);
  if (status) where.push(`c.status = ${arg(status)}`);
  if (direction) where.push(`c.direction = ${arg(direction)}`);
  if (clientId) where.push(`c.client_id = ${arg(clientId)}`);
  const digits = phoneNumber?.replace(/\D/g, '');
  if (digits) where.push(`c.phone_number like ${arg(`%${digits}%`)}`);
  const filter = where.join(' and ');
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from calls c where ${filter}`, args);
  const rows = await q.query<EntryRow>(
    `${ENTRY_SELECT} where ${filter} order by c.created_at desc, c.id limit ${arg(limit)} offset ${arg((page - 1) * limit)}`,
    args,
  );
  return { items: rows.map(toEntry), total };
}

export async function callEntry(q: Queryable, accountId: string, id: string): Promise<CallLogEntry | null> {
  const [row] = await q.query<EntryRow>(`${ENTRY_SELECT} where c.account_id = $1 and c.id = $2`, [accountId, id]);
  return row ? toEntry(row) : null;
}

/** Marks a call reviewed (or not) by `userId` (spec 001 §4 "Call review"). */
export async function setReviewed(q: Queryable, accountId: string, userId: string, id: string, reviewed: boolean): Promise<CallLogEntry> {
  const entry = await callEntry(q, accountId, id);
  if (!entry) throw notFound('Call not found');
  if (!canReview(entry, userId)) {
    if (entry.viewedBy) throw forbidden(`${entry.viewedBy.firstName} ${entry.viewedBy.lastName} reviewed this call`);
    throw badRequest('Only missed calls and voicemails are reviewed');
  }
  await q.query('update calls set viewed_by = $3, viewed_on = $4 where account_id = $1 and id = $2', [
    accountId,
    id,
    reviewed ? userId : null,
    reviewed ? new Date() : null,
  ]);
  return (await callEntry(q, accountId, id))!;
}

/** Missed calls nobody has reviewed yet, per location (those with any), by location name. */
export async function locationWorkCounts(q: Queryable, accountId: string): Promise<LocationWorkCount[]> {
  return q.query<LocationWorkCount>(
    `select l.id as "locationId", l.name, count(*)::int as count
       from calls c join account_locations l on l.id = c.location_id
      where c.account_id = $1 and c.viewed_by is null and (c.status = any($2::text[]) or c.format = 'voicemail')
      group by l.id, l.name order by l.name`,
    [accountId, MISSED],
  );
}

/** Missed calls nobody has reviewed yet: the Phone tab's badge. */
export async function workCount(q: Queryable, accountId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from calls where account_id = $1 and viewed_by is null and (status = any($2::text[]) or format = 'voicemail')`,
    [accountId, MISSED],
  );
  return row.n;
}
