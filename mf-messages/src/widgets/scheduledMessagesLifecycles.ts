import { createRemoteLifecycles } from '@agency/ui';
import { ScheduledMessagesWidget } from './ScheduledMessagesWidget';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Scheduled Messages', ScheduledMessagesWidget);
