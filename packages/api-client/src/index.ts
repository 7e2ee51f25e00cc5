import axios, { AxiosError, type AxiosInstance } from 'axios';
import { AUTH_MESSAGES } from '@agency/contracts';
import { bus } from '@agency/bus';

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

export function createApi(baseURL = '/api'): AxiosInstance {
  const api = axios.create({ baseURL, timeout: 30_000 });
  api.interceptors.request.use((config) => {
    const token = bus.session$.value?.token;
    if (token && !config.headers.has('Authorization') && config.headers.get('X-No-Auth') === undefined) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    config.headers.delete('X-No-Auth');
    return config;
  });
  api.interceptors.response.use(undefined, (error: AxiosError<{ message?: string }>) => {
    const status = error.response?.status ?? null;
    const serverMessage = error.response?.data?.message;
    if (status === 401 && serverMessage === AUTH_MESSAGES.sessionInvalid) {
      bus.navigate('/logout?reason=multipleLoginsDetected', true);
    } else if (status === 401 && bus.session$.value && (serverMessage === 'Session expired' || serverMessage === 'Unauthorized')) {
      bus.navigate('/logout?reason=sessionExpired', true);
    }
    let message: string;
    if (status === 403 || error.response?.statusText === 'Unauthorized') message = serverMessage ?? FORBIDDEN_MESSAGE;
    else if (serverMessage) message = serverMessage;
    else if (!error.response) message = 'Network Connection Issue';
    else message = error.message;
    return Promise.reject(new ApiRequestError(message, status));
  });
  return api;
}

/** The app's one API instance (shared singleton through @agency/api-client). */
export const api = createApi();

export * from './calls';
export * from './clients';
export * from './taskboards';
export * from './accounts';
export * from './reviews';
export * from './templates';
export * from './sms';
export * from './walkins';
export * from './campaigns';
export * from './billing';
export * from './metrics';
export * from './phone';
