import { createRemoteLifecycles } from '@agency/ui';
import { ServiceReviewsWidget } from './ServiceReviewsWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Service Reviews', ServiceReviewsWidget);
