import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { bus, hostControls } from '@agency/bus';
import { AUTH_MESSAGES, type Session } from '@agency/contracts';
import { ApiRequestError, createApi, errorMessage, FORBIDDEN_MESSAGE } from './index';

const session = { token: 'tok-1', expiresAt: '2099-01-01T00:00:00Z', user: { id: 'u1' }, account: { id: 'a1' } } as unknown as Session;

/** An API whose requests are answered by `answer` instead of the network; `seen` holds what was sent. */
function fakeApi(answer: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | 'offline') {
  const seen: InternalAxiosRequestConfig[] = [];
  const api = createApi('/api');
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const a = answer(config);
    if (a === 'offline') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { status: a.status, statusText: String(a.status), data: a.data, headers: new AxiosHeaders(), config };
    if (a.status >= 400) throw new AxiosError(`Request failed with status code ${a.status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return { api, seen };
}

const navigations: Array<{ to: string; replace?: boolean }> = [];
let stop: () => void;
beforeEach(() => {
  navigations.length = 0;
  const sub = bus.navigate$.subscribe((n) => navigations.push(n));
  stop = () => sub.unsubscribe();
  hostControls().setSession(session);
});
afterEach(() => {
  stop();
  hostControls().setSession(null);
});

test("every call carries the session's token, unless it asks not to", async () => {
  const { api, seen } = fakeApi(() => ({ status: 200, data: {} }));
  await api.get('/users/me');
  await api.post('/auth', {}, { headers: { 'X-No-Auth': '1', Authorization: 'Basic abc' } });
  await api.get('/service-review/x', { headers: { 'X-No-Auth': '1' } });
  expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  expect(seen[1]!.headers.get('Authorization')).toBe('Basic abc');
  expect(seen[2]!.headers.get('Authorization')).toBeUndefined();
  expect(seen[2]!.headers.get('X-No-Auth')).toBeUndefined();
});

test("a failure rejects with the server's message, the access message on 403, or the network's", async () => {
  const answers = [{ status: 400, data: { message: 'Name is required' } }, { status: 403, data: {} }, 'offline' as const, { status: 500, data: {} }];
  const { api } = fakeApi(() => answers.shift()!);
  const failures = [];
  for (let i = 0; i < 4; i++) failures.push(await api.get('/x').catch((e: unknown) => e));
  expect(failures.map((e) => e instanceof ApiRequestError && [e.status, e.message])).toEqual([
    [400, 'Name is required'],
    [403, FORBIDDEN_MESSAGE],
    [null, 'Network Connection Issue'],
    [500, 'Request failed with status code 500'],
  ]);
  expect(navigations).toEqual([]);
});

test('a session superseded by another sign-in, or ended, goes to /logout with the reason', async () => {
  const answers = [
    { status: 401, data: { message: AUTH_MESSAGES.sessionInvalid } },
    { status: 401, data: { message: 'Session expired' } },
  ];
  const { api } = fakeApi(() => answers.shift()!);
  await expect(api.get('/users/me')).rejects.toThrow(AUTH_MESSAGES.sessionInvalid);
  await expect(api.get('/users/me')).rejects.toThrow('Session expired');
  expect(navigations).toEqual([
    { to: '/logout?reason=multipleLoginsDetected', replace: true },
    { to: '/logout?reason=sessionExpired', replace: true },
  ]);
});

test('a 401 with nobody signed in (a wrong password) stays where it is', async () => {
  hostControls().setSession(null);
  const { api } = fakeApi(() => ({ status: 401, data: { message: 'Unauthorized' } }));
  await expect(api.post('/auth')).rejects.toThrow('Unauthorized');
  expect(navigations).toEqual([]);
});

test('errorMessage reads any failure, with a fallback for the unknown', () => {
  expect(errorMessage(new ApiRequestError('Nope', 400))).toBe('Nope');
  expect(errorMessage(new Error('Boom'))).toBe('Boom');
  expect(errorMessage('?')).toBe('Something went wrong. Please try again.');
  expect(errorMessage(null, '')).toBe('');
});
