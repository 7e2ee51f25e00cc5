import { randomUUID } from 'node:crypto';
import {
  taskBoardInputSchema,
  TASKBOARD_MESSAGES,
  type ClientTaskBoard,
  type TaskBoard,
  type TaskBoardInput,
  type TaskBoardServerEvent,
  type TaskBoardUpdate,
  type TaskLane,
  type TaskUser,
} from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { boardForActor, boardUserIds, canUseBoard, loadBoardHead, requireAdmin, type Actor } from './access';
import { pushAlerts } from './alerts';
import { sqlClientTagSource, type ClientTagSource } from './clientTags';
import { publishAll } from './listeners';
import { CARD_JOINS, CARD_SELECT, toCard, type CardRow } from './mapping';
import { evictFromBoard, pushToBoard, pushToUser } from './publish';
import { reconcileTagCards } from './tagCards';

interface BoardRow {
  id: string;
  name: string;
  description: string;
  monitor: boolean;
  seq: string | number;
  updated_at: Date | string;
}

interface Counts {
  total: number;
  assigned: number;
  progress: number;
  completed: number;
  past_due: number;
}

/**
 * Card counts per board: open cards, the user's, those past the first lane, in the last lane, and
 * past due. Lane totals are kept up to date by triggers; the rest are small index lookups.
 */
async function boardCounts(q: Queryable, accountId: string, userId: string, boardIds: string[]): Promise<Map<string, Counts>> {
  if (!boardIds.length) return new Map();
  const lanes = await q.query<{ id: string; board_id: string; open_cards: number }>(
    'select id, board_id, open_cards from task_board_lanes where account_id = $1 and board_id = any($2::uuid[]) order by board_id, position',
    [accountId, boardIds],
  );
  const counts = new Map<string, Counts>();
  const lastLanes: string[] = [];
  for (const id of boardIds) {
    const own = lanes.filter((l) => l.board_id === id);
    const total = own.reduce((n, l) => n + l.open_cards, 0);
    const completed = own.length > 1 ? own[own.length - 1].open_cards : 0;
    if (own.length > 1) lastLanes.push(own[own.length - 1].id);
    counts.set(id, { total, progress: total - (own[0]?.open_cards ?? 0), completed, assigned: 0, past_due: 0 });
  }
  const mine = await q.query<{ board_id: string; n: number }>(
    `select board_id, count(*)::int as n from task_cards
      where account_id = $1 and board_id = any($2::uuid[]) and assigned_to = $3 and closed_at is null group by board_id`,
    [accountId, boardIds, userId],
  );
  for (const r of mine) counts.get(r.board_id)!.assigned = r.n;
  const late = await q.query<{ board_id: string; n: number }>(
    `select board_id, count(*)::int as n from task_cards
      where account_id = $1 and board_id = any($2::uuid[]) and closed_at is null and due_on < now() and not (lane_id = any($3::uuid[]))
      group by board_id`,
    [accountId, boardIds, lastLanes],
  );
  for (const r of late) counts.get(r.board_id)!.past_due = r.n;
  return counts;
}

