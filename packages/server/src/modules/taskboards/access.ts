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
  // one round trip: a board is read on every card page and every card event
  const [board] = await q.query<{ id: string; name: string; monitor: boolean; lanes: TaskLane[] | null; users: string[] | null; tags: string[] | null }>(
    `select b.id, b.name, b.monitor,
            (select json_agg(json_build_object('id', l.id, 'label', l.label) order by l.position) from task_board_lanes l where l.board_id = b.id) as lanes,
            (select array_agg(u.user_id) from task_board_users u where u.board_id = b.id) as users,
            (select array_agg(t.tag_id) from task_board_tags t where t.board_id = b.id) as tags
       from task_boards b where b.id = $1 and b.account_id = $2`,
    [boardId, accountId],
  );
  if (!board) throw notFound(TASKBOARD_MESSAGES.boardNotFound);
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return { id: board.id, name: board.name, monitor: board.monitor, lanes: parse(board.lanes) ?? [], allowedUsers: board.users ?? [], tagIds: board.tags ?? [] };
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
