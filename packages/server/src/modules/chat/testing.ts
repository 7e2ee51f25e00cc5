import { io, type Socket } from 'socket.io-client';
import type { ChatAck, ClientToServerEvents, ServerToClientEvents } from '@agency/contracts';

export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;
type ChatEvent = Extract<keyof ClientToServerEvents, `chat_${string}`>;
type RequestOf<E extends ChatEvent> = Parameters<ClientToServerEvents[E]>[0];
type ResultOf<E extends ChatEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends ChatAck<infer T> ? T : never;

/** A real socket.io client on the account's namespace, connected (or rejected with the server's reason). */
export function connectClient(url: string, namespace: string, token: string, opts: { reconnection?: boolean } = {}): Promise<ChatClient> {
  const socket: ChatClient = io(`${url}/${namespace}`, {
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Sends a chat request and resolves with its data, or rejects with the server's message. */
export function ask<E extends ChatEvent>(socket: ChatClient, event: E, req: RequestOf<E>, timeoutMs = 5_000): Promise<ResultOf<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event}: no answer in ${timeoutMs} ms`)), timeoutMs);
    const emit = socket.emit as unknown as (event: string, req: unknown, ack: (res: ChatAck<ResultOf<E>>) => void) => void;
    emit.call(socket, event, req, (res) => {
      clearTimeout(timer);
      if (res.ok) resolve(res.data);
      else reject(new Error(res.message));
    });
  });
}

/** Everything one client received, by event name, with a way to wait for the next match. */
export class Inbox {
  readonly events: Array<{ event: string; payload: unknown }> = [];
  private waiters: Array<{ event: string; test: (p: unknown) => boolean; resolve: (p: unknown) => void }> = [];

  constructor(socket: ChatClient) {
    socket.onAny((event: string, payload: unknown) => {
      this.events.push({ event, payload });
      this.waiters = this.waiters.filter((w) => {
        if (w.event !== event || !w.test(payload)) return true;
        w.resolve(payload);
        return false;
      });
    });
  }

  all<E extends keyof ServerToClientEvents>(event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
    return this.events.filter((e) => e.event === event).map((e) => e.payload as Parameters<ServerToClientEvents[E]>[0]);
  }

  /** The first matching event already received, or the next one to arrive. */
  next<E extends keyof ServerToClientEvents>(
    event: E,
    test: (p: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    type P = Parameters<ServerToClientEvents[E]>[0];
    const seen = this.events.find((e) => e.event === event && test(e.payload as P));
    if (seen) return Promise.resolve(seen.payload as P);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        event,
        test: (p) => test(p as P),
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p as P);
        },
      });
    });
  }

  clear() {
    this.events.length = 0;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
