import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsMessageStatus, SmsRoom, SmsRoomPage, SmsSearchHit } from '@agency/contracts';
import { SMS_MESSAGES, SMS_UNREAD_CAP } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../http/errors';

/** A number as the inbox keeps it: digits with the country code (15125550142). */
export function toDigits(n: string): string {
  const d = n.replace(/\D/g, '');
  return d.length === 10 ? `1${d}` : d;
}
export const toE164 = (digits: string) => `+${toDigits(digits)}`;

interface RoomRow {
  id: string;
  phone_number: string;
  agency_number: string | null;
  client_id: string | null;
  client_data: Record<string, string> | null;
  status: 'open' | 'completed';
  last_message_on: Date | null;
  last_message: string;
  assigned_to: string | null;
  unread: number;
  followers: Array<{ id: string; first_name: string; last_name: string; avatar: string | null; read_at: string | null }> | null;
  opted_out: boolean;
}

const isSecondary = (d: Record<string, string> | null, phone: string): boolean => {
  const mobile = (v: string | undefined) => (v ? toDigits(v) : '');
  return !!d && mobile(d.coMobilePhone) === phone && mobile(d.mobilePhone) !== phone;
};

export const clientName = (d: Record<string, string> | null, phone: string): string => {
  if (!d) return '';
  const secondary = isSecondary(d, phone);
  const first = secondary ? d.coPreferredFirstName || d.coFirstName : d.preferredFirstName || d.firstName;
  const last = secondary ? d.coLastName : d.lastName;
  return [first, last].filter(Boolean).join(' ') || d.companyName || '';
};

/** The rooms' columns for the user in $2: unread counts what arrived after the user last read the room. */
const UNREAD_FOR_USER = `(select count(*)::int from (select 1 from sms_messages m
           where m.room_id = r.id and m.flow = 'incoming'
             and m.created_at > coalesce((select read_at from sms_reads sr where sr.room_id = r.id and sr.user_id = $2), 'epoch')
           order by m.created_at desc limit ${SMS_UNREAD_CAP}) capped)`;
const roomSelect = (unread: string) => `
  select r.id, r.phone_number, r.agency_number, r.client_id, c.data as client_data, r.status, r.last_message_on, r.last_message, r.assigned_to,
         ${unread} as unread,
         (select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar', u.avatar,
                                            'read_at', (select read_at from sms_reads sr where sr.room_id = r.id and sr.user_id = u.id)) order by u.first_name)
            from sms_followers f join users u on u.id = f.user_id where f.room_id = r.id) as followers,
         exists (select 1 from sms_opt_outs o where o.account_id = r.account_id and o.phone_number = r.phone_number) as opted_out
    from sms_rooms r left join clients c on c.id = r.client_id`;
const ROOM_SELECT = roomSelect(UNREAD_FOR_USER);

