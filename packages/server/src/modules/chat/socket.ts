import type { ChatAck, ChatMessage, ChatRoomPatch, ClientToServerEvents } from '@agency/contracts';
import { GIPHY_PREFIX, roomDisplayTitle } from '@agency/contracts';
import type { Db } from '../../db/index';
import type { AppNamespace, AppSocket, SocketFeature } from '../../realtime/index';
import { socketFailure } from '../../realtime/failure';
import { findMessage, loadRoom } from './mapping';
import { deleteMessage, joinRoom, loadMessage, loadMore, searchMessages, sendMessage, toggleReaction, updateMessage, type SentMessage } from './messages';
import {
  addUsers,
  createRoom,
  getRooms,
  hideRoom,
  leaveRoom,
  orderRooms,
  removeUser,
  renameRoom,
  unreadTotals,
  unviewRoom,
  updateMembership,
  viewRoom,
  type ChatActor,
} from './rooms';

type ChatEvent = Extract<keyof ClientToServerEvents, `chat_${string}`>;
type RequestOf<E extends ChatEvent> = Parameters<ClientToServerEvents[E]>[0];
type ResultOf<E extends ChatEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends ChatAck<infer T> ? T : never;

const failure = (err: unknown) => socketFailure('chat', err);

/** Registers a request handler: its result or its error message goes back through the acknowledgement. */
function answer<E extends ChatEvent>(socket: AppSocket, event: E, handle: (req: RequestOf<E>) => Promise<ResultOf<E>>) {
  const listener = async (req: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (res: ChatAck<ResultOf<E>>) => void) : () => undefined;
    try {
      reply({ ok: true, data: await handle((req ?? {}) as RequestOf<E>) });
    } catch (err) {
      reply({ ok: false, message: failure(err) });
    }
  };
  (socket.on as unknown as (event: string, listener: (...args: unknown[]) => void) => void)(event, listener);
}

const userRooms = (ids: string[]) => ids.map((id) => `user:${id}`);

/** Sends each user's Team badge (unread chat), a moment after a burst of changes. */
class BadgeSender {
  private pending = new Map<string, { nsp: AppNamespace; accountId: string; users: Set<string>; timer: NodeJS.Timeout }>();
  constructor(private readonly db: Db) {}

  schedule(nsp: AppNamespace, accountId: string, userIds: string[]) {
    let batch = this.pending.get(nsp.name);
    if (!batch) {
      const timer = setTimeout(() => void this.flush(nsp.name), 100);
      timer.unref();
      batch = { nsp, accountId, users: new Set(), timer };
      this.pending.set(nsp.name, batch);
    }
    for (const id of userIds) batch.users.add(id);
  }

  private async flush(key: string) {
    const batch = this.pending.get(key);
    this.pending.delete(key);
    // A badge is a hint: one that fails (the server is shutting down) is simply sent with the next change.
    if (batch) await this.send(batch.nsp, batch.accountId, [...batch.users]).catch(() => undefined);
  }

  async send(nsp: AppNamespace, accountId: string, userIds: string[], only?: AppSocket) {
    if (!userIds.length) return;
    const totals = await unreadTotals(this.db, accountId, userIds);
    for (const [userId, count] of totals) (only ?? nsp.to(`user:${userId}`)).emit('badge', { name: 'team', count });
  }
}

const badgeSenders = new WeakMap<Db, BadgeSender>();

function describe(m: ChatMessage): string {
  if (m.message.startsWith(GIPHY_PREFIX)) return 'sent a GIF';
  if (!m.message) return m.media.length ? 'sent a picture' : 'sent a file';
  return m.message.length > 140 ? `${m.message.slice(0, 139)}…` : m.message;
}

