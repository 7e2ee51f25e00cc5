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
  /** A conference in progress is addressed by its sid; we name ours. */
  async function conferenceSid(name: string): Promise<string> {
    const [found] = await (await client()).conferences.list({ friendlyName: name, status: 'in-progress', limit: 1 });
    if (!found) throw new Error('That conference is not in progress');
    return found.sid;
  }
  return {
    async accessToken(identity, ttlSeconds) {
      if (!keys.apiKey || !keys.apiSecret || !keys.twimlAppSid)
        throw new Error('Calling with CARRIER=twilio needs TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID');
      const { default: twilio } = await import('twilio');
      const { AccessToken } = twilio.jwt;
      const token = new AccessToken(keys.accountSid, keys.apiKey, keys.apiSecret, { identity, ttl: ttlSeconds });
      token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: keys.twimlAppSid, incomingAllow: true }));
      return token.toJwt();
    },
    async redirectCall(callSid, path) {
      await (await client()).calls(callSid).update({ url: `${publicUrl}${path}`, method: 'POST' });
    },
    async addParticipant(conference, call) {
      const participant = await (await client()).conferences(conference).participants.create({
        from: call.from,
        to: call.to,
        timeout: call.timeoutSeconds ?? 30,
        beep: 'false',
        startConferenceOnEnter: true,
        endConferenceOnExit: false,
        ...(call.coach ? { coaching: true, callSidToCoach: call.coach } : {}),
        ...(call.statusCallback
          ? { statusCallback: `${publicUrl}${call.statusCallback}`, statusCallbackMethod: 'POST', statusCallbackEvent: ['answered', 'completed'] }
          : {}),
        ...(call.conferenceStatusCallback
          ? {
              conferenceStatusCallback: `${publicUrl}${call.conferenceStatusCallback}`,
              conferenceStatusCallbackMethod: 'POST',
              conferenceStatusCallbackEvent: ['join', 'leave', 'end', 'hold', 'mute', 'speaker'],
            }
          : {}),
      });
      return participant.callSid;
    },
    async updateParticipant(conference, callSid, change) {
      const sid = await conferenceSid(conference);
      await (
        await client()
      )
        .conferences(sid)
        .participants(callSid)
        .update({
          ...(change.hold !== undefined ? { hold: change.hold } : {}),
          ...(change.hold && change.holdUrl ? { holdUrl: change.holdUrl, holdMethod: 'GET' } : {}),
          ...(change.muted !== undefined ? { muted: change.muted } : {}),
        });
    },
    async removeParticipant(conference, callSid) {
      await (
        await client()
      )
        .conferences(await conferenceSid(conference))
        .participants(callSid)
        .remove();
    },
    async endConference(conference) {
      const sid = await conferenceSid(conference).catch(() => null);
      if (sid) await (await client()).conferences(sid).update({ status: 'completed' });
    },
    async startRecording(callSid, path) {
      await (await client()).calls(callSid).recordings.create({ recordingStatusCallback: `${publicUrl}${path}`, recordingStatusCallbackMethod: 'POST' });
    },
    async pauseRecording(callSid, paused) {
      await (
        await client()
      )
        .calls(callSid)
        .recordings('Twilio.CURRENT')
        .update({ status: paused ? 'paused' : 'in-progress' });
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
    // Twilio's signalling is Twilio's: its tokens live no longer than the session's idle limit.
    endSessions: () => undefined,
  };
}
