import { createRemoteLifecycles } from '@agency/ui';
import { App } from './App';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Account', App, { routed: true });
