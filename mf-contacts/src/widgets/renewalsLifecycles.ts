// Exposed as ./widget-renewals: the dashboard's Renewals slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { RenewalsWidget } from './RenewalsWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Renewals', RenewalsWidget, { routed: true });
