import { useEffect } from 'react';
import { bus } from '@agency/bus';
import { createRemoteLifecycles } from '@agency/ui';
import { wireTaskAlerts } from './background';
import { ActiveTaskFollow } from './features/active/ActiveTaskFollow';

/** The shell mounts it once signed in, on every page: task alerts feed the Tasks badge, and the active task follows the person. */
function TaskAlerts() {
  useEffect(() => wireTaskAlerts(bus), []);
  return <ActiveTaskFollow />;
}

// Routed: the active task's Open goes through the shell's router, and the bar knows the page it is on.
export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Task alerts', TaskAlerts);
