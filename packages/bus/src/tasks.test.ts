import type { TaskCard } from '@agency/contracts';
import { ACTIVE_TASK_TOAST_KEY, bus, type ToastRequest } from './index';

const card = { id: 'c1', title: 'Call Jones', taskBoardId: 'b1', taskBoardName: 'Renewals', client: { id: 'k1', name: 'Jan Jones' } } as TaskCard;

test("task alerts feed the Tasks badge", () => {
  bus.events$.next({ event: 'taskBoard_alerts', payload: { count: 3 } });
  expect(bus.badges$.value.tasks).toBe(3);
  bus.events$.next({ event: 'taskBoard_alerts', payload: { count: 0 } });
  expect(bus.badges$.value.tasks).toBe(0);
});

test('the active task stays in a toast until it is done or set aside', () => {
  const toasts: ToastRequest[] = [];
  const dismissed: string[] = [];
  const subs = [bus.toast$.subscribe((t) => toasts.push(t)), bus.toastDismiss$.subscribe((k) => dismissed.push(k))];
  bus.events$.next({ event: 'taskBoard_activeTask', payload: { card: null } });
  expect(toasts).toHaveLength(0);
  bus.events$.next({ event: 'taskBoard_activeTask', payload: { card } });
  expect(toasts[0]).toMatchObject({ key: ACTIVE_TASK_TOAST_KEY, persistent: true, message: 'Active task: Call Jones', description: 'Renewals · Jan Jones', link: '/tasks/b1?card=c1' });
  bus.events$.next({ event: 'taskBoard_activeTask', payload: { card: null } });
  expect(toasts[1]).toMatchObject({ key: ACTIVE_TASK_TOAST_KEY, message: 'Call Jones is no longer your active task' });
  expect(toasts[1].persistent).toBeFalsy();
  expect(dismissed).toEqual([ACTIVE_TASK_TOAST_KEY]);
  subs.forEach((s) => s.unsubscribe());
});
