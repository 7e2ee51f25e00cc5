import type { SocketFeature } from './index';

/** Every feature's socket handlers, registered on each authenticated connection. */
export const SOCKET_FEATURES: SocketFeature[] = [];
