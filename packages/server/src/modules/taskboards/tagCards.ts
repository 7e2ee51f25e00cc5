import { randomUUID } from 'node:crypto';
import type { TaskBoardServerEvent } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { ClientTagSource } from './clientTags';
import { loadCard } from './mapping';
import { topOrder } from './order';

/**
 * A board with assigned tags keeps one open card per client holding one of its tags: a client who
 * gains a tag gets a card in the first lane, one who loses every tag of the board has the card
 * closed. Which clients a board counts as holding is kept in task_board_clients, so a card cleared
 * from a lane does not come back until the client loses the tag and gains it again.
 */

interface BoardTags {
  boardId: string;
  tagIds: string[];
  firstLaneId: string | null;
}

async function taggedBoards(q: Queryable, accountId: string, boardIds?: string[]): Promise<BoardTags[]> {
  const rows = await q.query<{ board_id: string; tag_ids: string[]; first_lane: string | null }>(
    `select t.board_id, array_agg(t.tag_id) as tag_ids,
            (select l.id from task_board_lanes l where l.board_id = t.board_id order by l.position limit 1) as first_lane
       from task_board_tags t
      where t.account_id = $1 ${boardIds ? 'and t.board_id = any($2::uuid[])' : ''}
      group by t.board_id`,
    boardIds ? [accountId, boardIds] : [accountId],
  );
  return rows.map((r) => ({ boardId: r.board_id, tagIds: r.tag_ids, firstLaneId: r.first_lane }));
}

async function bumpSeq(q: Queryable, boardId: string): Promise<number> {
  const [row] = await q.query<{ seq: string | number }>('update task_boards set seq = seq + 1, updated_at = now() where id = $1 returning seq', [boardId]);
  return Number(row?.seq ?? 0);
}

/**
 * Brings the tagged boards' cards in line with who holds their tags now. With `clientIds`, only
 * those clients are looked at (a client's tags or fields changed); with `boardIds`, only those
 * boards (their tags changed). Returns the events to send once the transaction commits.
 */
export async function reconcileTagCards(
  q: Queryable,
  accountId: string,
  source: ClientTagSource,
  scope: { clientIds?: string[]; boardIds?: string[] },
): Promise<TaskBoardServerEvent[]> {
  const boards = await taggedBoards(q, accountId, scope.boardIds);
  const events: TaskBoardServerEvent[] = [];
  // boards whose tags were all removed: every member leaves
  if (scope.boardIds) {
    for (const boardId of scope.boardIds.filter((id) => !boards.some((b) => b.boardId === id))) {
      events.push(...(await applyMembership(q, accountId, { boardId, tagIds: [], firstLaneId: null }, new Map(), undefined, source)));
    }
  }
  if (!boards.length) return events;
  const allTags = [...new Set(boards.flatMap((b) => b.tagIds))];
  const holders = await source.holders(q, accountId, allTags, scope.clientIds);
  for (const board of boards) events.push(...(await applyMembership(q, accountId, board, holders, scope.clientIds, source)));
  return events;
}

async function applyMembership(
  q: Queryable,
  accountId: string,
  board: BoardTags,
  holders: Map<string, Set<string>>,
  clientIds: string[] | undefined,
  source: ClientTagSource,
): Promise<TaskBoardServerEvent[]> {
  const qualifying = new Map<string, string[]>(); // client → the board's tags it holds
  for (const [clientId, tags] of holders) {
    const held = board.tagIds.filter((t) => tags.has(t));
    if (held.length) qualifying.set(clientId, held);
  }
  const members = new Set(
    (
      await q.query<{ client_id: string }>(
        `select client_id from task_board_clients where board_id = $1 and account_id = $2 ${clientIds ? 'and client_id = any($3::uuid[])' : ''}`,
        clientIds ? [board.boardId, accountId, clientIds] : [board.boardId, accountId],
      )
    ).map((r) => r.client_id),
  );
  const gained = [...qualifying.keys()].filter((c) => !members.has(c));
  const lost = [...members].filter((c) => !qualifying.has(c));
  if (!gained.length && !lost.length) return [];

  const seq = await bumpSeq(q, board.boardId);
  const events: TaskBoardServerEvent[] = [];
  if (lost.length) {
    await q.query('delete from task_board_clients where board_id = $1 and client_id = any($2::uuid[])', [board.boardId, lost]);
    const closed = await q.query<{ id: string; lane_id: string }>(
      `update task_cards set closed_at = now(), closed_reason = 'tag removed', updated_at = now()
        where board_id = $1 and client_id = any($2::uuid[]) and source = 'tag' and closed_at is null returning id, lane_id`,
      [board.boardId, lost],
    );
    await q.query('delete from task_active_cards where card_id = any($1::uuid[])', [closed.map((c) => c.id)]);
    for (const c of closed) events.push({ boardId: board.boardId, seq, type: 'DELETE_CARD', cardId: c.id, laneId: c.lane_id, by: null });
  }
  if (gained.length && board.firstLaneId) {
    const clients = new Map((await source.findClients(q, accountId, gained)).map((c) => [c.id, c]));
    const tagNames = new Map((await source.tags(q, accountId, board.tagIds)).map((t) => [t.id, t.name]));
    for (const clientId of gained) {
      const client = clients.get(clientId);
      if (!client) continue;
      const joined = await q.query(
        'insert into task_board_clients (board_id, client_id, account_id) values ($1, $2, $3) on conflict do nothing returning client_id',
        [board.boardId, clientId, accountId],
      );
      if (!joined.length) continue; // another change counted this client in already
      const id = randomUUID();
      const held = qualifying
        .get(clientId)!
        .map((t) => tagNames.get(t))
        .filter(Boolean);
      const inserted = await q.query(
        `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, details, client_id, client_name, client_type, source)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'client', 'tag')
         on conflict (board_id, client_id) where source = 'tag' and closed_at is null do nothing returning id`,
        [
          id,
          accountId,
          board.boardId,
          board.firstLaneId,
          await topOrder(q, board.firstLaneId),
          client.name,
          held.length ? `Tagged ${held.join(', ')}` : '',
          clientId,
          client.name,
        ],
      );
      if (!inserted.length) continue;
      const card = await loadCard(q, accountId, id);
      if (card) events.push({ boardId: board.boardId, seq, type: 'ADD_CARD', card, by: null });
    }
  }
  return events;
}

/** Keeps the client's name on its cards as the contact's record says it. */
export async function refreshClientNames(q: Queryable, accountId: string, source: ClientTagSource, clientIds: string[]) {
  for (const client of await source.findClients(q, accountId, clientIds)) {
    await q.query('update task_cards set client_name = $3 where account_id = $1 and client_id = $2 and client_name is distinct from $3', [
      accountId,
      client.id,
      client.name,
    ]);
  }
}
