import { createRemoteLifecycles } from '@agency/ui';
import { ReviewApp } from './ReviewApp';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Service review', ReviewApp);
