import type { Observable } from 'rxjs';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload } from '@agency/contracts';
import { bus, type AckRequest, type AckResult, type ConnectionState } from '@agency/bus';

export type SmsEvent = Exclude<Extract<keyof ClientToServerEvents, `sms_${string}`>, 'sms_is_typing'>;
export type RequestOf<E extends SmsEvent> = AckRequest<E>;
export type ResultOf<E extends SmsEvent> = AckResult<E>;

/** How the inbox talks to the server: requests answered by acknowledgement, and server events. */
export interface InboxTransport {
  request<E extends SmsEvent>(event: E, req: RequestOf<E>, timeoutMs?: number): Promise<ResultOf<E>>;
  typing(roomId: string): void;
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>>;
  connection$: Observable<ConnectionState>;
}

/** The app's socket, which only the bus owns. */
export const busTransport: InboxTransport = {
  request: (event, req, timeoutMs) => bus.request(event, req, timeoutMs),
  typing: (roomId) => bus.emit('sms_is_typing', { roomId }),
  on: (event) => bus.on(event),
  connection$: bus.connection$,
};
