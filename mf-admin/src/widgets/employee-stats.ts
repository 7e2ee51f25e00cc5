// Exposed as ./widget-employee-stats: the dashboard's Employee Stats slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { EmployeeStatsWidget } from '../features/metrics/EmployeeStatsWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Employee Stats', EmployeeStatsWidget, { routed: true });
