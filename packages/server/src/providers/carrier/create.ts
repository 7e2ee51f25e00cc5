import { SESSION_IDLE_MS } from '@agency/contracts';
import { createHmac } from 'node:crypto';
import type { Db } from '../../db/index';
import type { Carrier, CarrierKind } from './index';
import { createLocalSms } from './local/sms';
import { httpPoster, type WebhookPoster } from './local/webhooks';
import { signWebhook } from './signature';
import { lazyTwilioClient } from './twilio/client';
import { createTwilioSms } from './twilio/sms';
import { createTwilioNumbers } from './twilio/numbers';
import { createLocalNumbers } from './local/numbers';
import { createLocalVoice } from './local/voice/index';
import { createTwilioVoice } from './twilio/voice';
import { createTwilioRegistration } from './twilio/registration';
import { createLocalRegistration } from './local/registration';

export interface CarrierConfig {
  kind: CarrierKind;
  publicUrl: string;
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  twilioApiKey?: string;
  twilioApiSecret?: string;
  twilioTwimlAppSid?: string;
  /** The ISV's approved primary customer profile, assigned to each location's profile (Trust Hub). */
  twilioPrimaryProfileSid?: string;
  /** The key the local carrier derives its webhook token from (the client data key). */
  localSecret: Buffer;
}

/** The local carrier's webhook token: derived from the data key, so the CLI of the same data signs alike. */
export function localWebhookToken(secret: Buffer): string {
  return createHmac('sha256', secret).update('agency-desk local carrier webhooks').digest('base64url');
}

export function createCarrier(config: CarrierConfig, db: Db): Carrier {
  if (config.kind === 'twilio') {
    if (!config.twilioAccountSid || !config.twilioAuthToken) throw new Error('CARRIER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    const client = lazyTwilioClient(config.twilioAccountSid, config.twilioAuthToken);
    return {
      kind: 'twilio',
      webhookToken: config.twilioAuthToken,
      publicUrl: config.publicUrl,
      ...createTwilioSms(client, { accountSid: config.twilioAccountSid, authToken: config.twilioAuthToken }),
      ...createTwilioNumbers(client, config.twilioAccountSid),
      ...createTwilioRegistration(client, { primaryProfileSid: config.twilioPrimaryProfileSid }),
      ...createTwilioVoice(
        {
          accountSid: config.twilioAccountSid,
          authToken: config.twilioAuthToken,
          apiKey: config.twilioApiKey,
          apiSecret: config.twilioApiSecret,
          twimlAppSid: config.twilioTwimlAppSid,
        },
        client,
        config.publicUrl,
      ),
      bind: () => undefined,
      close: async () => undefined,
    };
  }
  const token = localWebhookToken(config.localSecret);
  const http = httpPoster(token);
  let inject: ((url: string, params: Record<string, string>, signature: string) => Promise<string>) | null = null;
  // Callbacks to our own URL wait until the routes are bound: texts handed over while the app
  // starts (the send worker resumes before the routes are ready) keep their status callbacks.
  let markBound: () => void = () => undefined;
  const bound = new Promise<void>((resolve) => (markBound = resolve));
  let closed = false;
  const post: WebhookPoster = async (url, params) => {
    if (url.startsWith(config.publicUrl)) {
      await bound;
      if (closed || !inject) return '';
      // Our own URL: straight into this process's routes, signed exactly as over the network.
      try {
        return await inject(url, params, signWebhook(token, url, params));
      } catch (err) {
        console.error('carrier:', (err as Error).message);
        return '';
      }
    }
    return http(url, params);
  };
  // A phone's token is good while the session it was issued to is: not revoked, not over, not idle.
  const sessionAlive = async (sessionId: string) =>
    (
      await db.query(
        `select 1 from sessions where id = $1 and revoked_at is null and expires_at > now() and last_seen_at > now() - make_interval(secs => $2)`,
        [sessionId, SESSION_IDLE_MS / 1000],
      )
    ).length === 1;
  // The local carrier knows which agency holds each of its numbers (the simulators' phones ring for that agency only).
  const ownerOf = async (phoneNumber: string) => {
    const [row] = await db.query<{ account_id: string | null }>('select account_id from carrier_local_numbers where phone_number = $1', [
      phoneNumber.replace(/\D/g, ''),
    ]);
    return row?.account_id ?? null;
  };
  const voice = createLocalVoice(token, config.publicUrl, post, { sessionAlive, ownerOf });
  return {
    kind: 'local',
    webhookToken: token,
    publicUrl: config.publicUrl,
    ...createLocalSms(db, post),
    ...createLocalNumbers(db),
    ...createLocalRegistration(),
    accessToken: voice.accessToken,
    endSessions: voice.endSessions,
    signaling: voice.signaling,
    listenSignaling: voice.listenSignaling,
    redirectCall: voice.redirectCall,
    startRecording: voice.startRecording,
    pauseRecording: voice.pauseRecording,
    addParticipant: voice.addParticipant,
    updateParticipant: voice.updateParticipant,
    removeParticipant: voice.removeParticipant,
    endConference: voice.endConference,
    recordingAudio: voice.recordingAudio,
    deleteRecording: voice.deleteRecording,
    switchboard: voice.switchboard,
    bind: (fn) => {
      inject = fn;
      closed = false;
      markBound();
    },
    close: async () => {
      inject = null;
      closed = true;
      markBound();
      await voice.closeVoice();
    },
  };
}
