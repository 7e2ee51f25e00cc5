import type { SocketFeature } from './index';
import { taskBoardSocketFeature } from '../modules/taskboards/realtime';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [
  taskBoardSocketFeature,
];
