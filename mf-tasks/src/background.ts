import type { Bus } from '@agency/bus';

/** The persistent toast of the user's active task. */
export const ACTIVE_TASK_TOAST_KEY = 'active-task';

/**
 * What task boards do wherever the user is: task alerts feed the Tasks badge, and the active task
 * stays in a toast until it is done or set aside. Returns the way to stop.
 */
export function wireTaskAlerts(bus: Bus): () => void {
  let shown: string | null = null;
  const subs = [
    bus.on('taskBoard_alerts').subscribe(({ count }) => bus.setBadge('tasks', count)),
    bus.on('taskBoard_activeTask').subscribe(({ card }) => {
      if (!card) {
        if (shown === null) return;
        // a host that closes toasts by key does so; one that does not replaces it with a short one
        bus.toast({ kind: 'info', key: ACTIVE_TASK_TOAST_KEY, message: `${shown} is no longer your active task` });
        bus.dismissToast(ACTIVE_TASK_TOAST_KEY);
        shown = null;
        return;
      }
      shown = card.title || 'Untitled card';
      bus.toast({
        kind: 'info',
        key: ACTIVE_TASK_TOAST_KEY,
        persistent: true,
        message: `Active task: ${shown}`,
        description: card.client ? `${card.taskBoardName} · ${card.client.name}` : card.taskBoardName,
        link: `/tasks/${card.taskBoardId}?card=${card.id}`,
      });
    }),
  ];
  return () => subs.forEach((s) => s.unsubscribe());
}
