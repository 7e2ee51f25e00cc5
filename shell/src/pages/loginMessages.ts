import type { ApiRequestError } from '@agency/api-client/src/errors';

/** Why someone landed on /login, keyed by the `reason` query parameter /logout passes on. */
export const LOGOUT_REASONS: Record<string, string> = {
  multipleLoginsDetected: 'You were signed out because your account signed in somewhere else.',
  sessionExpired: 'Your session expired. Please sign in again.',
  idle: 'You were signed out after a long time without activity.',
};

/** What was just done, keyed by the `done` query parameter of /login (a password reset sends it). */
export const DONE_NOTICES: Record<string, string> = {
  passwordChanged: 'Your password was changed. Sign in with your new password.',
};

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/** What is wrong with the email typed into /login or /forgot-password, or undefined. */
export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!looksLikeEmail(email)) return 'Enter a valid email address';
  return undefined;
}

export const NETWORK_MESSAGES = {
  /** No answer at all: the browser could not reach the server. */
  connection: 'Network Connection Issue',
  /** Something between us and the API answered instead of it (gateway errors). */
  communication: 'Network Communication Issue',
  /** The API answered, but not with a healthy OK. */
  issue: 'Network Issue',
} as const;

/** The text the login page shows for a health check; null when the API is healthy. */
export function healthCheckText(outcome: { ok: true; message: string } | { ok: false; error: unknown }): string | null {
  if (outcome.ok) return outcome.message === 'OK' ? null : NETWORK_MESSAGES.issue;
  // A failed call's ApiRequestError (by its shape: the page may hold another copy of the class).
  const err = outcome.error as Partial<ApiRequestError> | undefined;
  if (typeof err?.status !== 'number') return NETWORK_MESSAGES.connection;
  if (err.status >= 502 && err.status <= 504) return NETWORK_MESSAGES.communication;
  return err.message || NETWORK_MESSAGES.issue;
}

/** Runs the health check and gives the text to show, or null. */
export function checkHealth(health: () => Promise<{ message: string }>): Promise<string | null> {
  return health().then(
    (r) => healthCheckText({ ok: true, message: r?.message }),
    (error: unknown) => healthCheckText({ ok: false, error }),
  );
}

/** A redirect target is only ever a path inside this app. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login') || value.startsWith('/logout')) return null;
  return value;
}
