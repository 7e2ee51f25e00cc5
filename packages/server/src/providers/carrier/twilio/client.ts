import type { Twilio } from 'twilio';

export type TwilioClient = Twilio;

/** The SDK is large: it loads on the first call, and only when CARRIER=twilio. */
export function lazyTwilioClient(accountSid: string, authToken: string): () => Promise<TwilioClient> {
  let client: Promise<TwilioClient> | null = null;
  return () => (client ??= import('twilio').then((m) => (m.default as unknown as (sid: string, token: string) => TwilioClient)(accountSid, authToken)));
}