/** Team chat over the account's socket: every request is checked against room membership. */
export const chatSocket: SocketFeature = (socket, { db, nsp }) => {
  const { accountId, userId, role } = socket.data.auth;
  const actor: ChatActor = { accountId, userId, role };
  const badges = badgeSenders.get(db) ?? badgeSenders.set(db, new BadgeSender(db)).get(db)!;
  const to = (ids: string[]) => nsp.to(userRooms(ids));
  const patchAll = (ids: string[], patch: ChatRoomPatch) => ids.length && to(ids).emit('chat_room', patch);
  const broadcastStatus = async (roomId: string, statusId: string | null, members: string[]) => {
    if (!statusId || !members.length) return;
    const message = await findMessage(db, accountId, roomId, statusId);
    if (message) to(members).emit('chat_message', { roomId, message });
  };
  /** Each user's own view of the room (their order and unread count differ). */
  const sendRoomTo = async (roomId: string, ids: string[]) => {
    for (const id of ids) {
      const room = await loadRoom(db, accountId, id, roomId);
      if (room) nsp.to(`user:${id}`).emit('chat_room', room);
    }
  };

  void badges.send(nsp, accountId, [userId], socket).catch(() => undefined);

  answer(socket, 'chat_getRooms', async () => {
    const rooms = await getRooms(db, actor);
    socket.emit('chat_rooms', rooms);
    return rooms;
  });

  answer(socket, 'chat_createRoom', async (req) => {
    const result = await db.tx((q) => createRoom(q, actor, req));
    if (result.created) {
      await sendRoomTo(result.room.id, result.members);
      const others = result.members.filter((id) => id !== userId);
      if (result.room.format === 'group' && others.length) {
        to(others).emit('message', { message: `${result.actorName} added you to ${result.room.title}`, link: `/chat/${result.room.id}` });
      }
    } else {
      nsp.to(`user:${userId}`).emit('chat_room', result.room);
    }
    return result.room;
  });

  answer(socket, 'chat_joinRoom', (req) => joinRoom(db, actor, req));
  answer(socket, 'chat_loadMore', (req) => loadMore(db, actor, req));
  answer(socket, 'chat_loadMessage', (req) => loadMessage(db, actor, req));
  answer(socket, 'chat_search', (req) => searchMessages(db, actor, req));

  answer(socket, 'chat_viewRoom', async (req) => {
    const { patch, changed } = await db.tx((q) => viewRoom(q, actor, req));
    nsp.to(`user:${userId}`).emit('chat_room', patch);
    if (changed) {
      const room = await loadRoom(db, accountId, userId, patch.id);
      patchAll(room ? room.users.map((u) => u.id).filter((id) => id !== userId) : [], { id: patch.id, viewedBy: patch.viewedBy });
    }
    badges.schedule(nsp, accountId, [userId]);
    return patch;
  });

  answer(socket, 'chat_unviewRoom', async (req) => {
    const patch = await db.tx((q) => unviewRoom(q, actor, req));
    const room = await loadRoom(db, accountId, userId, patch.id);
    nsp.to(`user:${userId}`).emit('chat_room', patch);
    patchAll(room ? room.users.map((u) => u.id).filter((id) => id !== userId) : [], { id: patch.id, viewedBy: patch.viewedBy });
    badges.schedule(nsp, accountId, [userId]);
    return patch;
  });

  answer(socket, 'chat_hideRoom', async (req) => {
    const patch = await db.tx((q) => hideRoom(q, actor, req));
    nsp.to(`user:${userId}`).emit('chat_room', patch);
    badges.schedule(nsp, accountId, [userId]);
    return patch;
  });

  answer(socket, 'chat_update', async (req) => {
    const patch = await db.tx((q) => updateMembership(q, actor, req));
    nsp.to(`user:${userId}`).emit('chat_room', patch);
    badges.schedule(nsp, accountId, [userId]);
    return patch;
  });

  answer(socket, 'chat_roomOrder', async (req) => {
    const rooms = await db.tx((q) => orderRooms(q, actor, req));
    nsp.to(`user:${userId}`).emit('chat_rooms', rooms);
    return rooms;
  });

  answer(socket, 'chat_updateRoom', async (req) => {
    const { members, statusId } = await db.tx((q) => renameRoom(q, actor, req));
    const room = (await loadRoom(db, accountId, userId, req.roomId))!;
    patchAll(members, { id: room.id, title: room.title, lastSeq: room.lastSeq, lastRev: room.lastRev });
    await broadcastStatus(req.roomId, statusId, members);
    return room;
  });

  answer(socket, 'chat_addUsers', async (req) => {
    const result = await db.tx((q) => addUsers(q, actor, req));
    const room = (await loadRoom(db, accountId, userId, req.roomId))!;
    await sendRoomTo(req.roomId, result.added);
    patchAll(result.before, { id: room.id, users: room.users, viewedBy: room.viewedBy, hidden: room.hidden });
    await broadcastStatus(req.roomId, result.statusId, result.before);
    to(result.added).emit('message', { message: `${result.actorName} added you to ${roomDisplayTitle(room, '')}`, link: `/chat/${room.id}` });
    return room;
  });

  answer(socket, 'chat_removeUser', async (req) => {
    const { members, statusId } = await db.tx((q) => removeUser(q, actor, req));
    nsp.to(`user:${req.userId}`).emit('chat_removeRoom', { roomId: req.roomId });
    const room = (await loadRoom(db, accountId, userId, req.roomId))!;
    patchAll(members, { id: room.id, users: room.users, viewedBy: room.viewedBy, hidden: room.hidden });
    await broadcastStatus(req.roomId, statusId, members);
    badges.schedule(nsp, accountId, [req.userId]);
    return room;
  });

  answer(socket, 'chat_leaveRoom', async (req) => {
    const { members, statusId } = await db.tx((q) => leaveRoom(q, actor, req));
    nsp.to(`user:${userId}`).emit('chat_removeRoom', { roomId: req.roomId });
    if (members.length) {
      const room = (await loadRoom(db, accountId, members[0], req.roomId))!;
      patchAll(members, { id: room.id, users: room.users, viewedBy: room.viewedBy, hidden: room.hidden });
      await broadcastStatus(req.roomId, statusId, members);
    }
    badges.schedule(nsp, accountId, [userId]);
    return { roomId: req.roomId };
  });

  answer(socket, 'chat_message', async (req) => {
    const sent = await db.tx((q) => sendMessage(q, actor, req));
    // A retried id is sent again too: members who missed it get it, the rest drop the copy by id.
    to(sent.members).emit('chat_message', { roomId: sent.message.roomId, message: sent.message });
    if (!sent.duplicate) void afterMessage(sent).catch((err) => console.error('chat notify:', err));
    return sent.message;
  });

  async function afterMessage(sent: SentMessage) {
    badges.schedule(
      nsp,
      accountId,
      sent.members.filter((id) => id !== userId),
    );
    if (!sent.listeners.length) return;
    const from = sent.message.user ? `${sent.message.user.firstName} ${sent.message.user.lastName}` : 'Someone';
    to(sent.listeners).emit('notify', {
      title: sent.room.format === 'group' ? `${from} in ${sent.room.title}` : from,
      body: describe(sent.message),
      link: `/chat/${sent.room.id}`,
      tag: `chat:${sent.room.id}`,
    });
  }

  answer(socket, 'chat_updateMessage', async (req) => {
    const { message, members } = await db.tx((q) => updateMessage(q, actor, req));
    to(members).emit('chat_messageUpdate', { roomId: req.roomId, message });
    return message;
  });

  answer(socket, 'chat_deleteMessage', async (req) => {
    const { message, members } = await db.tx((q) => deleteMessage(q, actor, req));
    to(members).emit('chat_messageUpdate', { roomId: req.roomId, message });
    return message;
  });

  answer(socket, 'chat_reaction', async (req) => {
    const { message, members } = await db.tx((q) => toggleReaction(q, actor, req));
    to(members).emit('chat_messageUpdate', { roomId: req.roomId, message });
    return message;
  });
};
