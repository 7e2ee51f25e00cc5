import { EventEmitter } from 'node:events';
import type { RealtimeNotice, Training, User } from '@agency/contracts';

/**
 * What the HTTP routes tell the rest of the process after a write commits. Realtime listens and
 * pushes to sockets; with no listening server (inject tests, CLIs) nobody listens and that is fine.
 */
export interface AppEventMap {
  /** A user's profile, role, picture, MFA or status changed. */
  userUpdated: { accountId: string; user: User };
  /** A user was deleted (their sessions are revoked separately). */
  userDeleted: { accountId: string; userId: string };
  /** Sessions were ended (superseded by a new sign-in, signed out, password reset...). */
  sessionsRevoked: { accountId: string; sessionIds: string[]; message: string };
  /**
   * Who a session is changed under its sockets (a role, a ghost started or stopped): they are
   * dropped and reconnect at once, so the handshake reads the new identity.
   */
  identityChanged: { accountId: string; userIds?: string[]; sessionIds?: string[] };
  /** A platform-wide training was added. */
  trainingCreated: { training: Training };
  /** A notice ('message' event) for some users of an account, or all of them (userIds null). */
  notice: { accountId: string; userIds: string[] | null; notice: RealtimeNotice };
  /** Clients were added, edited, tagged, untagged, split, merged or deleted: tag-driven task boards catch up. */
  clientsChanged: { accountId: string; clientIds: string[] };
  /** Tags were edited or deleted. */
  tagsChanged: { accountId: string; tagIds: string[] };
  /** A text was added to a room or changed (sent, delivered, failed); `inbound` when a client texted in. */
  smsChanged: { accountId: string; roomId: string; messageId: string; inbound?: boolean };
  /** Texting was turned off for the account. */
  smsDisabled: { accountId: string };
  /** A walk-in was checked in, assigned, seen or done. */
  walkInsChanged: { accountId: string; id: string };
  /** A campaign was saved or deleted, or one of its runs started or finished. */
  campaignsChanged: { accountId: string; campaignId: string };
  /** A call was logged or moved on (rang, answered, ended, reviewed): the Phone tab's work count catches up. */
  callsChanged: { accountId: string };
  /** A caller joined, left or was taken from one of the account's call queues. */
  queuesChanged: { accountId: string };
  /** A conference changed: who is in it, held, or it ended. */
  conferenceChanged: { accountId: string; callId: string };
  /** A participant of a conference started or stopped talking. */
  conferenceSpeaking: { accountId: string; callId: string; label: string; speaking: boolean };
  /** A call's recording started, paused or resumed (callSid: the leg that answered). */
  callRecording: { accountId: string; callSid: string; status: 'in-progress' | 'paused' | 'stopped' };
  /** A room itself changed (followed, assigned, completed); `removed` when it left the inbox. */
  smsRoomChanged: { accountId: string; roomId: string; removed?: boolean };
}

export type AppEventName = keyof AppEventMap;

export interface AppEvents {
  emit<E extends AppEventName>(event: E, payload: AppEventMap[E]): void;
  on<E extends AppEventName>(event: E, listener: (payload: AppEventMap[E]) => void | Promise<void>): () => void;
}

export function createEvents(): AppEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    emit: (event, payload) => void emitter.emit(event, payload),
    on: (event, listener) => {
      // A listener's failure must never break the request that emitted the event.
      const safe = (payload: AppEventMap[typeof event]) => {
        try {
          const result = listener(payload);
          if (result instanceof Promise) result.catch((err) => console.error(`event ${event} listener failed`, err));
        } catch (err) {
          console.error(`event ${event} listener failed`, err);
        }
      };
      emitter.on(event, safe);
      return () => void emitter.off(event, safe);
    },
  };
}
