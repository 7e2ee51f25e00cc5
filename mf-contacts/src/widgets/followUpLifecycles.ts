import { createRemoteLifecycles } from '@agency/ui';
import { FollowUpWidget } from './FollowUpWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Follow Up', FollowUpWidget);
