declare module './socket' {
  /** The phone: missed calls nobody has reviewed yet (the Phone tab badge), on connect and whenever calls move on. */
  interface ServerToClientEvents {
    phone_workCount: (event: { count: number }) => void;
    /** A call's recording started, paused or resumed; `callSid` is the answering leg (or the call). */
    conference_recording: (event: { callSid: string; status: 'in-progress' | 'paused' | 'stopped' }) => void;
  }
}
export {};
