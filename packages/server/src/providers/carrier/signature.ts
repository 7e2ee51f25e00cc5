import { createRequire } from 'node:module';

/*
 * Twilio's webhook signature (X-Twilio-Signature): HMAC-SHA1 of the full URL followed by every
 * form parameter (sorted by name, name then value), keyed by the account's auth token, in base64.
 * The local carrier signs its callbacks with the same function Twilio's SDK uses to check them, so
 * one webhook handler serves both carriers. Only the SDK's small webhooks module is loaded here.
 */
const require = createRequire(import.meta.url);
const webhooks = require('twilio/lib/webhooks/webhooks') as {
  getExpectedTwilioSignature(authToken: string, url: string, params: Record<string, string>): string;
  validateRequest(authToken: string, signature: string, url: string, params: Record<string, string>): boolean;
};

export const SIGNATURE_HEADER = 'x-twilio-signature';

export type WebhookParams = Record<string, string>;

export function signWebhook(authToken: string, url: string, params: WebhookParams): string {
  return webhooks.getExpectedTwilioSignature(authToken, url, params);
}

export function isValidWebhook(authToken: string, signature: string | undefined, url: string, params: WebhookParams): boolean {
  if (!signature) return false;
  return webhooks.validateRequest(authToken, signature, url, params);
}
