import { createRemoteLifecycles } from '@agency/ui';
import { CampaignsWidget } from './CampaignsWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Campaigns', CampaignsWidget);
