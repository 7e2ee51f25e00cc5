import axios, { AxiosError, type AxiosInstance } from 'axios';
import { AUTH_MESSAGES } from '@agency/contracts';
import { bus } from '@agency/bus';

import { ApiRequestError, failureMessage } from './errors';

export { ApiRequestError, errorMessage, FORBIDDEN_MESSAGE } from './errors';
export { publicApi } from './publicCalls';

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
    const refused = status === 403 || error.response?.statusText === 'Unauthorized';
    return Promise.reject(new ApiRequestError(failureMessage(refused ? 403 : error.response ? status : null, serverMessage, error.message), status));
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
export * from './releases';
export * from './templates';
export * from './sms';
export * from './walkins';
export * from './campaigns';
export * from './billing';
export * from './metrics';
export * from './phone';
