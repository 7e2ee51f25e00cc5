import type { TwilioClient } from './client';

export const TEST_ACCOUNT_SID = 'AC00000000000000000000000000000001';

export interface TwilioRequest {
  method: string;
  uri: string;
  data: Record<string, unknown>;
  params: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * Twilio's REST API as the real SDK reaches it, for tests: every request is kept, each answered
 * from `reply` (null answers 204 No Content; a Twilio error body `{ code, status }` answers its status).
 */
export function fakeTwilio(reply: (method: string, uri: string, data: Record<string, unknown>) => unknown) {
  const requests: TwilioRequest[] = [];
  const httpClient = {
    async request(opts: { method: string; uri: string; data?: Record<string, unknown>; params?: Record<string, unknown>; headers?: Record<string, string> }) {
      const req = { method: opts.method.toUpperCase(), uri: opts.uri, data: opts.data ?? {}, params: opts.params ?? {}, headers: opts.headers ?? {} };
      requests.push(req);
      const body = reply(req.method, req.uri, req.data);
      // Twilio's errors are bodies with a numeric status and a code: answered with that status.
      const error =
        body && typeof (body as { status?: unknown }).status === 'number' && (body as { code?: unknown }).code ? (body as { status: number }).status : null;
      return { statusCode: body === null ? 204 : (error ?? 200), body: body === null ? '' : JSON.stringify(body), headers: {} };
    },
  };
  const client = async (): Promise<TwilioClient> => {
    const { default: twilio } = await import('twilio');
    return (twilio as unknown as (sid: string, token: string, options: object) => TwilioClient)(TEST_ACCOUNT_SID, 'auth', { httpClient });
  };
  return { requests, client };
}
