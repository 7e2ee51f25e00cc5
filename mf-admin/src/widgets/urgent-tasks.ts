// Exposed as ./widget-urgent-tasks: the dashboard's Urgent Tasks slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { UrgentTasks } from './UrgentTasks';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Urgent Tasks', UrgentTasks, { routed: true });
