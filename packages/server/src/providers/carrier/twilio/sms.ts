import type { CarrierMedia, CarrierTextStatus, OutboundText, SentText, SmsCarrier } from '../sms';
import type { TwilioClient } from './client';

/**
 * The header Twilio's REST API reads to recognise a retried create: a second POST with the same
 * token within its window answers the first one's message instead of texting again.
 */
export const IDEMPOTENCY_HEADER = 'I-Twilio-Idempotency-Token';

/** A refusal of Twilio's REST API, with its error code (21610: the person texted STOP, and so on). */
export class TwilioApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

/**
 * Texts through Twilio's Messages API; statuses come back to the statusCallback. The SDK's
 * messages.create takes no headers, so the create is posted through the client's own request
 * (same credentials, edge and retries) with the text's idempotency key.
 */
/** Where Twilio keeps the media of texts: only such addresses are fetched, with the account's credentials. */
export const TWILIO_MEDIA_ORIGIN = 'https://api.twilio.com';

export function createTwilioSms(client: () => Promise<TwilioClient>, credentials?: { accountSid: string; authToken: string }): SmsCarrier {
  return {
    async fetchMedia(url: string, maxBytes: number): Promise<CarrierMedia | null> {
      if (!credentials) return null;
      let address: URL;
      try {
        address = new URL(url);
      } catch {
        return null;
      }
      if (address.origin !== TWILIO_MEDIA_ORIGIN || !address.pathname.startsWith(`/2010-04-01/Accounts/${credentials.accountSid}/`)) return null;
      // Twilio answers with a redirect to its storage; fetch drops the credentials when it leaves the origin.
      const res = await fetch(address, {
        headers: { authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}` },
        redirect: 'follow',
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!res?.ok) return null;
      const data = Buffer.from(await res.arrayBuffer());
      if (data.length > maxBytes) return null;
      return { data, type: (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() };
    },
    async sendText(text: OutboundText): Promise<SentText> {
      const twilio = await client();
      const data: Record<string, unknown> = { From: text.from, To: text.to, Body: text.body, StatusCallback: text.statusCallback };
      if (text.mediaUrls?.length) data.MediaUrl = text.mediaUrls;
      const res = (await twilio.request({
        method: 'post',
        uri: `https://api.twilio.com/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
        data,
        headers: { [IDEMPOTENCY_HEADER]: text.idempotencyKey },
      })) as { statusCode: number; body: unknown };
      const body = (typeof res.body === 'string' ? JSON.parse(res.body || '{}') : (res.body ?? {})) as { sid?: string; code?: number; message?: string };
      if (res.statusCode < 200 || res.statusCode >= 300 || !body.sid) {
        throw new TwilioApiError(res.statusCode, body.code ?? null, body.message ?? `Twilio answered ${res.statusCode} to the text`);
      }
      return { sid: body.sid, status: 'queued' };
    },
    async textStatus(sid: string): Promise<CarrierTextStatus | null> {
      try {
        const message = await (await client()).messages(sid).fetch();
        return { status: message.status as CarrierTextStatus['status'], errorCode: message.errorCode ? String(message.errorCode) : null };
      } catch {
        return null;
      }
    },
  };
}
