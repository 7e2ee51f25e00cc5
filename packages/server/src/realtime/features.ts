import type { SocketFeature } from './index';
import { chatSocket } from '../modules/chat/socket';
import { taskBoardSocketFeature } from '../modules/taskboards/realtime';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [
  chatSocket,
  taskBoardSocketFeature,
];
