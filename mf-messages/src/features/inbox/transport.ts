import type { Observable } from 'rxjs';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, SmsAck } from '@agency/contracts';
import { bus, type ConnectionState } from '@agency/bus';

export type SmsEvent = Exclude<Extract<keyof ClientToServerEvents, `sms_${string}`>, 'sms_is_typing'>;
export type RequestOf<E extends SmsEvent> = Parameters<ClientToServerEvents[E]>[0];
export type ResultOf<E extends SmsEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends SmsAck<infer T> ? T : never;

/** How the inbox talks to the server: requests answered by acknowledgement, and server events. */
export interface InboxTransport {
  request<E extends SmsEvent>(event: E, req: RequestOf<E>, timeoutMs?: number): Promise<ResultOf<E>>;
  typing(roomId: string): void;
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>>;
  connection$: Observable<ConnectionState>;
}

/** The app's socket, which only the bus owns. */
export const busTransport: InboxTransport = {
  request(event, req, timeoutMs = 15_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No answer from the server. Check the connection and try again.')), timeoutMs);
      const emit = bus.emit as unknown as (event: string, req: unknown, ack: (res: SmsAck<never>) => void) => void;
      emit.call(bus, event, req, (res) => {
        clearTimeout(timer);
        if (res.ok) resolve(res.data);
        else reject(new Error(res.message));
      });
    });
  },
  typing: (roomId) => bus.emit('sms_is_typing', { roomId }),
  on: (event) => bus.on(event),
  connection$: bus.connection$,
};
