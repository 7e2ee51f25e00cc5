import type { Db, Queryable } from '../../db/index';
import { namespaceOf, pushToUser } from './publish';

// A user's task alerts: open cards assigned to them on monitored boards that are past their due
// date and not completed (not in the last lane of a board with more than one lane).

/** Alert counts per user of the account (only users with at least one alert are listed). */
export async function alertCounts(q: Queryable, accountId: string, userIds?: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ user_id: string; count: number }>(
    `select c.assigned_to as user_id, count(*)::int as count
       from task_cards c
       join task_boards b on b.id = c.board_id
       join task_board_lanes l on l.id = c.lane_id
      where c.account_id = $1 and c.assigned_to is not null ${userIds ? 'and c.assigned_to = any($2::uuid[])' : ''}
        and c.closed_at is null and c.due_on is not null and c.due_on < now() and b.monitor
        and not (l.position = (select max(position) from task_board_lanes m where m.board_id = c.board_id)
                 and (select count(*) from task_board_lanes n where n.board_id = c.board_id) > 1)
      group by c.assigned_to`,
    userIds ? [accountId, userIds] : [accountId],
  );
  return new Map(rows.map((r) => [r.user_id, r.count]));
}

const lastSent = new WeakMap<object, Map<string, number>>();

/** Sends the alert count to each of these users (or to everyone of the account online here). */
export async function pushAlerts(db: Db, accountId: string, userIds?: string[], opts: { onlyChanged?: boolean } = {}) {
  let targets = userIds;
  if (!targets) {
    const nsp = await namespaceOf(db, accountId);
    if (!nsp) return;
    targets = [...new Set((await nsp.fetchSockets()).map((s) => s.data.auth.userId))];
  }
  if (!targets.length) return;
  const counts = await alertCounts(db, accountId, targets);
  if (!lastSent.has(db)) lastSent.set(db, new Map());
  const sent = lastSent.get(db)!;
  for (const userId of targets) {
    const count = counts.get(userId) ?? 0;
    if (opts.onlyChanged && sent.get(userId) === count) continue;
    sent.set(userId, count);
    pushToUser(db, accountId, userId, 'taskBoard_alerts', { count });
  }
}
