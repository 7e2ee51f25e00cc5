import { isAdminRole, TASKBOARD_MESSAGES, type Role, type TaskLane } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { forbidden, notFound } from '../../http/errors';

/** Who acts on a board: the same whether the call came over HTTP or the socket. */
export interface Actor {
  accountId: string;
  userId: string;
  role: Role;
}

export interface BoardHead {
  id: string;
  name: string;
  monitor: boolean;
  lanes: TaskLane[];
  allowedUsers: string[];
  tagIds: string[];
}

/** The board of the actor's account, or 404: another account's board does not exist for them. */
export async function loadBoardHead(q: Queryable, accountId: string, boardId: string): Promise<BoardHead> {
  const [board] = await q.query<{ id: string; name: string; monitor: boolean }>('select id, name, monitor from task_boards where id = $1 and account_id = $2', [
    boardId,
    accountId,
  ]);
  if (!board) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
  // one after another: a transaction's connection runs one statement at a time
  const lanes = await q.query<TaskLane>('select id, label from task_board_lanes where board_id = $1 and account_id = $2 order by position', [boardId, accountId]);
  const users = await q.query<{ user_id: string }>('select user_id from task_board_users where board_id = $1 and account_id = $2', [boardId, accountId]);
  const tags = await q.query<{ tag_id: string }>('select tag_id from task_board_tags where board_id = $1 and account_id = $2', [boardId, accountId]);
  return { ...board, lanes, allowedUsers: users.map((u) => u.user_id), tagIds: tags.map((t) => t.tag_id) };
}

/** Admin roles use every board; others the boards open to everyone or listing them. */
export const canUseBoard = (actor: Actor, board: Pick<BoardHead, 'allowedUsers'>) =>
  isAdminRole(actor.role) || board.allowedUsers.length === 0 || board.allowedUsers.includes(actor.userId);

export async function boardForActor(q: Queryable, actor: Actor, boardId: string): Promise<BoardHead> {
  const board = await loadBoardHead(q, actor.accountId, boardId);
  if (!canUseBoard(actor, board)) throw forbidden();
  return board;
}

export function requireAdmin(actor: Actor) {
  if (!isAdminRole(actor.role)) throw forbidden();
}

/** The users who may work a board's cards: its allowed users, or everyone in the account. */
export async function boardUserIds(q: Queryable, accountId: string, board: Pick<BoardHead, 'allowedUsers'>): Promise<string[]> {
  if (board.allowedUsers.length) return board.allowedUsers;
  const rows = await q.query<{ id: string }>('select id from users where account_id = $1 and deleted_at is null', [accountId]);
  return rows.map((r) => r.id);
}
