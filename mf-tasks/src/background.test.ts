import type { TaskCard } from '@agency/contracts';
import { Bus, hostControls, type ToastRequest } from '@agency/bus';
import { ACTIVE_TASK_TOAST_KEY, wireTaskAlerts } from './background';

const card = { id: 'c1', title: 'Call Jones', taskBoardId: 'b1', taskBoardName: 'Renewals', client: { id: 'k1', name: 'Jan Jones' } } as TaskCard;

test('task alerts feed the Tasks badge until stopped', () => {
  const bus = new Bus();
  const host = hostControls(bus);
  const stop = wireTaskAlerts(bus);
  host.receive({ event: 'taskBoard_alerts', payload: { count: 3 } });
  expect(bus.badges$.value.tasks).toBe(3);
  host.receive({ event: 'taskBoard_alerts', payload: { count: 0 } });
  expect(bus.badges$.value.tasks).toBe(0);
  stop();
  host.receive({ event: 'taskBoard_alerts', payload: { count: 5 } });
  expect(bus.badges$.value.tasks).toBe(0);
});

test('the active task stays in a toast until it is done or set aside', () => {
  const bus = new Bus();
  const host = hostControls(bus);
  const stop = wireTaskAlerts(bus);
  const toasts: ToastRequest[] = [];
  const dismissed: string[] = [];
  const subs = [bus.toast$.subscribe((t) => toasts.push(t)), bus.toastDismiss$.subscribe((k) => dismissed.push(k))];
  host.receive({ event: 'taskBoard_activeTask', payload: { card: null } });
  expect(toasts).toHaveLength(0);
  host.receive({ event: 'taskBoard_activeTask', payload: { card } });
  expect(toasts[0]).toMatchObject({
    key: ACTIVE_TASK_TOAST_KEY,
    persistent: true,
    message: 'Active task: Call Jones',
    description: 'Renewals · Jan Jones',
    link: '/tasks/b1?card=c1',
  });
  host.receive({ event: 'taskBoard_activeTask', payload: { card: null } });
  expect(toasts[1]).toMatchObject({ key: ACTIVE_TASK_TOAST_KEY, message: 'Call Jones is no longer your active task' });
  expect(toasts[1].persistent).toBeFalsy();
  expect(dismissed).toEqual([ACTIVE_TASK_TOAST_KEY]);
  subs.forEach((s) => s.unsubscribe());
  stop();
});
