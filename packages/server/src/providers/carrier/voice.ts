/** Calling through the carrier (spec 000 "Phone drawer and call UI", spec 002 "CallFlow"). */
export interface VoiceCarrier {
  /** An access token for the browser's Device (identity client:{userId}); ttl in seconds (36000). */
  accessToken(identity: string, ttlSeconds: number): Promise<string>;
}
