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
} as const;

/** Where the local carrier's signalling listens (the browser connects to wss://{host}:{port}/signal). */
export interface SignalingEndpoint {
  port: number;
  /** A page served over the same TLS port that tells a person the phone line is trusted. */
  trustPath: string;
}

export interface VoiceCarrier {
  /** An access token for a browser's Device, for `identity` (a user id); ttl in seconds (36000). */
  accessToken(identity: string, ttlSeconds: number): Promise<string>;
  /** The local carrier's signalling once it listens; null with Twilio (its Device finds its own edge). */
  signaling(): SignalingEndpoint | null;
  /** Starts the local carrier's signalling (a no-op with Twilio). */
  listenSignaling(options: { port: number; host: string; certDir: string }): Promise<void>;
}