async function userRefs(q: Queryable, ids: string[]) {
  if (!ids.length) return new Map<string, SmsRoom['assignedTo']>();
  const rows = await q.query<{ id: string; first_name: string; last_name: string; avatar: string | null }>(
    'select id, first_name, last_name, avatar from users where id = any($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((u) => [u.id, { id: u.id, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar }]));
}

async function toRooms(q: Queryable, rows: RoomRow[], userId: string): Promise<SmsRoom[]> {
  const refs = await userRefs(q, [...new Set(rows.map((r) => r.assigned_to).filter((id): id is string => !!id))]);
  return rows.map((r) => {
    const favorited = (r.followers ?? []).map((f) => ({ id: f.id, firstName: f.first_name, lastName: f.last_name, avatar: f.avatar, lastViewedOn: f.read_at }));
    const following = favorited.some((f) => f.id === userId);
    return {
      id: r.id,
      phoneNumber: r.phone_number,
      agencyNumber: r.agency_number ?? '',
      client: r.client_id
        ? { id: r.client_id, name: clientName(r.client_data, r.phone_number), level: isSecondary(r.client_data, r.phone_number) ? 'secondary' : 'primary' }
        : null,
      status: r.status === 'completed' ? 'completed' : following && r.unread > 0 ? 'attention' : 'open',
      lastMessageOn: r.last_message_on ? new Date(r.last_message_on).toISOString() : null,
      lastMessage: r.last_message,
      unread: r.unread,
      favorited,
      assignedTo: r.assigned_to ? (refs.get(r.assigned_to) ?? null) : null,
      optedOut: r.opted_out,
    };
  });
}

export async function listRooms(q: Queryable, accountId: string, userId: string): Promise<SmsRoom[]> {
  const rows = await q.query<RoomRow>(
    `${ROOM_SELECT} where r.account_id = $1 and r.status = 'open' and r.agency_number is not null order by r.last_message_on desc nulls last limit 1000`,
    [accountId, userId],
  );
  return toRooms(q, rows, userId);
}

/** A room as every reader sees it (no one's unread count): what a push carries, each screen keeping its own count. */
export async function sharedRoom(q: Queryable, accountId: string, roomId: string): Promise<SmsRoom> {
  const rows = await q.query<RoomRow>(`${roomSelect('0')} where r.account_id = $1 and r.id = $2`, [accountId, roomId]);
  if (!rows.length) throw notFound(SMS_MESSAGES.noRoom);
  return (await toRooms(q, rows, ''))[0]!;
}

export async function getRoom(q: Queryable, accountId: string, userId: string, roomId: string): Promise<SmsRoom> {
  const rows = await q.query<RoomRow>(`${ROOM_SELECT} where r.account_id = $1 and r.id = $3`, [accountId, userId, roomId]);
  if (!rows.length) throw notFound(SMS_MESSAGES.noRoom);
  return (await toRooms(q, rows, userId))[0]!;
}

interface MessageRow {
  id: string;
  room_id: string;
  flow: SmsMessage['flow'];
  type: SmsMessage['type'];
  by_number: string;
  message: string;
  media: SmsMessage['media'];
  status: SmsMessageStatus;
  error: string | null;
  send_at: Date | null;
  created_at: Date;
  campaign: string | null;
  user_id: string | null;
  client_id: string | null;
}

const MESSAGE_COLUMNS = 'id, room_id, flow, type, by_number, message, media, status, error, send_at, created_at, campaign, user_id, client_id';

export async function toMessages(q: Queryable, rows: MessageRow[]): Promise<SmsMessage[]> {
  const refs = await userRefs(q, [...new Set(rows.map((r) => r.user_id).filter((id): id is string => !!id))]);
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    flow: r.flow,
    type: r.type,
    by: r.by_number,
    message: r.message,
    media: r.media ?? [],
    status: r.status,
    error: r.error,
    scheduleFor: r.send_at && r.status === 'pending' ? new Date(r.send_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    campaign: r.campaign,
    user: r.user_id ? (refs.get(r.user_id) ?? null) : null,
    client: r.client_id,
  }));
}

export async function getMessage(q: Queryable, accountId: string, messageId: string): Promise<SmsMessage | null> {
  const rows = await q.query<MessageRow>(`select ${MESSAGE_COLUMNS} from sms_messages where account_id = $1 and id = $2`, [accountId, messageId]);
  return rows.length ? (await toMessages(q, rows))[0]! : null;
}

