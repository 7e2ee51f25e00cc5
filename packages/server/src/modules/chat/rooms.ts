import { randomUUID } from 'node:crypto';
import type { ChatRequest, ChatRoom, ChatRoomPatch, Role } from '@agency/contracts';
import { CHAT_LIMITS, CHAT_MESSAGES, canRenameRoom, chatSchemas, directRoomId, isAdminRole } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, forbidden } from '../../http/errors';
import { loadRoom, loadRooms, memberIds, type RoomRow } from './mapping';

/** Who is acting: every chat query is scoped to this account. */
export interface ChatActor {
  accountId: string;
  userId: string;
  role: Role;
}

interface NamedUser {
  id: string;
  first_name: string;
  last_name: string;
}
const nameOf = (u: NamedUser) => `${u.first_name} ${u.last_name}`.trim();

/** The room, if the actor is a member of it (locked for the rest of the transaction); otherwise refused. */
export async function requireMember(
  q: Queryable,
  actor: ChatActor,
  roomId: string,
  lock = false,
): Promise<RoomRow & { actor_first: string; actor_last: string }> {
  const [room] = await q.query<RoomRow & { actor_first: string; actor_last: string }>(
    `select r.id, r.format, r.title, r.created_by, r.last_seq, r.last_rev, r.last_message_at, r.created_at,
            u.first_name as actor_first, u.last_name as actor_last
       from chat_rooms r
       join chat_members m on m.account_id = r.account_id and m.room_id = r.id and m.user_id = $3
       join users u on u.id = m.user_id
      where r.account_id = $1 and r.id = $2 ${lock ? 'for update of r' : ''}`,
    [actor.accountId, roomId, actor.userId],
  );
  if (!room) throw forbidden(CHAT_MESSAGES.notMember);
  return room;
}

/** Active users of the account with these ids; refuses if any is unknown. */
async function accountUsers(q: Queryable, accountId: string, ids: string[]): Promise<NamedUser[]> {
  const unique = [...new Set(ids)];
  const rows = await q.query<NamedUser>(
    'select id, first_name, last_name from users where account_id = $1 and id = any($2::uuid[]) and deleted_at is null order by first_name, last_name',
    [accountId, unique],
  );
  if (rows.length !== unique.length) throw badRequest(CHAT_MESSAGES.unknownUser);
  return rows;
}

async function addMember(q: Queryable, accountId: string, roomId: string, userId: string) {
  await q.query(
    `insert into chat_members (account_id, room_id, user_id, sort_order)
     values ($1, $2, $3, coalesce((select min(sort_order) from chat_members where account_id = $1 and user_id = $3), 0) - 1)
     on conflict do nothing`,
    [accountId, roomId, userId],
  );
}

/**
 * Appends a message or status line to a room: takes the room's next seq and rev under the room's
 * row lock, so every member sees one order. A message (not a status line) counts as unread for
 * the other members and brings the room back to the list of those who hid it. Returns the other
 * members too (with whether they muted the room), for the fan-out.
 */
