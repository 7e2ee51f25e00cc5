import { createRemoteLifecycles } from '@agency/ui';
import { App } from './App';
import { askRoomsEarly } from './features/inbox/useInbox';

const lifecycles = createRemoteLifecycles('Messages', App);
export const { bootstrap, unmount, update } = lifecycles;

/** Mounting on the inbox starts its room list at once, beside the first render (single-spa runs the steps in order). */
async function roomsFirst(): Promise<void> {
  if (window.location.pathname.startsWith('/messages')) askRoomsEarly();
}
export const mount = [roomsFirst, lifecycles.mount].flat();
