import type { NumberCarrier } from './numbers';
import type { SmsCarrier } from './sms';
import type { VoiceCarrier } from './voice';

export type { AvailableNumber, NumberCarrier, NumberHooks, NumberSearch } from './numbers';
export type { OutboundText, SentText, SmsCarrier } from './sms';
export type { VoiceCarrier } from './voice';
export { isValidWebhook, signWebhook, SIGNATURE_HEADER, type WebhookParams } from './signature';

/*
 * The carrier: texts, calls and numbers behind one interface, chosen by CARRIER.
 * - local (default): runs in this process. It answers like Twilio (SIDs at once, then signed
 *   status callbacks and inbound webhooks posted to our own URLs), so the webhook code is one.
 * - twilio: the official `twilio` SDK with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.
 * Implementations live in local/ and twilio/, one file per facet.
 */
export type CarrierKind = 'local' | 'twilio';

export interface Carrier extends SmsCarrier, VoiceCarrier, NumberCarrier {
  readonly kind: CarrierKind;
  /** The key webhooks are signed with (Twilio's auth token, or the local carrier's own). */
  readonly webhookToken: string;
  close(): Promise<void>;
}
