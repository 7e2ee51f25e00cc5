import type { SocketFeature } from './index';
import { chatSocket } from '../modules/chat/socket';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [
  chatSocket,
];
