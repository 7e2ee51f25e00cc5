import type { ChatFile, ChatMessage, ChatPage, ChatRequest, ChatSearchResult } from '@agency/contracts';
import { CHAT_LIMITS, CHAT_MESSAGES, chatSchemas, gifMessageSchema, GIPHY_PREFIX, roomDisplayTitle } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { findMessage, loadRoom, loadRooms, memberIds, selectMessages, toMessage, type RoomRow } from './mapping';
import { appendToRoom, requireMember, type ChatActor } from './rooms';

const PAGE = CHAT_LIMITS.pageLimit;
const ROOM_MSG = 'm.account_id = $1 and m.room_id = $2';

async function olderExists(q: Queryable, accountId: string, roomId: string, seq: number | undefined) {
  if (seq === undefined) return false;
  const [r] = await q.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from chat_messages where account_id = $1 and room_id = $2 and seq < $3 limit 1) x',
    [accountId, roomId, seq],
  );
  return r.n > 0;
}
async function newerExists(q: Queryable, accountId: string, roomId: string, seq: number | undefined) {
  if (seq === undefined) return false;
  const [r] = await q.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from chat_messages where account_id = $1 and room_id = $2 and seq > $3 limit 1) x',
    [accountId, roomId, seq],
  );
  return r.n > 0;
}

/** The room's last page. The seq bound keeps the planner on the seq index (PGlite has no statistics to go by). */
async function latestPage(q: Queryable, actor: ChatActor, roomId: string, lastSeq: number): Promise<Omit<ChatPage, 'room' | 'reset'>> {
  const messages = await selectMessages(q, `${ROOM_MSG} and m.seq <= $3`, [actor.accountId, roomId, lastSeq], `order by m.seq desc limit ${PAGE}`);
  return { messages, hasMore: await olderExists(q, actor.accountId, roomId, messages[0]?.seq), hasNewer: false };
}

/**
 * Opens a room: its latest page, or (with `sinceRev`, after a reconnect) every message new or
 * changed since then. A client too far behind gets the latest page with `reset`.
 */
export async function joinRoom(q: Queryable, actor: ChatActor, input: ChatRequest<'joinRoom'>): Promise<ChatPage> {
  const req = chatSchemas.joinRoom.parse(input);
  const row = await requireMember(q, actor, req.roomId);
  const room = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  if (req.sinceRev !== undefined && Number(row.last_rev) - req.sinceRev <= CHAT_LIMITS.catchUpMax) {
    const messages = await selectMessages(q, `${ROOM_MSG} and m.rev > $3`, [actor.accountId, req.roomId, req.sinceRev], 'order by m.seq');
    return { room, messages, hasMore: false, hasNewer: false, reset: false };
  }
  return { room, ...(await latestPage(q, actor, req.roomId, room.lastSeq)), reset: req.sinceRev !== undefined };
}

/** Older messages (before a seq, one page) or newer ones (after a seq). */
export async function loadMore(q: Queryable, actor: ChatActor, input: ChatRequest<'loadMore'>): Promise<ChatPage> {
  const req = chatSchemas.loadMore.parse(input);
  await requireMember(q, actor, req.roomId);
  const room = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  if (req.after !== undefined) {
    const limit = CHAT_LIMITS.catchUpMax;
    const messages = await selectMessages(q, `${ROOM_MSG} and m.seq > $3`, [actor.accountId, req.roomId, req.after], `order by m.seq limit ${limit}`);
    return { room, messages, hasMore: false, hasNewer: await newerExists(q, actor.accountId, req.roomId, messages.at(-1)?.seq), reset: false };
  }
  if (req.before === undefined) return { room, ...(await latestPage(q, actor, req.roomId, room.lastSeq)), reset: false };
  const messages = await selectMessages(q, `${ROOM_MSG} and m.seq < $3`, [actor.accountId, req.roomId, req.before], `order by m.seq desc limit ${PAGE}`);
  return { room, messages, hasMore: await olderExists(q, actor.accountId, req.roomId, messages[0]?.seq), hasNewer: false, reset: false };
}

/** A message with the messages around it (a search result opened in its room). */
export async function loadMessage(q: Queryable, actor: ChatActor, input: ChatRequest<'loadMessage'>): Promise<ChatPage> {
  const req = chatSchemas.loadMessage.parse(input);
  await requireMember(q, actor, req.roomId);
  const target = await findMessage(q, actor.accountId, req.roomId, req.messageId);
  if (!target) throw notFound(CHAT_MESSAGES.messageNotFound);
  const room = (await loadRoom(q, actor.accountId, actor.userId, req.roomId))!;
  const before = await selectMessages(q, `${ROOM_MSG} and m.seq <= $3`, [actor.accountId, req.roomId, target.seq], `order by m.seq desc limit ${PAGE / 2 + 1}`);
  const after = await selectMessages(q, `${ROOM_MSG} and m.seq > $3`, [actor.accountId, req.roomId, target.seq], `order by m.seq limit ${PAGE / 2 - 1}`);
  const messages = [...before, ...after];
  return {
    room,
    messages,
    hasMore: await olderExists(q, actor.accountId, req.roomId, messages[0]?.seq),
    hasNewer: await newerExists(q, actor.accountId, req.roomId, messages.at(-1)?.seq),
    reset: true,
  };
}