/** A page of a room's texts, newest last; `before` pages back. Opening the room marks it read. */
export async function roomPage(
  q: Queryable,
  accountId: string,
  userId: string,
  roomId: string,
  opts: { before?: string; limit?: number; markRead?: boolean } = {},
): Promise<SmsRoomPage> {
  const limit = opts.limit ?? 30;
  await getRoom(q, accountId, userId, roomId);
  const rows = await q.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from sms_messages where account_id = $1 and room_id = $2 and ($3::timestamptz is null or created_at < $3)
      order by created_at desc, id desc limit $4`,
    [accountId, roomId, opts.before ?? null, limit + 1],
  );
  if (opts.markRead !== false) {
    await q.query(`insert into sms_reads (room_id, user_id, read_at) values ($1, $2, now()) on conflict (room_id, user_id) do update set read_at = now()`, [
      roomId,
      userId,
    ]);
  }
  const messages = await toMessages(q, rows.slice(0, limit).reverse());
  return { room: await getRoom(q, accountId, userId, roomId), messages, more: rows.length > limit };
}

/** The client (primary or secondary) whose mobile number this is. */
export async function clientByMobile(q: Queryable, accountId: string, phone: string): Promise<string | null> {
  // The search index finds the few clients with that mobile number; their fields confirm it.
  const [row] = await q.query<{ id: string }>(
    `select c.id from client_terms t join clients c on c.id = t.client_id
      where t.account_id = $1 and t.kind = 'mobile' and t.term in ($2, $3)
        and (regexp_replace(coalesce(c.data->>'mobilePhone', ''), '\\D', '', 'g') in ($2, $3)
          or regexp_replace(coalesce(c.data->>'coMobilePhone', ''), '\\D', '', 'g') in ($2, $3))
      order by c.created_at limit 1`,
    [accountId, phone, phone.replace(/^1/, '')],
  );
  return row?.id ?? null;
}

/**
 * The account's number to text from: the client's default phone, else a number carriers take texts
 * from (a verified campaign), a location's default first, else any.
 */
export async function agencyNumberFor(q: Queryable, accountId: string, clientId: string | null): Promise<string> {
  const [row] = await q.query<{ phone_number: string }>(
    `select p.phone_number from account_phones p
       left join messaging_services ms on ms.sid = p.messaging_service_sid and ms.account_id = p.account_id
      where p.account_id = $1
      order by (p.id::text = (select data->>'accountPhone' from clients where id = $2 and account_id = $1)) desc nulls last,
               (ms.campaign_status = 'VERIFIED') desc nulls last,
               (p.location_id is not null) desc, p.is_default desc, p.created_at, p.phone_number
      limit 1`,
    [accountId, clientId],
  );
  if (!row) throw badRequest(SMS_MESSAGES.noAgencyNumber);
  return toDigits(row.phone_number);
}

/** The SMS inbox is the account's only while texting is on: refused otherwise, with the reason. */
export async function assertMessaging(q: Queryable, accountId: string): Promise<void> {
  const [account] = await q.query<{ messaging_enabled: boolean }>('select messaging_enabled from accounts where id = $1', [accountId]);
  if (!account?.messaging_enabled) throw forbidden(SMS_MESSAGES.disabled);
}

/** The room of a client number and an agency number, created when new; a completed room opens again. */
export async function ensureRoom(q: Queryable, accountId: string, phone: string, agency: string, clientId: string | null): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into sms_rooms (id, account_id, phone_number, agency_number, client_id, status)
     values ($1, $2, $3, $4, $5, 'open')
     on conflict (account_id, phone_number, agency_number)
       do update set client_id = coalesce(sms_rooms.client_id, excluded.client_id)
     returning id`,
    [randomUUID(), accountId, phone, agency, clientId],
  );
  return row!.id;
}

export async function touchRoom(q: Queryable, roomId: string, preview: string, reopen: boolean) {
  await q.query(`update sms_rooms set last_message_on = now(), last_message = $2, status = case when $3 then 'open' else status end where id = $1`, [
    roomId,
    preview.slice(0, 160),
    reopen,
  ]);
}

export async function isOptedOut(q: Queryable, accountId: string, phone: string): Promise<boolean> {
  const [row] = await q.query('select 1 from sms_opt_outs where account_id = $1 and phone_number = $2', [accountId, phone]);
  return !!row;
}

/** Texts matching the words, grouped by room. */
export async function searchRooms(q: Queryable, accountId: string, userId: string, text: string): Promise<SmsSearchHit[]> {
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await q.query<{ room_id: string; id: string; message: string; flow: SmsMessage['flow']; created_at: Date }>(
    `select room_id, id, message, flow, created_at from sms_messages
      where account_id = $1 and message ilike $2 order by created_at desc limit 200`,
    [accountId, like],
  );
  const byRoom = new Map<string, SmsSearchHit['matches']>();
  for (const r of rows) {
    const list = byRoom.get(r.room_id) ?? [];
    list.push({ id: r.id, message: r.message, flow: r.flow, createdAt: new Date(r.created_at).toISOString() });
    byRoom.set(r.room_id, list);
  }
  const hits: SmsSearchHit[] = [];
  for (const [roomId, matches] of byRoom) hits.push({ room: await getRoom(q, accountId, userId, roomId), matches });
  return hits;
}

/**
 * Each person's unread texts in open rooms (the Messages tab badge), up to SMS_UNREAD_CAP: only
 * rooms with something newer than the person's read mark are looked into, each from its newest text.
 */
export async function unreadTotals(q: Queryable, accountId: string, userIds?: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: string; n: number }>(
    `select u.id,
            (select count(*)::int from (
               select 1 from sms_rooms r
                 left join sms_reads sr on sr.room_id = r.id and sr.user_id = u.id
                 cross join lateral (select 1 from sms_messages m
                                      where m.room_id = r.id and m.flow = 'incoming' and m.type = 'message' and m.created_at > coalesce(sr.read_at, 'epoch')
                                      order by m.created_at desc limit ${SMS_UNREAD_CAP}) unread
                where r.account_id = $1 and r.status = 'open' and r.last_message_on > coalesce(sr.read_at, 'epoch')
                limit ${SMS_UNREAD_CAP}) capped) as n
       from users u where u.account_id = $1 and u.deleted_at is null and ($2::uuid[] is null or u.id = any($2::uuid[]))`,
    [accountId, userIds ?? null],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}
