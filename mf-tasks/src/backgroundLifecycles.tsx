import { useEffect } from 'react';
import { bus } from '@agency/bus';
import { createRemoteLifecycles } from '@agency/ui';
import { wireTaskAlerts } from './background';

/** Draws nothing: the shell mounts it once signed in, so task alerts reach the user on every page. */
function TaskAlerts() {
  useEffect(() => wireTaskAlerts(bus), []);
  return null;
}

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Task alerts', TaskAlerts, { routed: false });
