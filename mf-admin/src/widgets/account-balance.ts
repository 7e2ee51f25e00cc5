// Exposed as ./widget-account-balance: the dashboard's Account Balance slot mounts it.
import { createRemoteLifecycles } from '@agency/ui';
import { AccountBalance } from './AccountBalance';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Account Balance', AccountBalance, { routed: true });
