import type { VoiceCarrier } from '../voice';

export interface TwilioVoiceKeys {
  accountSid: string;
  /** An API key and its secret sign Access Tokens (TWILIO_API_KEY, TWILIO_API_SECRET). */
  apiKey?: string;
  apiSecret?: string;
  /** The TwiML App whose Voice URL is our outgoing webhook (TWILIO_TWIML_APP_SID). */
  twimlAppSid?: string;
}

/** Twilio's calling: Access Tokens with a VoiceGrant; the Device finds Twilio's edge itself. */
export function createTwilioVoice(keys: TwilioVoiceKeys): VoiceCarrier {
  return {
    async accessToken(identity, ttlSeconds) {
      if (!keys.apiKey || !keys.apiSecret || !keys.twimlAppSid) throw new Error('Calling with CARRIER=twilio needs TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID');
      const { default: twilio } = await import('twilio');
      const { AccessToken } = twilio.jwt;
      const token = new AccessToken(keys.accountSid, keys.apiKey, keys.apiSecret, { identity, ttl: ttlSeconds });
      token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: keys.twimlAppSid, incomingAllow: true }));
      return token.toJwt();
    },
    signaling: () => null,
    listenSignaling: async () => undefined,
  };
}
