import type {
  AppConfig,
  AuthCheckResponse,
  ForgotPasswordResponse,
  MfaInitResponse,
  PublicReview,
  PublicReviewAnswer,
  Session,
  SignInBody,
} from '@agency/contracts';
import { ApiRequestError, failureMessage } from './errors';

/*
 * The calls a page makes before anyone is signed in (sign-in, password reset, a client's service
 * review) or while a sign-in waits on its MFA setup, over fetch: a public page loads neither an HTTP library nor the bus. The app's authApi
 * and utilitiesApi make these same calls through here.
 */

const TIMEOUT_MS = 30_000;

export const basicAuth = (email: string, password: string) => `Basic ${btoa(unescape(encodeURIComponent(`${email}:${password}`)))}`;

async function call<T>(path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS) });
  } catch {
    throw new ApiRequestError(failureMessage(null, undefined, ''), null);
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a gateway's page): the status speaks
  }
  if (!res.ok) {
    const serverMessage = (body as { message?: unknown } | undefined)?.message;
    const message = failureMessage(res.status, typeof serverMessage === 'string' ? serverMessage : undefined, `Request failed with status code ${res.status}`);
    throw new ApiRequestError(message, res.status);
  }
  return body as T;
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const publicApi = {
  health: () => call<{ message: string }>('/healthcheck', { timeoutMs: 10_000 }),
  check: (email: string) => call<AuthCheckResponse>(`/auth/check/${encodeURIComponent(email)}`).then((r) => r.accounts),
  signIn: (email: string, password: string, body: SignInBody) =>
    call<Session>('/auth', {
      method: 'POST',
      headers: { Authorization: basicAuth(email, password), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  config: () => call<AppConfig>('/config'),
  forgotPassword: (email: string) => post<ForgotPasswordResponse>('/auth/forgot-password', { email }),
  /** `requestId`: the forgot-password request that mailed the code (none for a welcome link's token). */
  forgotPasswordVerify: (email: string, code: string, password: string, requestId?: string) =>
    post<{ message: string }>('/auth/forgot-password/verify', { email, code, password, requestId }),
  /** A client's service review page: the agency, and the review the link names (none without one). */
  review: (accountId: string, reviewId?: string) => call<PublicReview>(reviewId ? `/service-review/${accountId}/${reviewId}` : `/service-review/${accountId}`),
  answerReview: (accountId: string, reviewId: string, answer: PublicReviewAnswer) => post<PublicReview>(`/service-review/${accountId}/${reviewId}`, answer),
  /** The MFA setup a session must finish first (it may do only that, or sign out): a new key, then a code from it. */
  mfaInit: (token: string) => call<MfaInitResponse>('/auth/mfa/init', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
  mfaVerify: (token: string, code: string) =>
    call<{ message: string }>('/auth/mfa/verify', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
};
