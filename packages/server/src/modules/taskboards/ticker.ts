import type { Db } from '../../db/index';
import { pushAlerts } from './alerts';
import { knownAccounts, pushToBoard } from './publish';
import { spawnDueRepeats } from './recurring';

/** One pass of the task boards' clock: repeating cards that fell due, and alert badges as due dates pass. */
export async function taskBoardTick(db: Db, now = new Date()) {
  for (const { accountId, event } of await spawnDueRepeats(db, now)) pushToBoard(db, accountId, event);
  for (const accountId of knownAccounts(db)) await pushAlerts(db, accountId, undefined, { onlyChanged: true });
}

/** Runs the clock every `everyMs` until the returned function is called. */
export function startTaskBoardTicker(db: Db, everyMs = 30_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    taskBoardTick(db)
      .catch((err) => console.error('taskboard tick failed', err))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
