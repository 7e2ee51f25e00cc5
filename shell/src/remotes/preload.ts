import type { RemoteName } from '@agency/contracts';
import { DASHBOARD_SLOTS } from '../dashboard/slots';
import { BACKGROUND_REMOTES } from '../frame/BackgroundSlots';
import { loadRemoteModule, remoteExposes } from './registry';

/**
 * What a signed-in page mounts from remotes first: the widgets of the dashboard's first screen, the
 * phone drawer and the background modules (the widgets below the first screen load once it is drawn).
 */
export const FIRST_MODULES: ReadonlyArray<{ remote: RemoteName; expose: string }> = [
  ...DASHBOARD_SLOTS.filter((s) => s.firstScreen),
  { remote: 'phone', expose: 'drawer' },
  ...BACKGROUND_REMOTES.map((remote) => ({ remote, expose: 'background' })),
];

/**
 * Loads the code of those modules, where the active releases expose them, without mounting any:
 * behind /login, so that after the Sign In click the dashboard waits only on its data. A failure
 * here is left to the slot that mounts the module (it shows its error card and Retry).
 */
export function preloadFirstModules(): Promise<void> {
  return Promise.all(
    FIRST_MODULES.map(async ({ remote, expose }) => {
      if (!(await remoteExposes(remote)).includes(expose)) return;
      await loadRemoteModule(remote, expose as never);
    }).map((loading) => loading.catch(() => undefined)),
  ).then(() => undefined);
}
