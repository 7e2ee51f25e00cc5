// Exposed as ./widget-usage: the dashboard's Usage slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { Usage } from './Usage';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Usage', Usage, { routed: true });
