import { signWebhook, SIGNATURE_HEADER, type WebhookParams } from '../signature';

/** Posts a webhook the way Twilio does: a form, signed with the account's token; answers the response body ('' on failure). */
export type WebhookPoster = (url: string, params: WebhookParams) => Promise<string>;

/** Posts over HTTP (the CLI, or a carrier in another process). Failures are logged, never thrown. */
export function httpPoster(token: string): WebhookPoster {
  return async (url, params) => {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(token, url, params) },
        body: new URLSearchParams(params).toString(),
      });
      if (!res.ok) {
        console.error(`carrier: ${url} answered ${res.status}`);
        return '';
      }
      return await res.text();
    } catch (err) {
      console.error(`carrier: ${url} unreachable: ${(err as Error).message}`);
      return '';
    }
  };
}
