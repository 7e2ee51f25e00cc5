import { idSchema, type TaskBoardAck } from '@agency/contracts';
import { badRequest } from '../../http/errors';
import { socketFailure } from '../../realtime/failure';
import type { SocketFeature } from '../../realtime/index';
import { boardForActor, type Actor } from './access';
import { activeTask } from './active';
import { alertCounts } from './alerts';
import { applyCardEvent, publishCardResult } from './cards';
import { boardRoom, rememberAccount } from './publish';

const failure = (err: unknown): TaskBoardAck => ({ ok: false, message: socketFailure('taskboard', err) });

const reply = (ack: unknown, res: TaskBoardAck) => {
  if (typeof ack === 'function') ack(res);
};

/** taskBoard_joinBoard, taskBoard_leaveBoard and taskBoard_updateCard; alerts and the active task on connect. */
export const taskBoardSocketFeature: SocketFeature = (socket, { db }) => {
  const { accountId, userId, role } = socket.data.auth;
  const actor: Actor = { accountId, userId, role };
  rememberAccount(db, accountId);

  void (async () => {
    const counts = await alertCounts(db, accountId, [userId]);
    socket.emit('taskBoard_alerts', { count: counts.get(userId) ?? 0 });
    socket.emit('taskBoard_activeTask', { card: await activeTask(db, accountId, userId) });
  })().catch((err) => console.error('taskboard connect', err));

  socket.on('taskBoard_joinBoard', async (boardId, ack) => {
    try {
      if (!idSchema.safeParse(boardId).success) throw badRequest('Invalid board id');
      await boardForActor(db, actor, boardId);
      await socket.join(boardRoom(boardId));
      const [row] = await db.query<{ seq: string }>('select seq from task_boards where id = $1', [boardId]);
      reply(ack, { ok: true, seq: Number(row?.seq ?? 0) });
    } catch (err) {
      reply(ack, failure(err));
    }
  });

  socket.on('taskBoard_leaveBoard', async (boardId) => {
    if (typeof boardId === 'string') await socket.leave(boardRoom(boardId));
  });

  socket.on('taskBoard_updateCard', async (payload, ack) => {
    try {
      const boardId = payload && typeof payload === 'object' ? payload.boardId : undefined;
      if (!idSchema.safeParse(boardId).success) throw badRequest('Invalid board id');
      const result = await applyCardEvent(db, actor, boardId!, payload.event);
      reply(ack, { ok: true, card: result.card, seq: result.event.seq });
      await publishCardResult(db, accountId, result);
    } catch (err) {
      reply(ack, failure(err));
    }
  });
};
