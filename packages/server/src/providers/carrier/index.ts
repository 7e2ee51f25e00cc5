import type { NumberCarrier } from './numbers';
import type { RegistrationCarrier } from './registration';
import type { SmsCarrier } from './sms';
import type { VoiceCarrier } from './voice';
import type { Switch } from './local/voice/switch';

export type { AvailableNumber, CarrierNumber, NumberCarrier, NumberHooks, NumberSearch, PortState } from './numbers';
export type { OutboundText, SentText, SmsCarrier } from './sms';
export type { BrandFiling, Filed, ProfileFiling, RegistrationCarrier, ReviewState } from './registration';
export type { SignalingEndpoint, VoiceCarrier } from './voice';
export { VOICE_PATHS } from './voice';
export { isValidWebhook, signWebhook, SIGNATURE_HEADER, type WebhookParams } from './signature';

/*
 * The carrier: texts, calls and numbers behind one interface, chosen by CARRIER.
 * - local (default): runs in this process. It answers like Twilio (SIDs at once, then signed
 *   status callbacks and inbound webhooks posted to our own URLs), so the webhook code is one.
 * - twilio: the official `twilio` SDK with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.
 * Implementations live in local/ and twilio/, one file per facet; createCarrier (create.ts)
 * composes them.
 */
export type CarrierKind = 'local' | 'twilio';

export interface Carrier extends SmsCarrier, NumberCarrier, VoiceCarrier, RegistrationCarrier {
  readonly kind: CarrierKind;
  /** The key webhooks are signed with (Twilio's auth token, or the local carrier's own). */
  readonly webhookToken: string;
  /** Where the carrier posts statuses and inbound texts (the app's public base URL). */
  readonly publicUrl: string;
  /**
   * Lets the local carrier post its webhooks into this process's own routes (same signed request,
   * no network); the Twilio carrier posts from Twilio's side and ignores it.
   */
  bind(inject: (url: string, params: Record<string, string>, signature: string) => Promise<string>): void;
  /** The local carrier's switch (tests watch its calls); absent with Twilio. */
  readonly switchboard?: Switch;
  close(): Promise<void>;
}
