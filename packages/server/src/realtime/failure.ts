import { ZodError } from 'zod';
import { HttpError } from '../http/errors';

export const SOCKET_FAILED = 'Something went wrong. Please try again.';

/**
 * What a socket is told when its request failed: a refusal's own words (an HttpError, a bad
 * request's first issue), or a plain sentence. Anything else (a database error, a bug) is logged
 * here and never reaches the socket, whose user must not read SQL or stack traces.
 */
export function socketFailure(area: string, err: unknown): string {
  if (err instanceof HttpError) return err.message;
  if (err instanceof ZodError) return err.issues[0]?.message ?? 'Invalid request';
  console.error(`${area} socket:`, err);
  return SOCKET_FAILED;
}
