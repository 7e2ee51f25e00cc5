import { bus as appBus, type Bus } from '@agency/bus';
import { SETUP_COMPLETED, setupTasksLeft } from '@agency/contracts';

/**
 * Raises 'Setup Tasks Completed' (a toast and the confetti) once, on whatever page the last setup
 * task is done: the session follows each change (a location added, a number bought, MFA set up),
 * so the frame sees the checklist empty wherever the person is. A sign-in with nothing left, a
 * ghosting or an account switch celebrates nothing. Returns the way to stop.
 */
export function watchSetupCompletion(bus: Bus = appBus): () => void {
  let last: { who: string; left: number } | null = null;
  const sub = bus.session$.subscribe((session) => {
    if (!session) {
      last = null;
      return;
    }
    const who = `${session.account.id}:${session.user.id}`;
    const left = setupTasksLeft(session).length;
    if (last && last.who === who && last.left > 0 && left === 0) {
      bus.toast({ kind: 'success', message: SETUP_COMPLETED, key: 'setup-tasks-completed' });
      bus.celebrate(SETUP_COMPLETED);
    }
    last = { who, left };
  });
  return () => sub.unsubscribe();
}
