import { createRemoteLifecycles } from '@agency/ui';
import { ReferralsWidget } from './ReferralsWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Referrals', ReferralsWidget);
