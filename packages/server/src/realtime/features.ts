import type { RealtimePush, SocketFeature } from './index';
import { clientsPush } from '../modules/clients/realtime';
import { chatSocket } from '../modules/chat/socket';
import { taskBoardSocketFeature } from '../modules/taskboards/realtime';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [
  chatSocket,
  taskBoardSocketFeature,
];

/** Every feature's pushes driven by app events, started once per server. */
export const PUSH_FEATURES: RealtimePush[] = [clientsPush];
