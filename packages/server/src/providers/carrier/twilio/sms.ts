import type { CarrierTextStatus, OutboundText, SentText, SmsCarrier } from '../sms';
import type { TwilioClient } from './client';

/** Texts through Twilio's Messages API; statuses come back to the statusCallback. */
export function createTwilioSms(client: () => Promise<TwilioClient>): SmsCarrier {
  return {
    async sendText(text: OutboundText): Promise<SentText> {
      const message = await (
        await client()
      ).messages.create({
        from: text.from,
        to: text.to,
        body: text.body,
        mediaUrl: text.mediaUrls?.length ? text.mediaUrls : undefined,
        statusCallback: text.statusCallback,
      });
      return { sid: message.sid, status: 'queued' };
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
