export const FORBIDDEN_MESSAGE = 'You do not have access to perform this action.';

/** Every failed call rejects with this: `message` is what the UI shows. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Turns any failure into the message a person should read. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiRequestError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** What a failed answer says to a person (the API's message, else the status's meaning). */
export function failureMessage(status: number | null, serverMessage: string | undefined, fallback: string): string {
  if (status === 403) return serverMessage ?? FORBIDDEN_MESSAGE;
  if (serverMessage) return serverMessage;
  if (status === null) return 'Network Connection Issue';
  return fallback;
}
