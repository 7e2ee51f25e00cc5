import type { ClientToServerEvents, SmsAck, SmsRoom } from '@agency/contracts';
import {
  SMS_MESSAGES,
  smsAssignSchema,
  smsCreateRoomSchema,
  smsLoadMoreSchema,
  smsRoomRefSchema,
  smsSearchSchema,
  smsSendSchema,
  smsStatusSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { badRequest } from '../../http/errors';
import type { AppSocket, RealtimePush, SocketFeature } from '../../realtime/index';
import { socketFailure } from '../../realtime/failure';
import { resend, sendFromRoom } from './outbound';
import type { Queryable } from '../../db/index';

const formatPhone = (digits: string) => digits.replace(/^1?(\d{3})(\d{3})(\d{4})$/, '+1-$1-$2-$3');
import { agencyNumberFor, assertMessaging, ensureRoom, getMessage, getRoom, listRooms, roomPage, searchRooms, sharedRoom, unreadTotals } from './service';
import { isAccountUser } from '../users/membership';

type SmsEvent = Exclude<Extract<keyof ClientToServerEvents, `sms_${string}`>, 'sms_is_typing'>;
type RequestOf<E extends SmsEvent> = Parameters<ClientToServerEvents[E]>[0];
type ResultOf<E extends SmsEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends SmsAck<infer T> ? T : never;

const failure = (err: unknown) => socketFailure('sms', err);

/** Answers an inbox request, refused while texting is off for the account. */
function answerWith<E extends SmsEvent>(db: Queryable, socket: AppSocket, event: E, handle: (req: RequestOf<E>) => Promise<ResultOf<E>>) {
  const listener = async (req: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (res: SmsAck<ResultOf<E>>) => void) : () => undefined;
    try {
      await assertMessaging(db, socket.data.auth.accountId);
      reply({ ok: true, data: await handle((req ?? {}) as RequestOf<E>) });
    } catch (err) {
      reply({ ok: false, message: failure(err) });
    }
  };
  (socket.on as unknown as (event: string, listener: (...args: unknown[]) => void) => void)(event, listener);
}

