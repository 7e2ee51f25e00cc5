import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@agency/contracts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a socket the way the bus does (websocket, handshake query), without reconnecting. */
export function openSocket(url: string, namespace: string, token: string, userId = '', name = 'Test Client'): ClientSocket {
  return io(`${url}/${namespace}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    auth: { token },
    query: { userId, name, version: '2.10.0', device: 'desktop' },
  });
}

/** Resolves once connected; rejects with the server's refusal message. */
export function connected(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export async function connect(url: string, namespace: string, token: string, userId = ''): Promise<ClientSocket> {
  return connected(openSocket(url, namespace, token, userId));
}

/** The connect_error message the server refused with. */
export async function refusal(url: string, namespace: string, token: string): Promise<string> {
  const socket = openSocket(url, namespace, token);
  try {
    await connected(socket);
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  } finally {
    socket.close();
  }
}

/** The next `event` whose payload passes `match`, within `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ms = 10_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no matching ${String(event)} within ${ms} ms`));
    }, ms);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Resolves with the disconnect reason. */
export function disconnected(socket: ClientSocket, ms = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
