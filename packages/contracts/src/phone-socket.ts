import type { PhoneQueue } from './phone';

declare module './socket' {
  /** The phone: missed calls nobody has reviewed yet (the Phone tab badge), on connect and whenever calls move on. */
  interface ServerToClientEvents {
    phone_workCount: (event: { count: number }) => void;
    /** The account's call queues changed (a caller joined, left or was taken). */
    users_queue: (event: { queues: PhoneQueue[] }) => void;
    /** A call's recording started, paused or resumed; `callSid` is the answering leg (or the call). */
    conference_recording: (event: { callSid: string; status: 'in-progress' | 'paused' | 'stopped' }) => void;
  }
}
export {};
