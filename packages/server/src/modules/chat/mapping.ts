import type { ChatFile, ChatMessage, ChatReaction, ChatRoom, ChatUser } from '@agency/contracts';
import { isInlineImage } from '@agency/contracts';
import type { Queryable } from '../../db/index';

export interface RoomRow {
  id: string;
  format: ChatRoom['format'];
  title: string;
  created_by: string | null;
  last_seq: number;
  last_rev: number;
  last_message_at: Date | null;
  created_at: Date;
}
const ROOM_COLUMNS = 'r.id, r.format, r.title, r.created_by, r.last_seq, r.last_rev, r.last_message_at, r.created_at';

interface MemberRow {
  room_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  hidden: boolean;
  last_read_seq: number;
  viewed_at: Date | null;
}

export interface MessageRow {
  id: string;
  room_id: string;
  seq: number;
  rev: number;
  type: ChatMessage['type'];
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  body: string;
  files: ChatFile[];
  edited: boolean;
  deleted: boolean;
  created_at: Date;
}
export const MESSAGE_SELECT = `select m.id, m.room_id, m.seq, m.rev, m.type, m.user_id, u.first_name, u.last_name, m.body, m.files,
         m.edited, m.deleted, m.created_at
    from chat_messages m left join users u on u.id = m.user_id`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Reactions of these messages, each emoji with who reacted in the order they did. */
async function reactionsOf(q: Queryable, messageIds: string[]): Promise<Map<string, ChatReaction[]>> {
  const out = new Map<string, ChatReaction[]>();
  if (!messageIds.length) return out;
  const rows = await q.query<{ message_id: string; emoji: string; by: string[] }>(
    `select message_id, emoji, array_agg(user_id::text order by created_at) as by, min(created_at) as first_at
       from chat_reactions where message_id = any($1::uuid[])
      group by message_id, emoji order by first_at`,
    [messageIds],
  );
  for (const r of rows) {
    const list = out.get(r.message_id) ?? [];
    list.push({ emoji: r.emoji, by: r.by });
    out.set(r.message_id, list);
  }
  return out;
}

export function toMessage(r: MessageRow, reactions: ChatReaction[] = []): ChatMessage {
  const files = r.deleted ? [] : (r.files ?? []);
  return {
    id: r.id,
    roomId: r.room_id,
    seq: Number(r.seq),
    rev: Number(r.rev),
    type: r.type,
    user: r.user_id ? { id: r.user_id, firstName: r.first_name ?? 'Former', lastName: r.last_name ?? 'user' } : null,
    message: r.deleted ? '' : r.body,
    edited: r.edited,
    deleted: r.deleted,
    reactions: r.deleted ? [] : reactions,
    media: files.filter((f) => isInlineImage(f.type)),
    files: files.filter((f) => !isInlineImage(f.type)),
    createdAt: iso(r.created_at)!,
  };
}

/** Messages of one room selected by `where` (on alias m), with their reactions, oldest first. */
export async function selectMessages(q: Queryable, where: string, params: unknown[], orderLimit: string): Promise<ChatMessage[]> {
  const rows = await q.query<MessageRow>(`${MESSAGE_SELECT} where ${where} ${orderLimit}`, params);
  rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  const reactions = await reactionsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMessage(r, reactions.get(r.id)));
}

export async function findMessage(q: Queryable, accountId: string, roomId: string, messageId: string): Promise<ChatMessage | null> {
  const [m] = await selectMessages(q, 'm.account_id = $1 and m.room_id = $2 and m.id = $3', [accountId, roomId, messageId], '');
  return m ?? null;
}

/**
 * Rooms as one user sees them (their order, unread count and mute), with members, who has seen the
 * latest message and who hid the room. `roomIds` narrows the list.
 */
export async function loadRooms(q: Queryable, accountId: string, userId: string, roomIds?: string[]): Promise<ChatRoom[]> {
  const rows = await q.query<RoomRow & { sort_order: number; unread: number; muted: boolean }>(
    `select ${ROOM_COLUMNS}, m.sort_order, m.unread, m.muted
       from chat_members m join chat_rooms r on r.account_id = m.account_id and r.id = m.room_id
      where m.account_id = $1 and m.user_id = $2 ${roomIds ? 'and m.room_id = any($3::text[])' : ''}
      order by m.sort_order, r.created_at desc`,
    roomIds ? [accountId, userId, roomIds] : [accountId, userId],
  );
  if (!rows.length) return [];
  const members = await q.query<MemberRow>(
    `select cm.room_id, cm.user_id, u.first_name, u.last_name, cm.hidden, cm.last_read_seq, cm.viewed_at
       from chat_members cm join users u on u.id = cm.user_id
      where cm.account_id = $1 and cm.room_id = any($2::text[])
      order by cm.joined_at, u.first_name`,
    [accountId, rows.map((r) => r.id)],
  );
  const byRoom = new Map<string, MemberRow[]>();
  for (const m of members) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);
  return rows.map((r) => {
    const list = byRoom.get(r.id) ?? [];
    return {
      id: r.id,
      format: r.format,
      title: r.title,
      createdBy: r.created_by,
      users: list.map((m): ChatUser => ({ id: m.user_id, firstName: m.first_name, lastName: m.last_name })),
      unread: r.unread,
      viewedBy: list.filter((m) => m.viewed_at && Number(m.last_read_seq) >= Number(r.last_seq)).map((m) => m.user_id),
      hidden: list.filter((m) => m.hidden).map((m) => m.user_id),
      order: r.sort_order,
      muted: r.muted,
      lastSeq: Number(r.last_seq),
      lastRev: Number(r.last_rev),
      lastMessageAt: iso(r.last_message_at),
      createdAt: iso(r.created_at)!,
    };
  });
}

export async function loadRoom(q: Queryable, accountId: string, userId: string, roomId: string): Promise<ChatRoom | null> {
  const [room] = await loadRooms(q, accountId, userId, [roomId]);
  return room ?? null;
}

/** The ids of a room's members. */
export async function memberIds(q: Queryable, accountId: string, roomId: string): Promise<string[]> {
  const rows = await q.query<{ user_id: string }>('select user_id from chat_members where account_id = $1 and room_id = $2', [accountId, roomId]);
  return rows.map((r) => r.user_id);
}
