import { act, render } from '@testing-library/react';
import { api, ApiRequestError, usersApi } from '@agency/api-client';
import { bus, type AnyServerEvent, type NavigateRequest, type ToastRequest, hostControls } from '@agency/bus';
import { demoSession } from '@agency/testing';
import { saveSession } from './session';
import { installForbiddenToast, MULTIPLE_LOGINS_PATH, SessionWatch } from './SessionWatch';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const me = usersApi.me as jest.Mock;
const serverEvent = (e: AnyServerEvent) => act(() => hostControls().receive(e));

let toasts: ToastRequest[];
let navigations: NavigateRequest[];
const subs: Array<{ unsubscribe(): void }> = [];
beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  me.mockReturnValue(new Promise(() => undefined));
  saveSession(demoSession());
  toasts = [];
  navigations = [];
  subs.push(
    bus.toast$.subscribe((t) => toasts.push(t)),
    bus.navigate$.subscribe((n) => navigations.push(n)),
  );
});
afterEach(() => subs.splice(0).forEach((s) => s.unsubscribe()));

describe('SessionWatch', () => {
  it('signs out with multipleLoginsDetected when the socket says Session Invalid', () => {
    render(<SessionWatch />);
    serverEvent({ event: 'unauthorized', payload: { message: 'Session expired' } });
    expect(navigations).toEqual([]);
    serverEvent({ event: 'unauthorized', payload: { message: 'Session Invalid' } });
    expect(navigations).toEqual([{ to: MULTIPLE_LOGINS_PATH, replace: true }]);
    expect(MULTIPLE_LOGINS_PATH).toBe('/logout?reason=multipleLoginsDetected');
  });

  it('shows a realtime message as a toast, staying with a link', () => {
    render(<SessionWatch />);
    serverEvent({ event: 'message', payload: { message: 'Backup finished' } });
    serverEvent({ event: 'message', payload: { message: 'New lead', link: '/contacts/contact/1' } });
    expect(toasts).toEqual([
      { kind: 'info', message: 'Backup finished', link: undefined, persistent: false },
      { kind: 'info', message: 'New lead', link: '/contacts/contact/1', persistent: true },
    ]);
  });

  it('refreshes the user once after start and patches the session', async () => {
    const fresh = demoSession({ firstName: 'Liv', themeColor: '#123456' });
    me.mockResolvedValue({ user: fresh.user, account: fresh.account, ghostedBy: null, mfaSetupRequired: false });
    render(<SessionWatch />);
    await act(async () => undefined);
    expect(me).toHaveBeenCalledTimes(1);
    expect(bus.session$.value?.user.firstName).toBe('Liv');
    expect(bus.session$.value?.token).toBe(demoSession().token);
  });

  it('follows status changes of the signed-in user from the server', () => {
    render(<SessionWatch />);
    serverEvent({ event: 'users_update', payload: { id: demoSession().user.id, phoneStatus: 'busy' } });
    expect(bus.session$.value?.user.phoneStatus).toBe('busy');
  });

  it('takes Messages away when texting is turned off for the account', () => {
    render(<SessionWatch />);
    expect(bus.session$.value?.account.messagingEnabled).toBe(true);
    serverEvent({ event: 'sms_disabled', payload: { message: 'Messaging is not enabled for this account.' } });
    expect(bus.session$.value?.account.messagingEnabled).toBe(false);
  });
});

describe('403', () => {
  it('shows the no-access toast', async () => {
    const use = api.interceptors.response.use as jest.Mock;
    const eject = installForbiddenToast();
    const onRejected = use.mock.calls.at(-1)[1] as (e: unknown) => Promise<unknown>;
    await expect(onRejected(new ApiRequestError('You do not have access to perform this action.', 403))).rejects.toBeInstanceOf(ApiRequestError);
    await expect(onRejected(new ApiRequestError('Not found', 404))).rejects.toBeInstanceOf(ApiRequestError);
    expect(toasts).toEqual([{ kind: 'error', message: 'You do not have access to perform this action.', key: 'forbidden' }]);
    eject();
    expect(api.interceptors.response.eject).toHaveBeenCalled();
  });
});
