import type { Conference, LocationWorkCount, PhoneQueue } from './phone';

declare module './socket' {
  /** The phone: missed calls nobody has reviewed yet (the Phone tab badge), on connect and whenever calls move on. */
  interface ServerToClientEvents {
    phone_workCount: (event: { count: number }) => void;
    /** The same count per location (locations with none are left out), for accounts with several. */
    phone_location_workCount: (event: { locations: LocationWorkCount[] }) => void;
    /** The account's call queues changed (a caller joined, left or was taken). */
    users_queue: (event: { queues: PhoneQueue[] }) => void;
    /** A call's recording started, paused or resumed; `callSid` is the answering leg (or the call). */
    conference_recording: (event: { callSid: string; status: 'in-progress' | 'paused' | 'stopped' }) => void;
    /** A conference changed (someone joined, left, was held or removed, or it ended). */
    conference_update: (event: { conference: Conference }) => void;
    /** Who in a conference is talking (the carrier's speech events): `phoneId` is the call's id, `label` the participant's. */
    volume: (event: { phoneId: string; label: string; speaking: boolean }) => void;
  }
  interface ClientToServerEvents {
    /**
     * Leaves a conference (the call goes on for the others); `callSid` is the leaving browser's call.
     * Answered once the carrier has let the leg go, or with why it could not.
     */
    conference_leave: (event: { callSid: string }, ack: (res: { ok: true; data: null } | { ok: false; message: string }) => void) => void;
    /** This browser's phone is on (sent again on every reconnect): the socket gets the phone's call events. */
    phone_join: (ack?: () => void) => void;
    /** The phone is off: no more call events. */
    phone_leave: () => void;
  }
}
export {};
