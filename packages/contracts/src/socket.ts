import type { Peer, PhoneStatus, User } from './user';

/** Query sent with the socket handshake (the token goes in the auth payload, never the URL). */
export interface SocketHandshakeQuery {
  userId: string;
  name: string;
  version: string;
  device: 'desktop' | 'mobile';
}

export interface RealtimeNotice {
  message: string;
  link?: string;
}

/** Events the server sends. Each remote's issue adds its own here. */
export interface ServerToClientEvents {
  users_peers: (peers: Peer[]) => void;
  users_update: (user: Partial<User> & { id: string }) => void;
  unauthorized: (reason: { message: string }) => void;
  message: (notice: RealtimeNotice) => void;
  /** A training was added to the library (with or without a notice): the footer's badge counts it. */
  trainings_new: (event: { id: string }) => void;
}

/** Events the client sends. */
export interface ClientToServerEvents {
  users_phoneStatus: (status: PhoneStatus) => void;
  reconnected: (userId: string) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
