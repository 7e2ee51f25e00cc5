import { TASKBOARD_MESSAGES, type TaskCard } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { notFound } from '../../http/errors';
import { boardForActor, type Actor } from './access';
import { loadCard } from './mapping';
import { pushToUser } from './publish';

/** The card the user works on now, shown in a persistent toast until it is done or set aside. */
export async function activeTask(q: Queryable, accountId: string, userId: string): Promise<TaskCard | null> {
  const [row] = await q.query<{ card_id: string }>('select card_id from task_active_cards where user_id = $1 and account_id = $2', [userId, accountId]);
  if (!row) return null;
  const card = await loadCard(q, accountId, row.card_id);
  return card && !card.closedAt ? card : null;
}

export async function setActiveTask(db: Db, actor: Actor, cardId: string): Promise<TaskCard> {
  const card = await db.tx(async (q) => {
    const found = await loadCard(q, actor.accountId, cardId);
    if (!found || found.closedAt) throw notFound(TASKBOARD_MESSAGES.cardNotFound);
    await boardForActor(q, actor, found.taskBoardId);
    await q.query(
      `insert into task_active_cards (user_id, account_id, card_id) values ($1, $2, $3)
       on conflict (user_id) do update set card_id = excluded.card_id, started_at = now()`,
      [actor.userId, actor.accountId, cardId],
    );
    return found;
  });
  pushToUser(db, actor.accountId, actor.userId, 'taskBoard_activeTask', { card });
  return card;
}

export async function setAsideActiveTask(db: Db, actor: Actor) {
  await db.query('delete from task_active_cards where user_id = $1 and account_id = $2', [actor.userId, actor.accountId]);
  pushToUser(db, actor.accountId, actor.userId, 'taskBoard_activeTask', { card: null });
}

/** Tells the users working on this card what it looks like now (or that it is gone or done). */
export async function pushActiveCard(db: Db, accountId: string, cardId: string, userIds?: string[]) {
  const users =
    userIds ??
    (await db.query<{ user_id: string }>('select user_id from task_active_cards where card_id = $1 and account_id = $2', [cardId, accountId])).map(
      (r) => r.user_id,
    );
  if (!users.length) return;
  // users listed by the caller lost the card as their active task (done or gone)
  const card = userIds ? null : await loadCard(db, accountId, cardId);
  for (const userId of users) pushToUser(db, accountId, userId, 'taskBoard_activeTask', { card: card && !card.closedAt ? card : null });
}
