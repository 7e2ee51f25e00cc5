/*
 * Calling through the carrier (spec 000 "Phone drawer and call UI", spec 002 "CallFlow").
 * Both carriers ask the same webhooks what to do with a call, as TwiML:
 * - incoming: a call to one of the agency's numbers (the number's Voice URL);
 * - outgoing: a call placed by a browser Device (the TwiML App's Voice URL);
 * - status: a call ended (the parent call's status callback).
 * The Dial verb's `action` and `statusCallback` name their own URLs.
 */
export const VOICE_PATHS = {
  incoming: '/api/carrier/voice/incoming',
  outgoing: '/api/carrier/voice/outgoing',
  status: '/api/carrier/voice/status',
  dialAction: '/api/carrier/voice/dial',
  dialEvent: '/api/carrier/voice/dial-event',
  transfer: '/api/carrier/voice/transfer',
  recording: '/api/carrier/voice/recording',
  ivr: '/api/carrier/voice/ivr',
  /** Enqueue's waitUrl: hold music while the caller waits, until the longest wait. */
  queueWait: '/api/carrier/voice/queue-wait',
  /** Enqueue's action: the caller left the queue (hung up, or the wait ran out). */
  queueLeft: '/api/carrier/voice/queue-left',
  /** A call someone sent to voicemail (PUT /phone/voicemail): the greeting and Record. */
  voicemail: '/api/carrier/voice/voicemail',
  /** A queued call taken by someone (Take Next Call): their phone rings with it. */
  queueTake: '/api/carrier/voice/queue-take',
  /** A call joins its conference (a two-party call converted, or a participant added). */
  conferenceJoin: '/api/carrier/voice/conference-join',
  /** The conference's statusCallback: participants joining, leaving, held, and its end. */
  conferenceEvent: '/api/carrier/voice/conference-event',
  /** A participant's own call: answered, or not (busy, no answer). */
  conferenceCall: '/api/carrier/voice/conference-call',
} as const;

/** Where the local carrier's signalling listens (the browser connects to wss://{host}:{port}/signal). */
export interface SignalingEndpoint {
  port: number;
  /** A page served over the same TLS port that tells a person the phone line is trusted. */
  trustPath: string;
}

/** A call the carrier places to bring someone into a conference (Twilio's participant create). */
export interface ParticipantCall {
  /** `client:{userId}` or an E.164 number. */
  to: string;
  from: string;
  /** The CallSid of the participant the new one coaches: only they hear the coach. */
  coach?: string | null;
  /** Custom parameters for a Device (the caller's name, the call's id). */
  parameters?: Record<string, string>;
  /** Where the new call's answered or failed status goes. */
  statusCallback?: string | null;
  /** Where the conference's events go for this participant. */
  conferenceStatusCallback?: string | null;
  timeoutSeconds?: number;
}

export interface ParticipantChange {
  hold?: boolean;
  /** What a held participant hears. */
  holdUrl?: string;
  muted?: boolean;
}

export interface VoiceCarrier {
  /**
   * An access token for a browser's Device, for `identity` (a user id), issued to the session
   * `sessionId`; ttl in seconds (no longer than the session's idle limit or its end).
   */
  accessToken(identity: string, ttlSeconds: number, sessionId?: string): Promise<string>;
  /** Drops the phones connected with tokens of these sessions (they ended); the local carrier's signalling only. */
  endSessions(sessionIds: string[]): void;
  /** The local carrier's signalling once it listens; null with Twilio (its Device finds its own edge). */
  signaling(): SignalingEndpoint | null;
  /**
   * Gives a call in progress new instructions (Twilio's call update with a url): whoever it is
   * bridged to is let go and the call runs the TwiML that `path` answers.
   */
  redirectCall(callSid: string, path: string): Promise<void>;
  /**
   * Records a call in progress from now until it ends (both sides, across transfers); the carrier
   * posts `path` (RecordingSid, RecordingDuration, RecordingStatus) when the recording is ready.
   */
  startRecording(callSid: string, path: string): Promise<void>;
  /** Calls someone into the named conference; the new call's sid. */
  addParticipant(conference: string, call: ParticipantCall): Promise<string>;
  /** Holds, resumes, mutes or unmutes a participant (by their CallSid). */
  updateParticipant(conference: string, callSid: string, change: ParticipantChange): Promise<void>;
  /** Takes a participant out of the conference; their call ends. */
  removeParticipant(conference: string, callSid: string): Promise<void>;
  /** Ends the conference: every participant's call ends. */
  endConference(conference: string): Promise<void>;
  /** Pauses or resumes a call's recording. */
  pauseRecording(callSid: string, paused: boolean): Promise<void>;
  /** A finished recording's audio (WAV), or null when the carrier has none. */
  recordingAudio(recordingSid: string): Promise<Buffer | null>;
  deleteRecording(recordingSid: string): Promise<void>;
  /** Starts the local carrier's signalling (a no-op with Twilio). */
  listenSignaling(options: { port: number; host: string; certDir: string; heartbeatMs?: number }): Promise<void>;
}