export interface SentMessage {
  message: ChatMessage;
  room: RoomRow;
  /** The id was already stored: this is the earlier copy, nothing new was written. */
  duplicate: boolean;
  members: string[];
  /** Other members who did not mute the room (desktop notices go to them). */
  listeners: string[];
}

/**
 * Stores a message once under its client-chosen id. A retry of the same id returns the stored copy,
 * so a send repeated after a dropped connection never shows twice.
 */
export async function sendMessage(q: Queryable, actor: ChatActor, input: ChatRequest<'message'>): Promise<SentMessage> {
  const req = chatSchemas.message.parse(input);
  const room = await requireMember(q, actor, req.roomId, true);
  const [existing] = await q.query<{ account_id: string; room_id: string; user_id: string | null }>(
    'select account_id, room_id, user_id from chat_messages where id = $1',
    [req.id],
  );
  if (existing) {
    if (existing.account_id !== actor.accountId || existing.room_id !== req.roomId || existing.user_id !== actor.userId) {
      throw badRequest(CHAT_MESSAGES.invalidMessageId);
    }
    const message = (await findMessage(q, actor.accountId, req.roomId, req.id))!;
    return { message, room, duplicate: true, members: await memberIds(q, actor.accountId, req.roomId), listeners: [] };
  }
  const text = req.message.trim();
  const fileIds = [...new Set(req.fileIds)];
  if (!text && !fileIds.length) throw badRequest(CHAT_MESSAGES.emptyMessage);
  if (text.startsWith(GIPHY_PREFIX)) {
    if (!gifMessageSchema.safeParse(text).success || fileIds.length) throw badRequest(CHAT_MESSAGES.invalidGif);
  }
  let files: ChatFile[] = [];
  if (fileIds.length) {
    const rows = await q.query<{ id: string; name: string; type: string; size: number }>(
      `select id, name, type, size from chat_uploads
        where account_id = $1 and room_id = $2 and user_id = $3 and message_id is null and removed_at is null and id = any($4::uuid[])`,
      [actor.accountId, req.roomId, actor.userId, fileIds],
    );
    if (rows.length !== fileIds.length) throw badRequest(CHAT_MESSAGES.unknownFile);
    const byId = new Map(rows.map((r) => [r.id, r]));
    files = fileIds.map((id) => {
      const r = byId.get(id)!;
      return { id, name: r.name, type: r.type, size: Number(r.size), url: fileUrl(req.roomId, id) };
    });
  }
  const stored = await appendToRoom(q, actor, req.roomId, { id: req.id, type: 'message', body: text, files });
  if (fileIds.length) {
    await q.query('update chat_uploads set message_id = $2 where id = any($1::uuid[])', [fileIds, req.id]);
  }
  const message = toMessage({
    id: req.id,
    room_id: req.roomId,
    seq: stored.seq,
    rev: stored.rev,
    type: 'message',
    user_id: actor.userId,
    first_name: room.actor_first,
    last_name: room.actor_last,
    body: text,
    files,
    edited: false,
    deleted: false,
    created_at: stored.createdAt,
  });
  return {
    message,
    room,
    duplicate: false,
    members: [actor.userId, ...stored.others.map((o) => o.user_id)],
    listeners: stored.others.filter((o) => !o.muted).map((o) => o.user_id),
  };
}

export const fileUrl = (roomId: string, fileId: string) => `/api/utilities/files/chat/${encodeURIComponent(roomId)}/${fileId}`;

/** A message the actor may change: their own, not a status line, not deleted, younger than one day. */
async function ownRecentMessage(q: Queryable, actor: ChatActor, roomId: string, messageId: string) {
  await requireMember(q, actor, roomId, true);
  const [m] = await q.query<{ user_id: string | null; type: string; deleted: boolean; body: string; recent: boolean }>(
    `select user_id, type, deleted, body, created_at > now() - interval '1 day' as recent
       from chat_messages where account_id = $1 and room_id = $2 and id = $3`,
    [actor.accountId, roomId, messageId],
  );
  if (!m) throw notFound(CHAT_MESSAGES.messageNotFound);
  if (m.type !== 'message') throw badRequest(CHAT_MESSAGES.statusNoChange);
  if (m.user_id !== actor.userId) throw forbidden(CHAT_MESSAGES.onlyAuthor);
  if (m.deleted) throw badRequest(CHAT_MESSAGES.messageDeleted);
  if (!m.recent) throw forbidden(CHAT_MESSAGES.editWindow);
  return m;
}

