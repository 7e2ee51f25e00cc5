import { createRemoteLifecycles } from '@agency/ui';
import { PhoneDrawer } from './features/drawer/PhoneDrawer';

/** The phone drawer: the shell mounts it once on every page while signed in. */
export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Phone', PhoneDrawer, { routed: false });
