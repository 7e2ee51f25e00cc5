import type { SocketFeature } from './index';
import { followUpsSocketFeature } from '../modules/followups/reminders';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [
  followUpsSocketFeature,
];