async function bumpRev(q: Queryable, actor: ChatActor, roomId: string): Promise<number> {
  const [r] = await q.query<{ last_rev: number }>('update chat_rooms set last_rev = last_rev + 1 where account_id = $1 and id = $2 returning last_rev', [
    actor.accountId,
    roomId,
  ]);
  return Number(r.last_rev);
}

export async function updateMessage(q: Queryable, actor: ChatActor, input: ChatRequest<'updateMessage'>) {
  const req = chatSchemas.updateMessage.parse(input);
  const m = await ownRecentMessage(q, actor, req.roomId, req.messageId);
  if (m.body.startsWith(GIPHY_PREFIX)) throw badRequest(CHAT_MESSAGES.gifNoEdit);
  if (req.message.startsWith(GIPHY_PREFIX)) throw badRequest(CHAT_MESSAGES.invalidGif);
  if (req.message !== m.body) {
    const rev = await bumpRev(q, actor, req.roomId);
    await q.query('update chat_messages set body = $2, edited = true, rev = $3, updated_at = now() where id = $1', [req.messageId, req.message, rev]);
  }
  return { message: (await findMessage(q, actor.accountId, req.roomId, req.messageId))!, members: await memberIds(q, actor.accountId, req.roomId) };
}

/** Deletes a message's content (the line stays as 'deleted'); its files stop being served and are removed from storage. */
export async function deleteMessage(q: Queryable, actor: ChatActor, input: ChatRequest<'deleteMessage'>) {
  const req = chatSchemas.deleteMessage.parse(input);
  await ownRecentMessage(q, actor, req.roomId, req.messageId);
  const rev = await bumpRev(q, actor, req.roomId);
  await q.query(`update chat_messages set deleted = true, body = '', files = '[]'::jsonb, rev = $2, updated_at = now() where id = $1`, [req.messageId, rev]);
  await q.query('delete from chat_reactions where message_id = $1', [req.messageId]);
  await q.query('update chat_uploads set removed_at = now() where message_id = $1', [req.messageId]);
  return { message: (await findMessage(q, actor.accountId, req.roomId, req.messageId))!, members: await memberIds(q, actor.accountId, req.roomId) };
}

/** Adds the actor's reaction with this emoji, or takes it back if they had it. */
export async function toggleReaction(q: Queryable, actor: ChatActor, input: ChatRequest<'reaction'>) {
  const req = chatSchemas.reaction.parse(input);
  await requireMember(q, actor, req.roomId, true);
  const [m] = await q.query<{ type: string; deleted: boolean }>('select type, deleted from chat_messages where account_id = $1 and room_id = $2 and id = $3', [
    actor.accountId,
    req.roomId,
    req.messageId,
  ]);
  if (!m) throw notFound(CHAT_MESSAGES.messageNotFound);
  if (m.type !== 'message') throw badRequest(CHAT_MESSAGES.statusNoChange);
  if (m.deleted) throw badRequest(CHAT_MESSAGES.messageDeleted);
  const removed = await q.query('delete from chat_reactions where message_id = $1 and emoji = $2 and user_id = $3 returning emoji', [
    req.messageId,
    req.emoji,
    actor.userId,
  ]);
  if (!removed.length) {
    await q.query('insert into chat_reactions (message_id, emoji, user_id) values ($1, $2, $3)', [req.messageId, req.emoji, actor.userId]);
  }
  const rev = await bumpRev(q, actor, req.roomId);
  await q.query('update chat_messages set rev = $2 where id = $1', [req.messageId, rev]);
  return { message: (await findMessage(q, actor.accountId, req.roomId, req.messageId))!, members: await memberIds(q, actor.accountId, req.roomId) };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Messages containing the text in the actor's rooms, newest first. */
export async function searchMessages(q: Queryable, actor: ChatActor, input: ChatRequest<'search'>): Promise<ChatSearchResult[]> {
  const req = chatSchemas.search.parse(input);
  const messages = await selectMessages(
    q,
    `m.account_id = $1 and m.type = 'message' and not m.deleted and m.body not like 'giphy:%' and m.body ilike $3 escape '\\'
      and exists (select 1 from chat_members cm where cm.account_id = m.account_id and cm.room_id = m.room_id and cm.user_id = $2)`,
    [actor.accountId, actor.userId, `%${likeEscape(req.text)}%`],
    `order by m.created_at desc, m.seq desc limit ${CHAT_LIMITS.searchResults}`,
  );
  const rooms = new Map((await loadRooms(q, actor.accountId, actor.userId, [...new Set(messages.map((m) => m.roomId))])).map((r) => [r.id, r]));
  return messages
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.seq - a.seq)
    .map((message) => ({ roomId: message.roomId, roomTitle: roomDisplayTitle(rooms.get(message.roomId)!, actor.userId), message }));
}
