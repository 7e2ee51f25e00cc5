import type { Bus } from '@agency/bus';

/**
 * What task boards do wherever the user is: task alerts feed the Tasks badge (the active task
 * follows the person as a bar of its own, ActiveTaskFollow). Returns the way to stop.
 */
export function wireTaskAlerts(bus: Bus): () => void {
  const subs = [bus.on('taskBoard_alerts').subscribe(({ count }) => bus.setBadge('tasks', count))];
  return () => subs.forEach((s) => s.unsubscribe());
}
