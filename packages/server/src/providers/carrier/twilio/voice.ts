import type { VoiceCarrier } from '../voice';
import type { TwilioClient } from './client';

export interface TwilioVoiceKeys {
  accountSid: string;
  authToken?: string;
  /** An API key and its secret sign Access Tokens (TWILIO_API_KEY, TWILIO_API_SECRET). */
  apiKey?: string;
  apiSecret?: string;
  /** The TwiML App whose Voice URL is our outgoing webhook (TWILIO_TWIML_APP_SID). */
  twimlAppSid?: string;
}

/** Twilio's calling: Access Tokens with a VoiceGrant; the Device finds Twilio's edge itself. */
export function createTwilioVoice(keys: TwilioVoiceKeys, client: () => Promise<TwilioClient>, publicUrl: string): VoiceCarrier {
  return {
    async accessToken(identity, ttlSeconds) {
      if (!keys.apiKey || !keys.apiSecret || !keys.twimlAppSid) throw new Error('Calling with CARRIER=twilio needs TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID');
      const { default: twilio } = await import('twilio');
      const { AccessToken } = twilio.jwt;
      const token = new AccessToken(keys.accountSid, keys.apiKey, keys.apiSecret, { identity, ttl: ttlSeconds });
      token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: keys.twimlAppSid, incomingAllow: true }));
      return token.toJwt();
    },
    async redirectCall(callSid, path) {
      await (await client()).calls(callSid).update({ url: `${publicUrl}${path}`, method: 'POST' });
    },
    async startRecording(callSid, path) {
      await (await client()).calls(callSid).recordings.create({ recordingStatusCallback: `${publicUrl}${path}`, recordingStatusCallbackMethod: 'POST' });
    },
    async pauseRecording(callSid, paused) {
      await (await client()).calls(callSid).recordings('Twilio.CURRENT').update({ status: paused ? 'paused' : 'in-progress' });
    },
    async recordingAudio(recordingSid) {
      // Twilio serves a recording's media to the account's credentials.
      const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${keys.accountSid}/Recordings/${recordingSid}.wav`, {
        headers: { Authorization: `Basic ${Buffer.from(`${keys.accountSid}:${keys.authToken ?? ''}`).toString('base64')}` },
      });
      return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
    },
    async deleteRecording(recordingSid) {
      await (await client()).recordings(recordingSid).remove();
    },
    signaling: () => null,
    listenSignaling: async () => undefined,
  };
}
