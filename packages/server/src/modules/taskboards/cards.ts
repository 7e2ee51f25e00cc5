import { randomUUID } from 'node:crypto';
import {
  isAdminRole,
  TASK_CARD_EVENTS,
  taskCardEventSchema,
  TASKBOARD_MESSAGES,
  type TaskBoardServerEvent,
  type TaskCard,
  type TaskCardFields,
  type TaskCardPage,
  type TaskCardsQuery,
} from '@agency/contracts';
import { taskCardsQuerySchema } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { boardForActor, boardUserIds, requireAdmin, type Actor, type BoardHead } from './access';
import { pushActiveCard } from './active';
import { pushAlerts } from './alerts';
import { sqlClientTagSource, type ClientTagSource } from './clientTags';
import { CARD_JOINS, CARD_SELECT, loadCard, toCard, type CardRow } from './mapping';
import { placeAt, topOrder } from './order';
import { pushToBoard, pushToUser } from './publish';

const SORT_SQL: Record<string, string> = {
  'order, _id': 'c.sort_order, c.id',
  'dueOn, _id': 'c.due_on nulls last, c.id',
  'title, _id': 'lower(c.title), c.id',
  'createdAt, _id': 'c.created_at, c.id',
};

/** One page of a lane's open cards. */
export async function listCards(db: Db, actor: Actor, boardId: string, laneId: string, rawQuery: TaskCardsQuery): Promise<TaskCardPage> {
  const query = taskCardsQuerySchema.parse(rawQuery);
  const board = await boardForActor(db, actor, boardId);
  if (!board.lanes.some((l) => l.id === laneId)) throw notFound(TASKBOARD_MESSAGES.laneNotFound);
  const where = ['c.account_id = $1', 'c.board_id = $2', 'c.lane_id = $3', 'c.closed_at is null'];
  const params: unknown[] = [actor.accountId, boardId, laneId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.search) add(`(c.title ilike ? or c.details ilike ? or c.client_name ilike ?)`, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
  if (query.assignedTo === 'none') where.push('c.assigned_to is null');
  else if (query.assignedTo) add('c.assigned_to = ?', query.assignedTo === 'me' ? actor.userId : query.assignedTo);
  if (query.clientId) add('c.client_id = ?', query.clientId);
  if (query.pastDue === 'true') where.push('c.due_on < now()');
  const filterCount = params.length;
  const whereSql = where.join(' and ');
  // without filters the lane's own count (kept by triggers) is the total
  const [{ total }] =
    filterCount === 3 && where.length === 4
      ? await db.query<{ total: number }>('select open_cards as total from task_board_lanes where id = $1', [laneId])
      : await db.query<{ total: number }>(`select count(*)::int as total from task_cards c where ${whereSql}`, params.slice(0, filterCount));
  let keyset = '';
  const pageParams = params.slice(0, filterCount);
  let offset = (query.page - 1) * query.limit;
  if (query.sort === 'order, _id' && query.afterOrder !== undefined && query.afterId) {
    pageParams.push(query.afterOrder, query.afterId);
    keyset = ` and (c.sort_order, c.id) > ($${pageParams.length - 1}::double precision, $${pageParams.length}::uuid)`;
    offset = 0;
  }
  pageParams.push(query.limit, offset);
  const rows = await db.query<CardRow>(
    `select ${CARD_SELECT} from task_cards c ${CARD_JOINS}
      where ${whereSql}${keyset}
      order by ${SORT_SQL[query.sort]} limit $${pageParams.length - 1} offset $${pageParams.length}`,
    pageParams,
  );
  return { cards: rows.map(toCard), total, page: query.page, limit: query.limit };
}

/** Takes the board's lock for this change and returns the board's next change number. */
async function nextSeq(q: Queryable, accountId: string, boardId: string): Promise<number> {
  const [row] = await q.query<{ seq: string | number }>(
    'update task_boards set seq = seq + 1, updated_at = now() where id = $1 and account_id = $2 returning seq',
    [boardId, accountId],
  );
  if (!row) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
  return Number(row.seq);
}

async function openCard(q: Queryable, board: BoardHead, cardId: string): Promise<CardRow> {
  const [row] = await q.query<CardRow>(`select ${CARD_SELECT} from task_cards c ${CARD_JOINS} where c.id = $1 and c.board_id = $2 and c.closed_at is null`, [
    cardId,
    board.id,
  ]);
  if (!row) throw notFound(TASKBOARD_MESSAGES.cardNotFound);
  return row;
}

const isLastLane = (board: BoardHead, laneId: string) => board.lanes.length > 1 && board.lanes[board.lanes.length - 1].id === laneId;

/** The columns a card's fields are stored in, checked against the board. */
async function fieldColumns(
  q: Queryable,
  actor: Actor,
  board: BoardHead,
  fields: Partial<TaskCardFields>,
  current: CardRow | null,
  clients: ClientTagSource,
): Promise<Record<string, unknown>> {
  const cols: Record<string, unknown> = {};
  const direct: Array<[keyof TaskCardFields, string]> = [
    ['title', 'title'],
    ['details', 'details'],
    ['body', 'body'],
    ['clientType', 'client_type'],
    ['cardColor', 'card_color'],
    ['subTitle', 'sub_title'],
    ['escalationText', 'escalation_text'],
    ['tags', 'tags'],
    ['repeat', 'repeat'],
  ];
  for (const [key, col] of direct) if (fields[key] !== undefined) cols[col] = fields[key];
  if (fields.tagStyle !== undefined) cols.tag_style = fields.tagStyle === null ? null : JSON.stringify(fields.tagStyle);
  if (fields.dueOn !== undefined) cols.due_on = fields.dueOn;
  if (fields.clientId !== undefined && fields.clientId !== (current?.client_id ?? null)) {
    if (current?.source === 'tag') throw badRequest('The client of a card that comes from a tag cannot change.');
    if (fields.clientId === null) Object.assign(cols, { client_id: null, client_name: null });
    else {
      const [client] = await clients.findClients(q, actor.accountId, [fields.clientId]);
      if (!client) throw notFound(TASKBOARD_MESSAGES.clientNotFound);
      Object.assign(cols, { client_id: client.id, client_name: client.name });
    }
  }
  if (fields.assignedTo !== undefined && fields.assignedTo !== (current?.assigned_to ?? null)) {
    if (fields.assignedTo !== null && !(await boardUserIds(q, actor.accountId, board)).includes(fields.assignedTo)) {
      throw badRequest(TASKBOARD_MESSAGES.notBoardUser);
    }
    cols.assigned_to = fields.assignedTo;
    cols.assigned_on = fields.assignedTo === null ? null : new Date().toISOString();
  }
  const repeat = fields.repeat ?? current?.repeat ?? 'none';
  const due = fields.dueOn !== undefined ? fields.dueOn : (current?.due_on ?? null);
  if (repeat !== 'none' && !due) throw badRequest('A repeating card needs a due date.');
  if (fields.repeat !== undefined || fields.dueOn !== undefined) cols.repeated_at = null;
  return cols;
}

export interface CardEventResult {
  event: TaskBoardServerEvent;
  card?: TaskCard;
  /** Alert counts may have changed for these users (all online users of the account when 'all'). */
  alerts: string[] | 'all' | null;
  activeCardChanged?: string;
  /** The users whose active task it was, when the card is gone. */
  activeUsers?: string[];
}

/**
 * Applies one taskBoard_updateCard event: every change of a board's cards runs in a transaction
 * holding the board's lock, so concurrent moves are applied one after the other and every screen
 * ends with the server's order.
 */
export async function applyCardEvent(
  db: Db,
  actor: Actor,
  boardId: string,
  raw: unknown,
  clients: ClientTagSource = sqlClientTagSource,
): Promise<CardEventResult> {
  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !(TASK_CARD_EVENTS as readonly string[]).includes(type)) {
    console.warn(`taskboard: unknown card event ${JSON.stringify(type)} on board ${boardId}`);
    throw badRequest(TASKBOARD_MESSAGES.unknownEvent);
  }
  const parsed = taskCardEventSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid card event');
  const ev = parsed.data;

  return db.tx(async (q) => {
    const seq = await nextSeq(q, actor.accountId, boardId);
    const board = await boardForActor(q, actor, boardId);
    const tagged = board.tagIds.length > 0;

    switch (ev.type) {
      case 'MOVE_CARD': {
        const current = await openCard(q, board, ev.cardId);
        if (!board.lanes.some((l) => l.id === ev.toLaneId)) throw notFound(TASKBOARD_MESSAGES.laneNotFound);
        const place = await placeAt(q, ev.toLaneId, ev.cardId, ev.index);
        await q.query('update task_cards set lane_id = $2, sort_order = $3, updated_at = now() where id = $1', [ev.cardId, ev.toLaneId, place.order]);
        const card = (await loadCard(q, actor.accountId, ev.cardId))!;
        const event: TaskBoardServerEvent = place.renumbered
          ? { boardId, seq, type: 'LANE_REORDERED', laneId: ev.toLaneId }
          : { boardId, seq, type: 'MOVE_CARD', card, fromLaneId: current.lane_id, toLaneId: ev.toLaneId, index: place.index, by: actor.userId };
        const alerts = board.monitor && current.assigned_to && current.due_on ? [current.assigned_to] : null;
        if (isLastLane(board, ev.toLaneId)) {
          // done: the card stops being anyone's active task
          const done = await q.query<{ user_id: string }>('delete from task_active_cards where card_id = $1 returning user_id', [ev.cardId]);
          if (done.length) return { event, card, alerts, activeCardChanged: ev.cardId, activeUsers: done.map((d) => d.user_id) };
        }
        return { event, card, alerts, activeCardChanged: ev.cardId };
      }
      case 'ADD_CARD': {
        if (tagged) throw badRequest(TASKBOARD_MESSAGES.taggedBoardAdd);
        if (board.lanes[0]?.id !== ev.laneId) throw badRequest(TASKBOARD_MESSAGES.addFirstLaneOnly);
        const cols = await fieldColumns(q, actor, board, ev.card, null, clients);
        const id = randomUUID();
        const order = await topOrder(q, ev.laneId);
        const all: Record<string, unknown> = {
          id,
          account_id: actor.accountId,
          board_id: boardId,
          lane_id: ev.laneId,
          sort_order: order,
          source: 'manual',
          created_by: actor.userId,
          ...cols,
        };
        const names = Object.keys(all);
        await q.query(`insert into task_cards (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(all));
        const card = (await loadCard(q, actor.accountId, id))!;
        return {
          event: { boardId, seq, type: 'ADD_CARD', card, by: actor.userId },
          card,
          alerts: board.monitor && card.assignedTo ? [card.assignedTo.id] : null,
        };
      }
      case 'DELETE_CARD': {
        if (tagged) throw badRequest(TASKBOARD_MESSAGES.taggedBoardDelete);
        const current = await openCard(q, board, ev.cardId);
        if (!isAdminRole(actor.role) && current.created_by !== actor.userId && current.assigned_to !== actor.userId) {
          throw forbidden("Only the card's creator, its assignee or an admin can delete it.");
        }
        const active = await q.query<{ user_id: string }>('select user_id from task_active_cards where card_id = $1', [ev.cardId]);
        await q.query('delete from task_cards where id = $1', [ev.cardId]);
        return {
          event: { boardId, seq, type: 'DELETE_CARD', cardId: ev.cardId, laneId: current.lane_id, by: actor.userId },
          alerts: board.monitor && current.assigned_to ? [current.assigned_to] : null,
          activeCardChanged: active.length ? ev.cardId : undefined,
          activeUsers: active.map((a) => a.user_id),
        };
      }
      case 'UPDATE_CARD': {
        const current = await openCard(q, board, ev.cardId);
        const cols = await fieldColumns(q, actor, board, ev.card, current, clients);
        const names = Object.keys(cols);
        if (names.length) {
          await q.query(`update task_cards set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`, [
            ev.cardId,
            ...Object.values(cols),
          ]);
        }
        const card = (await loadCard(q, actor.accountId, ev.cardId))!;
        const touched = [current.assigned_to, card.assignedTo?.id].filter((u): u is string => !!u);
        return {
          event: { boardId, seq, type: 'UPDATE_CARD', card, by: actor.userId },
          card,
          alerts: board.monitor && touched.length ? [...new Set(touched)] : null,
          activeCardChanged: ev.cardId,
        };
      }
    }
  });
}

/** Sends what a card change means to the board's screens, the alert badges and active tasks. */
export async function publishCardResult(db: Db, accountId: string, result: CardEventResult) {
  pushToBoard(db, accountId, result.event);
  if (result.alerts) await pushAlerts(db, accountId, result.alerts === 'all' ? undefined : result.alerts);
  if (result.activeCardChanged) await pushActiveCard(db, accountId, result.activeCardChanged, result.activeUsers);
}

/** Clears a lane (admin roles only): its cards are closed and leave the board. */
export async function clearLane(db: Db, actor: Actor, boardId: string, laneId: string): Promise<{ cleared: number }> {
  requireAdmin(actor);
  const result = await db.tx(async (q) => {
    const seq = await nextSeq(q, actor.accountId, boardId);
    const board = await boardForActor(q, actor, boardId);
    if (!board.lanes.some((l) => l.id === laneId)) throw notFound(TASKBOARD_MESSAGES.laneNotFound);
    const closed = await q.query<{ id: string; assigned_to: string | null }>(
      `update task_cards set closed_at = now(), closed_reason = 'cleared', updated_at = now()
        where lane_id = $1 and board_id = $2 and closed_at is null returning id, assigned_to`,
      [laneId, boardId],
    );
    const active = await q.query<{ user_id: string }>('delete from task_active_cards where card_id = any($1::uuid[]) returning user_id', [
      closed.map((c) => c.id),
    ]);
    return { seq, board, closed, active };
  });
  pushToBoard(db, actor.accountId, { boardId, seq: result.seq, type: 'CLEAR_LANE', laneId, by: actor.userId });
  for (const a of result.active) pushToUser(db, actor.accountId, a.user_id, 'taskBoard_activeTask', { card: null });
  const assignees = [...new Set(result.closed.map((c) => c.assigned_to).filter((u): u is string => !!u))];
  if (result.board.monitor && assignees.length) await pushAlerts(db, actor.accountId, assignees);
  return { cleared: result.closed.length };
}