/** The SMS inbox over the account's socket. `deps` gives the carrier and the job queue. */
export function smsSocket(deps: AppDeps): SocketFeature {
  return (socket, { db }) => {
    const answer = <E extends SmsEvent>(s: AppSocket, event: E, handle: (req: RequestOf<E>) => Promise<ResultOf<E>>) => answerWith(db, s, event, handle);
    const { accountId, userId } = socket.data.auth;
    const who = { accountId, userId };
    const roomChanged = (roomId: string, removed = false) => deps.events.emit('smsRoomChanged', { accountId, roomId, removed });

    const sendBadge = async () => {
      const totals = await unreadTotals(db, accountId, [userId]);
      socket.emit('badge', { name: 'messages', count: totals.get(userId) ?? 0 });
    };
    void sendBadge().catch(() => undefined);

    answer(socket, 'sms_rooms', () => listRooms(db, accountId, userId));
    answer(socket, 'sms_join_room', async (req) => {
      const page = await roomPage(db, accountId, userId, smsRoomRefSchema.parse(req).roomId);
      await sendBadge();
      return page;
    });
    answer(socket, 'sms_load_more_messages', async (req) => {
      const { roomId, before, limit } = smsLoadMoreSchema.parse(req);
      return roomPage(db, accountId, userId, roomId, { before, limit, markRead: false });
    });
    answer(socket, 'sms_search_load_message', async (req) => roomPage(db, accountId, userId, smsRoomRefSchema.parse(req).roomId, { limit: 100 }));
    answer(socket, 'sms_room_extras', async (req) => {
      // The open room's news, read as it arrives: the room (a text room of this account) is found
      // before anything is written, and the read is written only beside it.
      const { roomId } = smsRoomRefSchema.parse(req);
      await getRoom(db, accountId, userId, roomId);
      await db.query(
        `insert into sms_reads (room_id, user_id, read_at) select id, $2, now() from sms_rooms where id = $1 and account_id = $3
           on conflict (room_id, user_id) do update set read_at = now()`,
        [roomId, userId, accountId],
      );
      await sendBadge();
      return getRoom(db, accountId, userId, roomId);
    });
    answer(socket, 'sms_send_message', async (req) => sendFromRoom(deps, who, smsSendSchema.parse(req)));
    answer(socket, 'sms_resend_message', async (req) => {
      const { roomId, id } = req;
      if (typeof roomId !== 'string' || typeof id !== 'string') throw badRequest('Which text?');
      return resend(deps, who, roomId, id);
    });
    answer(socket, 'sms_search', async (req) => searchRooms(db, accountId, userId, smsSearchSchema.parse(req).search));
    answer(socket, 'sms_create_room', async (req) => {
      const { clientId, phoneNumber } = smsCreateRoomSchema.parse(req);
      const roomId = await db.tx(async (q) => {
        if (clientId) {
          const [c] = await q.query('select 1 from clients where id = $1 and account_id = $2', [clientId, accountId]);
          if (!c) throw badRequest('Client not found');
        }
        return ensureRoom(q, accountId, phoneNumber, await agencyNumberFor(q, accountId, clientId), clientId);
      });
      await db.query(`update sms_rooms set status = 'open' where id = $1`, [roomId]);
      roomChanged(roomId);
      return getRoom(db, accountId, userId, roomId);
    });
    const follow = async (roomId: string, on: boolean) => {
      await getRoom(db, accountId, userId, roomId);
      await db.tx((q) =>
        on
          ? q.query('insert into sms_followers (room_id, user_id) values ($1, $2) on conflict do nothing', [roomId, userId])
          : q.query('delete from sms_followers where room_id = $1 and user_id = $2', [roomId, userId]),
      );
      roomChanged(roomId);
      return getRoom(db, accountId, userId, roomId);
    };
    answer(socket, 'sms_favorite', async (req) => follow(smsRoomRefSchema.parse(req).roomId, true));
    answer(socket, 'sms_unfavorite', async (req) => follow(smsRoomRefSchema.parse(req).roomId, false));
    answer(socket, 'sms_assign_room_to', async (req) => {
      const { roomId, userId: to } = smsAssignSchema.parse(req);
      await getRoom(db, accountId, userId, roomId);
      if (to) {
        if (!(await isAccountUser(db, accountId, to))) throw badRequest('That person is not on this account.');
      }
      await db.tx((q) => q.query('update sms_rooms set assigned_to = $3 where id = $1 and account_id = $2', [roomId, accountId, to]));
      const room = await getRoom(db, accountId, userId, roomId);
      if (to && to !== userId) {
        deps.events.emit('notice', {
          accountId,
          userIds: [to],
          notice: { message: `A text conversation was assigned to you: ${room.client?.name || room.phoneNumber}`, link: `/messages/${roomId}` },
        });
      }
      roomChanged(roomId);
      return room;
    });
    answer(socket, 'sms_notify_team', async (req) => {
      const room = await getRoom(db, accountId, userId, smsRoomRefSchema.parse(req).roomId);
      deps.events.emit('notice', {
        accountId,
        userIds: null,
        notice: { message: `Please look at the text conversation with ${room.client?.name || room.phoneNumber}`, link: `/messages/${room.id}` },
      });
      return room;
    });
    answer(socket, 'sms_status_room', async (req) => {
      const { roomId, status } = smsStatusSchema.parse(req);
      const room = await getRoom(db, accountId, userId, roomId);
      if (status === 'completed' && room.favorited.length) throw badRequest('A followed conversation cannot be completed; stop following it first.');
      await db.tx((q) => q.query('update sms_rooms set status = $3 where id = $1 and account_id = $2', [roomId, accountId, status]));
      roomChanged(roomId, status === 'completed');
      return getRoom(db, accountId, userId, roomId);
    });
    socket.on('sms_is_typing', (event) => {
      const roomId = typeof event?.roomId === 'string' ? event.roomId : null;
      if (!roomId) return;
      void db.query<{ first_name: string }>('select first_name from users where id = $1', [userId]).then(([u]) => {
        socket.broadcast.emit('sms_is_typing', { roomId, user: { id: userId, firstName: u?.first_name ?? '' } });
      });
    });
  };
}

/** A room as pushed to everyone: unread and attention are each screen's own to keep. */
async function pushedRoom(db: Queryable, accountId: string, roomId: string): Promise<SmsRoom> {
  const room = await sharedRoom(db, accountId, roomId);
  return { ...room, status: room.status === 'completed' ? 'completed' : 'open' };
}

/** Text and room changes reach every socket of the account, on every API process. */
export const smsPush: RealtimePush = ({ db, events, nsFor, track }) => {
  const offs = [
    events.on('smsChanged', ({ accountId, roomId, messageId, inbound }) =>
      track(async () => {
        const ns = await nsFor(accountId);
        if (!ns) return;
        const [room, message] = [await pushedRoom(db, accountId, roomId), await getMessage(db, accountId, messageId)];
        if (!message) return;
        ns.emit('sms_room_update', { room, message });
        if (!inbound) return;
        // A client texted: everyone's Messages badge, and a notice with the way to the room.
        for (const [userId, count] of await unreadTotals(db, accountId)) ns.to(`user:${userId}`).emit('badge', { name: 'messages', count });
        const preview = message.message.length > 80 ? `${message.message.slice(0, 79)}…` : message.message;
        ns.emit('message', { message: `Text from ${room.client?.name || formatPhone(room.phoneNumber)}: ${preview}`, link: `/messages/${roomId}` });
      }),
    ),
    events.on('smsDisabled', ({ accountId }) =>
      track(async () => {
        (await nsFor(accountId))?.emit('sms_disabled', { message: SMS_MESSAGES.disabled });
      }),
    ),
    events.on('smsRoomChanged', ({ accountId, roomId, removed }) =>
      track(async () => {
        const ns = await nsFor(accountId);
        if (!ns) return;
        if (removed) return void ns.emit('sms_room_remove', { roomId });
        ns.emit('sms_room', await pushedRoom(db, accountId, roomId));
      }),
    ),
  ];
  return () => offs.forEach((off) => off());
};
