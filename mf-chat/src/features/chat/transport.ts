import type { Observable } from 'rxjs';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload } from '@agency/contracts';
import { bus, type AckRequest, type AckResult, type ConnectionState } from '@agency/bus';

export type ChatEvent = Extract<keyof ClientToServerEvents, `chat_${string}`>;
export type RequestOf<E extends ChatEvent> = AckRequest<E>;
export type ResultOf<E extends ChatEvent> = AckResult<E>;

/** How the chat talks to the server: requests answered by acknowledgement, and server events. */
export interface ChatTransport {
  request<E extends ChatEvent>(event: E, req: RequestOf<E>, timeoutMs?: number): Promise<ResultOf<E>>;
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>>;
  connection$: Observable<ConnectionState> & { value: ConnectionState };
}

export { NoAnswerError } from '@agency/bus';

/** The app's socket, which only the bus owns. */
export const busTransport: ChatTransport = {
  request: (event, req, timeoutMs) => bus.request(event, req, timeoutMs),
  on: (event) => bus.on(event),
  connection$: bus.connection$,
};