async function describeBoards(q: Queryable, actor: Actor, rows: BoardRow[], source: ClientTagSource): Promise<TaskBoard[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const counts = await boardCounts(q, actor.accountId, actor.userId, ids);
  const lanes = await q.query<TaskLane & { board_id: string }>(
    'select id, label, board_id from task_board_lanes where account_id = $1 and board_id = any($2::uuid[]) order by position',
    [actor.accountId, ids],
  );
  const allowed = await q.query<{ board_id: string; user_id: string }>(
    'select board_id, user_id from task_board_users where account_id = $1 and board_id = any($2::uuid[])',
    [actor.accountId, ids],
  );
  const tagRows = await q.query<{ board_id: string; tag_id: string }>(
    'select board_id, tag_id from task_board_tags where account_id = $1 and board_id = any($2::uuid[])',
    [actor.accountId, ids],
  );
  const tags = new Map((await source.tags(q, actor.accountId, [...new Set(tagRows.map((t) => t.tag_id))])).map((t) => [t.id, t]));
  const users = await q.query<{ id: string; first_name: string; last_name: string; avatar: string | null }>(
    'select id, first_name, last_name, avatar from users where account_id = $1 and deleted_at is null order by first_name, last_name',
    [actor.accountId],
  );
  const toUserRef = (u: (typeof users)[number]): TaskUser => ({ id: u.id, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar });
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { total: 0, assigned: 0, progress: 0, completed: 0, past_due: 0 };
    const allowedUsers = allowed.filter((a) => a.board_id === r.id).map((a) => a.user_id);
    return {
      id: r.id,
      boardname: r.name,
      description: r.description,
      total: c.total,
      assigned: c.assigned,
      progress: c.progress,
      completed: c.completed,
      pastDue: c.past_due,
      monitor: r.monitor,
      monitorAlert: r.monitor && c.past_due > 0,
      assignedTag: tagRows.filter((t) => t.board_id === r.id && tags.has(t.tag_id)).map((t) => tags.get(t.tag_id)!),
      allowedUsers,
      lanes: lanes.filter((l) => l.board_id === r.id).map((l) => ({ id: l.id, label: l.label })),
      users: (allowedUsers.length ? users.filter((u) => allowedUsers.includes(u.id)) : users).map(toUserRef),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

/** Alerts first, then by name. */
export const sortBoards = (boards: TaskBoard[]) =>
  [...boards].sort((a, b) => Number(b.monitorAlert) - Number(a.monitorAlert) || a.boardname.localeCompare(b.boardname, undefined, { sensitivity: 'base' }));

export async function listBoards(db: Db, actor: Actor, source: ClientTagSource = sqlClientTagSource): Promise<TaskBoard[]> {
  const rows = await db.query<BoardRow & { allowed: string[] | null }>(
    `select b.id, b.name, b.description, b.monitor, b.seq, b.updated_at,
            (select array_agg(u.user_id) from task_board_users u where u.board_id = b.id) as allowed
       from task_boards b where b.account_id = $1`,
    [actor.accountId],
  );
  const visible = rows.filter((r) => canUseBoard(actor, { allowedUsers: r.allowed ?? [] }));
  return sortBoards(await describeBoards(db, actor, visible, source));
}

export async function getBoard(q: Queryable, actor: Actor, boardId: string, source: ClientTagSource = sqlClientTagSource): Promise<TaskBoard> {
  await boardForActor(q, actor, boardId);
  const rows = await q.query<BoardRow>('select id, name, description, monitor, seq, updated_at from task_boards where id = $1 and account_id = $2', [
    boardId,
    actor.accountId,
  ]);
  const [board] = await describeBoards(q, actor, rows, source);
  if (!board) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
  return board;
}

async function checkUsers(q: Queryable, accountId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await q.query<{ id: string }>('select id from users where account_id = $1 and deleted_at is null and id = any($2::uuid[])', [accountId, ids]);
  if (found.length !== new Set(ids).size) throw badRequest('Every allowed user must be a user of this agency.');
}

async function checkTags(q: Queryable, accountId: string, ids: string[], source: ClientTagSource) {
  if (!ids.length) return;
  const found = await source.tags(q, accountId, ids);
  if (found.length !== new Set(ids).size) throw badRequest('Every assigned tag must be a tag of this agency.');
}

async function writeLanes(q: Queryable, accountId: string, boardId: string, lanes: TaskBoardInput['lanes']) {
  const existing = await q.query<{ id: string; label: string }>('select id, label from task_board_lanes where board_id = $1', [boardId]);
  const keep = new Set(lanes.map((l) => l.id).filter(Boolean));
  for (const l of lanes) if (l.id && !existing.some((e) => e.id === l.id)) throw badRequest(TASKBOARD_MESSAGES.laneNotFound);
  if (keep.size !== lanes.filter((l) => l.id).length) throw badRequest('A lane is listed twice.');
  for (const gone of existing.filter((e) => !keep.has(e.id))) {
    const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from task_cards where lane_id = $1 and closed_at is null', [gone.id]);
    if (count > 0) throw badRequest(TASKBOARD_MESSAGES.laneHasCards(gone.label));
    await q.query('delete from task_board_lanes where id = $1', [gone.id]);
  }
  // positions move out of the way first, then take their new values
  await q.query('update task_board_lanes set position = position + 1000 where board_id = $1', [boardId]);
  for (const [position, l] of lanes.entries()) {
    if (l.id) await q.query('update task_board_lanes set label = $2, position = $3 where id = $1', [l.id, l.label.trim(), position]);
    else {
      await q.query('insert into task_board_lanes (id, account_id, board_id, label, position) values ($1, $2, $3, $4, $5)', [
        randomUUID(),
        accountId,
        boardId,
        l.label.trim(),
        position,
      ]);
    }
  }
}

async function writeList(
  q: Queryable,
  table: 'task_board_users' | 'task_board_tags',
  column: 'user_id' | 'tag_id',
  accountId: string,
  boardId: string,
  ids: string[],
) {
  await q.query(`delete from ${table} where board_id = $1`, [boardId]);
  for (const id of new Set(ids)) await q.query(`insert into ${table} (board_id, ${column}, account_id) values ($1, $2, $3)`, [boardId, id, accountId]);
}

export async function createBoard(db: Db, actor: Actor, raw: TaskBoardInput, source: ClientTagSource = sqlClientTagSource): Promise<TaskBoard> {
  requireAdmin(actor);
  const input = taskBoardInputSchema.parse(raw);
  const { board, events } = await db.tx(async (q) => {
    await checkUsers(q, actor.accountId, input.allowedUsers);
    await checkTags(q, actor.accountId, input.assignedTag, source);
    const id = randomUUID();
    await q.query('insert into task_boards (id, account_id, name, description, monitor, created_by) values ($1, $2, $3, $4, $5, $6)', [
      id,
      actor.accountId,
      input.boardname,
      input.description,
      input.monitor,
      actor.userId,
    ]);
    await writeLanes(
      q,
      actor.accountId,
      id,
      input.lanes.map((l) => ({ label: l.label })),
    );
    await writeList(q, 'task_board_users', 'user_id', actor.accountId, id, input.allowedUsers);
    await writeList(q, 'task_board_tags', 'tag_id', actor.accountId, id, input.assignedTag);
    const events = input.assignedTag.length ? await reconcileTagCards(q, actor.accountId, source, { boardIds: [id] }) : [];
    return { board: await getBoard(q, actor, id, source), events };
  });
  publishAll(db, actor.accountId, events);
  return board;
}

export async function updateBoard(
  db: Db,
  actor: Actor,
  boardId: string,
  input: TaskBoardUpdate,
  source: ClientTagSource = sqlClientTagSource,
): Promise<TaskBoard> {
  requireAdmin(actor);
  const { board, events, seq, monitorChanged } = await db.tx(async (q) => {
    const [locked] = await q.query<{ seq: string; monitor: boolean }>(
      'update task_boards set seq = seq + 1, updated_at = now() where id = $1 and account_id = $2 returning seq, monitor',
      [boardId, actor.accountId],
    );
    if (!locked) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
    const head = await loadBoardHead(q, actor.accountId, boardId);
    const sets: string[] = [];
    const params: unknown[] = [boardId];
    const set = (col: string, v: unknown) => {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    };
    if (input.boardname !== undefined) set('name', input.boardname);
    if (input.description !== undefined) set('description', input.description);
    if (input.monitor !== undefined) set('monitor', input.monitor);
    if (sets.length) await q.query(`update task_boards set ${sets.join(', ')} where id = $1`, params);
    if (input.lanes) await writeLanes(q, actor.accountId, boardId, input.lanes);
    if (input.allowedUsers) {
      await checkUsers(q, actor.accountId, input.allowedUsers);
      await writeList(q, 'task_board_users', 'user_id', actor.accountId, boardId, input.allowedUsers);
      if (input.allowedUsers.length) {
        // cards stay with people who may still see the board
        await q.query(
          'update task_cards set assigned_to = null, assigned_on = null where board_id = $1 and assigned_to is not null and not (assigned_to = any($2::uuid[]))',
          [boardId, input.allowedUsers],
        );
      }
    }
    let events: TaskBoardServerEvent[] = [];
    if (input.assignedTag) {
      await checkTags(q, actor.accountId, input.assignedTag, source);
      const before = [...head.tagIds].sort().join();
      await writeList(q, 'task_board_tags', 'tag_id', actor.accountId, boardId, input.assignedTag);
      if ([...new Set(input.assignedTag)].sort().join() !== before) {
        events = await reconcileTagCards(q, actor.accountId, source, { boardIds: [boardId] });
      }
    }
    return {
      board: await getBoard(q, actor, boardId, source),
      events,
      seq: Number(locked.seq),
      monitorChanged: input.monitor !== undefined && input.monitor !== locked.monitor,
    };
  });
  if (input.allowedUsers) {
    const allowedUsers = input.allowedUsers;
    await evictFromBoard(db, actor.accountId, boardId, (who) => canUseBoard({ accountId: actor.accountId, ...who }, { allowedUsers }));
  }
  publishAll(db, actor.accountId, events);
  pushToBoard(db, actor.accountId, { boardId, seq, type: 'BOARD_UPDATED', board });
  if (monitorChanged || input.allowedUsers) await pushAlerts(db, actor.accountId);
  return board;
}

export async function deleteBoard(db: Db, actor: Actor, boardId: string) {
  requireAdmin(actor);
  const { seq, activeUsers } = await db.tx(async (q) => {
    const [locked] = await q.query<{ seq: string }>('update task_boards set seq = seq + 1 where id = $1 and account_id = $2 returning seq', [
      boardId,
      actor.accountId,
    ]);
    if (!locked) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
    const active = await q.query<{ user_id: string }>('select a.user_id from task_active_cards a join task_cards c on c.id = a.card_id where c.board_id = $1', [
      boardId,
    ]);
    await q.query('delete from task_boards where id = $1 and account_id = $2', [boardId, actor.accountId]);
    return { seq: Number(locked.seq), activeUsers: active.map((a) => a.user_id) };
  });
  pushToBoard(db, actor.accountId, { boardId, seq, type: 'BOARD_DELETED' });
  for (const userId of activeUsers) pushToUser(db, actor.accountId, userId, 'taskBoard_activeTask', { card: null });
  await pushAlerts(db, actor.accountId);
}

export async function boardUsers(db: Db, actor: Actor, boardId: string): Promise<TaskUser[]> {
  const head = await boardForActor(db, actor, boardId);
  const ids = await boardUserIds(db, actor.accountId, head);
  const rows = await db.query<{ id: string; first_name: string; last_name: string; avatar: string | null }>(
    'select id, first_name, last_name, avatar from users where account_id = $1 and deleted_at is null and id = any($2::uuid[]) order by first_name, last_name',
    [actor.accountId, ids],
  );
  return rows.map((u) => ({ id: u.id, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar }));
}

export async function boardLanes(db: Db, actor: Actor, boardId: string): Promise<TaskLane[]> {
  return (await boardForActor(db, actor, boardId)).lanes;
}

/** A contact's open cards on the boards the user may see, with each board's lanes. */
export async function clientBoards(db: Db, actor: Actor, clientId: string, source: ClientTagSource = sqlClientTagSource): Promise<ClientTaskBoard[]> {
  const [client] = await source.findClients(db, actor.accountId, [clientId]);
  if (!client) throw notFound(TASKBOARD_MESSAGES.clientNotFound);
  const rows = await db.query<CardRow>(
    `select ${CARD_SELECT} from task_cards c ${CARD_JOINS}
      where c.account_id = $1 and c.client_id = $2 and c.closed_at is null
      order by b.name, c.created_at`,
    [actor.accountId, clientId],
  );
  const result: ClientTaskBoard[] = [];
  const heads = new Map<string, Awaited<ReturnType<typeof loadBoardHead>>>();
  for (const row of rows) {
    if (!heads.has(row.board_id)) heads.set(row.board_id, await loadBoardHead(db, actor.accountId, row.board_id));
    const head = heads.get(row.board_id)!;
    if (!canUseBoard(actor, head)) continue;
    const lane = head.lanes.find((l) => l.id === row.lane_id);
    if (!lane) continue;
    result.push({ card: toCard(row), taskBoard: { id: head.id, boardname: head.name }, taskBoardLane: lane, lanes: head.lanes });
  }
  return result;
}
