// Exposed as ./widget-queues: the dashboard's Queues slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { QueuesWidget } from './QueuesWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Queues', QueuesWidget, { routed: true });
