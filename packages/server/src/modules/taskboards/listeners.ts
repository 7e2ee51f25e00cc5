import type { TaskBoardServerEvent } from '@agency/contracts';
import type { Db } from '../../db/index';
import { pushAlerts } from './alerts';
import { sqlClientTagSource, type ClientTagSource } from './clientTags';
import { pushToBoard } from './publish';
import { reconcileTagCards, refreshClientNames } from './tagCards';

/**
 * What other modules tell the task boards. The contacts module calls these after its change has
 * committed; each runs in its own transaction and pushes the resulting cards to open boards.
 */

/** Clients changed: tags assigned or removed, or any field a dynamic tag may read (name included). */
export async function clientsChanged(db: Db, accountId: string, clientIds: string[], source: ClientTagSource = sqlClientTagSource) {
  if (!clientIds.length) return;
  const events = await db.tx(async (q) => {
    await refreshClientNames(q, accountId, source, clientIds);
    return reconcileTagCards(q, accountId, source, { clientIds });
  });
  publishAll(db, accountId, events);
}

/** Tags changed: a dynamic tag's query was edited, or a tag was deleted. Boards using them are brought up to date. */
export async function tagsChanged(db: Db, accountId: string, tagIds: string[], source: ClientTagSource = sqlClientTagSource) {
  if (!tagIds.length) return;
  const boards = await db.query<{ board_id: string }>('select distinct board_id from task_board_tags where account_id = $1 and tag_id = any($2::uuid[])', [
    accountId,
    tagIds,
  ]);
  if (!boards.length) return;
  const events = await db.tx(async (q) => {
    const still = new Set((await source.tags(q, accountId, tagIds)).map((t) => t.id));
    const gone = tagIds.filter((id) => !still.has(id));
    if (gone.length) await q.query('delete from task_board_tags where account_id = $1 and tag_id = any($2::uuid[])', [accountId, gone]);
    return reconcileTagCards(q, accountId, source, { boardIds: boards.map((b) => b.board_id) });
  });
  publishAll(db, accountId, events);
}

export function publishAll(db: Db, accountId: string, events: TaskBoardServerEvent[]) {
  for (const event of events) pushToBoard(db, accountId, event);
  if (events.length) void pushAlerts(db, accountId).catch((err) => console.error('taskboard alerts', err));
}
