import type { Observable } from 'rxjs';
import type { ChatAck, ClientToServerEvents, ServerEventName, ServerEventPayload } from '@agency/contracts';
import { bus, type ConnectionState } from '@agency/bus';

export type ChatEvent = Extract<keyof ClientToServerEvents, `chat_${string}`>;
export type RequestOf<E extends ChatEvent> = Parameters<ClientToServerEvents[E]>[0];
export type ResultOf<E extends ChatEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends ChatAck<infer T> ? T : never;

/** How the chat talks to the server: requests answered by acknowledgement, and server events. */
export interface ChatTransport {
  request<E extends ChatEvent>(event: E, req: RequestOf<E>, timeoutMs?: number): Promise<ResultOf<E>>;
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>>;
  connection$: Observable<ConnectionState> & { value: ConnectionState };
}

/** A request that got no answer in time (the connection may have dropped): it may still arrive. */
export class NoAnswerError extends Error {
  constructor() {
    super('No answer from the server');
  }
}

/** The app's socket, which only the bus owns. */
export const busTransport: ChatTransport = {
  request(event, req, timeoutMs = 15_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new NoAnswerError()), timeoutMs);
      const emit = bus.emit as unknown as (event: string, req: unknown, ack: (res: ChatAck<never>) => void) => void;
      emit.call(bus, event, req, (res) => {
        clearTimeout(timer);
        if (res.ok) resolve(res.data);
        else reject(new Error(res.message));
      });
    });
  },
  on: (event) => bus.on(event),
  connection$: bus.connection$,
};