export async function appendToRoom(
  q: Queryable,
  actor: ChatActor,
  roomId: string,
  m: { id: string; type: 'message' | 'status'; body: string; files?: unknown[] },
): Promise<{ seq: number; rev: number; createdAt: Date; others: Array<{ user_id: string; muted: boolean }> }> {
  const [next] = await q.query<{ last_seq: number; last_rev: number; last_message_at: Date }>(
    `update chat_rooms set last_seq = last_seq + 1, last_rev = last_rev + 1, last_message_at = now()
      where account_id = $1 and id = $2 returning last_seq, last_rev, last_message_at`,
    [actor.accountId, roomId],
  );
  await q.query(
    `insert into chat_messages (id, account_id, room_id, seq, rev, type, user_id, body, files, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
    [m.id, actor.accountId, roomId, next.last_seq, next.last_rev, m.type, actor.userId, m.body, JSON.stringify(m.files ?? []), next.last_message_at],
  );
  const message = m.type === 'message';
  const others = await q.query<{ user_id: string; muted: boolean }>(
    `update chat_members set unread = unread + $4, hidden = hidden and not $5
      where account_id = $1 and room_id = $2 and user_id <> $3 returning user_id, muted`,
    [actor.accountId, roomId, actor.userId, message ? 1 : 0, message],
  );
  // The author has seen everything up to what they just wrote.
  await q.query(
    `update chat_members set unread = 0, last_read_seq = $4, viewed_at = now(), hidden = false
      where account_id = $1 and room_id = $2 and user_id = $3`,
    [actor.accountId, roomId, actor.userId, next.last_seq],
  );
  return { seq: Number(next.last_seq), rev: Number(next.last_rev), createdAt: new Date(next.last_message_at), others };
}

/** Appends a status line (joins, leaves, renames); returns its id. */
async function status(q: Queryable, actor: ChatActor, roomId: string, body: string): Promise<string> {
  const id = randomUUID();
  await appendToRoom(q, actor, roomId, { id, type: 'status', body });
  return id;
}

async function actorName(q: Queryable, actor: ChatActor): Promise<string> {
  const [u] = await q.query<NamedUser>('select id, first_name, last_name from users where id = $1 and account_id = $2', [actor.userId, actor.accountId]);
  return u ? nameOf(u) : 'Someone';
}

const listNames = (users: NamedUser[]) => users.map(nameOf).join(', ');

export interface CreatedRoom {
  room: ChatRoom;
  created: boolean;
  members: string[];
  actorName: string;
}

/** A direct room with one other user (the same room again if it exists), or a group room. */
export async function createRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'createRoom'>): Promise<CreatedRoom> {
  const req = chatSchemas.createRoom.parse(input);
  const others = [...new Set(req.userIds)].filter((id) => id !== actor.userId);
  if (!others.length) throw badRequest(CHAT_MESSAGES.pickUser);
  const users = await accountUsers(q, actor.accountId, others);
  const me = await actorName(q, actor);
  if (req.format === 'direct') {
    if (others.length !== 1) throw badRequest(CHAT_MESSAGES.directOneUser);
    const id = directRoomId(actor.userId, others[0]);
    const inserted = await q.query(
      `insert into chat_rooms (account_id, id, format, title, created_by) values ($1, $2, 'direct', '', $3)
       on conflict do nothing returning id`,
      [actor.accountId, id, actor.userId],
    );
    await addMember(q, actor.accountId, id, actor.userId);
    await addMember(q, actor.accountId, id, others[0]);
    await q.query('update chat_members set hidden = false where account_id = $1 and room_id = $2 and user_id = $3', [actor.accountId, id, actor.userId]);
    return { room: (await loadRoom(q, actor.accountId, actor.userId, id))!, created: inserted.length > 0, members: [actor.userId, others[0]], actorName: me };
  }
  const id = randomUUID();
  const title = req.title ?? listNames(users).slice(0, CHAT_LIMITS.titleMax);
  await q.query(`insert into chat_rooms (account_id, id, format, title, created_by) values ($1, $2, 'group', $3, $4)`, [
    actor.accountId,
    id,
    title,
    actor.userId,
  ]);
  for (const userId of [actor.userId, ...others]) await addMember(q, actor.accountId, id, userId);
  await status(q, actor, id, `${me} created the room with ${listNames(users)}`);
  return { room: (await loadRoom(q, actor.accountId, actor.userId, id))!, created: true, members: [actor.userId, ...others], actorName: me };
}

function requireGroup(room: RoomRow) {
  if (room.format !== 'group') throw badRequest(CHAT_MESSAGES.groupOnly);
}

export async function renameRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'updateRoom'>) {
  const req = chatSchemas.updateRoom.parse(input);
  const room = await requireMember(q, actor, req.roomId, true);
  if (!canRenameRoom(room)) throw badRequest(CHAT_MESSAGES.renameNotAllowed);
  await q.query('update chat_rooms set title = $3 where account_id = $1 and id = $2', [actor.accountId, req.roomId, req.title]);
  const statusId = await status(q, actor, req.roomId, `${await actorName(q, actor)} renamed the room to ${req.title}`);
  return { members: await memberIds(q, actor.accountId, req.roomId), statusId };
}

export async function addUsers(q: Queryable, actor: ChatActor, input: ChatRequest<'addUsers'>) {
  const req = chatSchemas.addUsers.parse(input);
  const room = await requireMember(q, actor, req.roomId, true);
  requireGroup(room);
  const before = await memberIds(q, actor.accountId, req.roomId);
  const fresh = [...new Set(req.userIds)].filter((id) => !before.includes(id));
  if (!fresh.length) throw badRequest(CHAT_MESSAGES.alreadyMembers);
  const users = await accountUsers(q, actor.accountId, fresh);
  for (const u of users) await addMember(q, actor.accountId, req.roomId, u.id);
  const me = await actorName(q, actor);
  const statusId = await status(q, actor, req.roomId, `${me} added ${listNames(users)}`);
  return { before, added: users.map((u) => u.id), actorName: me, title: room.title, statusId };
}

export async function removeUser(q: Queryable, actor: ChatActor, input: ChatRequest<'removeUser'>) {
  const req = chatSchemas.removeUser.parse(input);
  const room = await requireMember(q, actor, req.roomId, true);
  requireGroup(room);
  if (req.userId === actor.userId) throw badRequest(CHAT_MESSAGES.removeSelf);
  if (room.created_by !== actor.userId && !isAdminRole(actor.role)) throw forbidden(CHAT_MESSAGES.removeNotAllowed);
  const [gone] = await q.query<NamedUser>(
    `delete from chat_members m using users u
      where m.account_id = $1 and m.room_id = $2 and m.user_id = $3 and u.id = m.user_id
      returning u.id, u.first_name, u.last_name`,
    [actor.accountId, req.roomId, req.userId],
  );
  if (!gone) throw badRequest(CHAT_MESSAGES.notInRoom);
  const statusId = await status(q, actor, req.roomId, `${await actorName(q, actor)} removed ${nameOf(gone)}`);
  return { members: await memberIds(q, actor.accountId, req.roomId), statusId };
}

/** Leaves a group room; the last one out deletes it. */
export async function leaveRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'leaveRoom'>) {
  const req = chatSchemas.leaveRoom.parse(input);
  const room = await requireMember(q, actor, req.roomId, true);
  requireGroup(room);
  await q.query('delete from chat_members where account_id = $1 and room_id = $2 and user_id = $3', [actor.accountId, req.roomId, actor.userId]);
  const members = await memberIds(q, actor.accountId, req.roomId);
  if (!members.length) {
    await q.query('delete from chat_rooms where account_id = $1 and id = $2', [actor.accountId, req.roomId]);
    return { members, statusId: null };
  }
  const statusId = await status(q, actor, req.roomId, `${await actorName(q, actor)} left`);
  return { members, statusId };
}

/** Hides the room from the actor's list until something new is said in it. */
export async function hideRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'hideRoom'>): Promise<ChatRoomPatch> {
  const req = chatSchemas.hideRoom.parse(input);
  await requireMember(q, actor, req.roomId);
  await q.query('update chat_members set hidden = true, unread = 0 where account_id = $1 and room_id = $2 and user_id = $3', [
    actor.accountId,
    req.roomId,
    actor.userId,
  ]);
  const room = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  return { id: room.id, hidden: room.hidden, unread: 0 };
}

/** Marks everything in the room as seen by the actor. `changed` says whether who-has-seen moved. */
export async function viewRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'viewRoom'>): Promise<{ patch: ChatRoomPatch; changed: boolean }> {
  const req = chatSchemas.viewRoom.parse(input);
  const room = await requireMember(q, actor, req.roomId);
  const [before] = await q.query<{ last_read_seq: number; viewed_at: Date | null; unread: number; hidden: boolean }>(
    `select last_read_seq, viewed_at, unread, hidden from chat_members where account_id = $1 and room_id = $2 and user_id = $3`,
    [actor.accountId, req.roomId, actor.userId],
  );
  const changed = !before.viewed_at || Number(before.last_read_seq) < Number(room.last_seq);
  if (changed || before.unread || before.hidden) {
    await q.query(
      `update chat_members set unread = 0, hidden = false, viewed_at = now(), last_read_seq = greatest(last_read_seq, $4)
        where account_id = $1 and room_id = $2 and user_id = $3`,
      [actor.accountId, req.roomId, actor.userId, room.last_seq],
    );
  }
  const fresh = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  return { patch: { id: fresh.id, unread: 0, viewedBy: fresh.viewedBy, hidden: fresh.hidden }, changed };
}

/** Marks the room unread again for the actor (the opposite of viewing it). */
export async function unviewRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'unviewRoom'>): Promise<ChatRoomPatch> {
  const req = chatSchemas.unviewRoom.parse(input);
  const room = await requireMember(q, actor, req.roomId);
  if (Number(room.last_seq) > 0) {
    await q.query(
      `update chat_members set unread = greatest(unread, 1), last_read_seq = least(last_read_seq, $4)
        where account_id = $1 and room_id = $2 and user_id = $3`,
      [actor.accountId, req.roomId, actor.userId, Number(room.last_seq) - 1],
    );
  }
  const fresh = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  return { id: fresh.id, unread: fresh.unread, viewedBy: fresh.viewedBy };
}

/** The actor's own settings for a room (mute). */
export async function updateMembership(q: Queryable, actor: ChatActor, input: ChatRequest<'update'>): Promise<ChatRoomPatch> {
  const req = chatSchemas.update.parse(input);
  await requireMember(q, actor, req.roomId);
  await q.query('update chat_members set muted = $4 where account_id = $1 and room_id = $2 and user_id = $3', [
    actor.accountId,
    req.roomId,
    actor.userId,
    req.fields.muted,
  ]);
  return { id: req.roomId, muted: req.fields.muted };
}

/** The actor's order of their rooms, kept for every device they use. */
export async function orderRooms(q: Queryable, actor: ChatActor, input: ChatRequest<'roomOrder'>): Promise<ChatRoom[]> {
  const req = chatSchemas.roomOrder.parse(input);
  await q.query(
    `update chat_members m set sort_order = x.ord::int
       from unnest($3::text[]) with ordinality as x(room_id, ord)
      where m.account_id = $1 and m.user_id = $2 and m.room_id = x.room_id`,
    [actor.accountId, actor.userId, req.roomIds],
  );
  return loadRooms(q, actor.accountId, actor.userId);
}

export const getRooms = (q: Queryable, actor: ChatActor) => loadRooms(q, actor.accountId, actor.userId);

/** Each user's unread chat total, for the Team tab badge (muted rooms do not count). */
export async function unreadTotals(q: Queryable, accountId: string, userIds: string[]): Promise<Map<string, number>> {
  const totals = new Map(userIds.map((id) => [id, 0]));
  const rows = await q.query<{ user_id: string; count: number }>(
    `select user_id, coalesce(sum(unread) filter (where not muted), 0)::int as count
       from chat_members where account_id = $1 and user_id = any($2::uuid[]) group by user_id`,
    [accountId, userIds],
  );
  for (const r of rows) totals.set(r.user_id, Number(r.count));
  return totals;
}
