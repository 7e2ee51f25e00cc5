import type { TaskBoard } from '@agency/contracts';

/** Percent of a part of the board's cards; 100 when it has none. */
export const percentOf = (part: number, total: number) => (total === 0 ? 100 : Math.round((part / total) * 100));

/** Completed: it has cards and every one of them is in the last lane. */
export const isCompleted = (b: Pick<TaskBoard, 'total' | 'completed'>) => b.total > 0 && b.total === b.completed;

/** Alerts first, then by name; completed boards only when asked for. */
export function visibleBoards(boards: TaskBoard[], showCompleted: boolean): TaskBoard[] {
  return boards
    .filter((b) => showCompleted || !isCompleted(b))
    .sort((a, b) => Number(b.monitorAlert) - Number(a.monitorAlert) || a.boardname.localeCompare(b.boardname, undefined, { sensitivity: 'base' }));
}

const ACTIVE_KEY = 'agency.tasks.activeBoard';
/** The board the user has open: /tasks goes back to it until they leave it with Back. */
export const activeBoard = {
  get: (): string | null => {
    try {
      return sessionStorage.getItem(ACTIVE_KEY);
    } catch {
      return null;
    }
  },
  set: (id: string | null) => {
    try {
      if (id) sessionStorage.setItem(ACTIVE_KEY, id);
      else sessionStorage.removeItem(ACTIVE_KEY);
    } catch {
      // storage unavailable: the redirect is a convenience only
    }
  },
};
