import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError, authApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { LOCK_KEY, saveSession } from '../session/session';
import { demoSession } from '@agency/testing';
import { renderAt } from '../test/router';
import { lock$, lockScreen, reloadLockState, unlockScreen } from './lock';
import { LockScreen, UNLOCK_FALLBACK_MESSAGE } from './LockScreen';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const unlock = authApi.unlock as jest.Mock;
let emit: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  emit = jest.spyOn(bus, 'emit').mockImplementation(() => undefined);
  saveSession(demoSession());
  reloadLockState();
});
afterEach(() => emit.mockRestore());

function renderLock() {
  renderAt('/', '/', <LockScreen />);
}

describe('locking', () => {
  it('sets the status to away and restores it on unlock', () => {
    saveSession(demoSession({ phoneStatus: 'busy' }));
    lockScreen();
    expect(emit).toHaveBeenLastCalledWith('users_phoneStatus', 'away');
    expect(bus.session$.value?.user.phoneStatus).toBe('away');
    unlockScreen();
    expect(emit).toHaveBeenLastCalledWith('users_phoneStatus', 'busy');
    expect(bus.session$.value?.user.phoneStatus).toBe('busy');
    expect(lock$.value).toBeNull();
  });

  it.each(['away', 'lunch', 'break'] as const)('keeps %s as it is', (status) => {
    saveSession(demoSession({ phoneStatus: status }));
    lockScreen();
    unlockScreen();
    expect(emit).not.toHaveBeenCalled();
    expect(bus.session$.value?.user.phoneStatus).toBe(status);
  });

  it('stays locked across a reload', () => {
    lockScreen();
    expect(JSON.parse(localStorage.getItem(LOCK_KEY)!)).toMatchObject({ previousStatus: 'available' });
    lock$.next(null); // as after a reload, before reading storage
    reloadLockState();
    expect(lock$.value).toMatchObject({ previousStatus: 'available' });
  });
});

describe('LockScreen', () => {
  it('shows the avatar, name, password field, Unlock and Logout', () => {
    renderLock();
    expect(screen.getByText('Olivia Owens')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('unlocks with the password, the account and the session token', async () => {
    lockScreen();
    unlock.mockResolvedValue(demoSession());
    renderLock();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(lock$.value).toBeNull());
    expect(unlock).toHaveBeenCalledWith('owner@demo.test', 'demo-password', { account: demoSession().account.id, device: 'desktop' }, demoSession().token);
  });

  it('clears the password and shows the server message when unlocking fails', async () => {
    lockScreen();
    unlock.mockRejectedValue(new ApiRequestError('Invalid email and password combination', 401));
    renderLock();
    const field = screen.getByLabelText('Password');
    fireEvent.change(field, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email and password combination');
    expect(field).toHaveValue('');
    expect(lock$.value).not.toBeNull();
  });

  it('falls back to the contact-us text without a server message', async () => {
    lockScreen();
    unlock.mockRejectedValue(new ApiRequestError('Network Connection Issue', null));
    renderLock();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNLOCK_FALLBACK_MESSAGE);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('takes a new token when the server hands one back', async () => {
    lockScreen();
    unlock.mockResolvedValue(demoSession({}, {}, { token: 'token-2' }));
    renderLock();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(bus.session$.value?.token).toBe('token-2'));
  });

  it('asks an MFA user for the authenticator code too, and sends it', async () => {
    saveSession(demoSession({ mfaEnabled: true }));
    lockScreen();
    unlock.mockResolvedValue(demoSession());
    renderLock();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(lock$.value).toBeNull());
    expect(unlock).toHaveBeenCalledWith('owner@demo.test', 'demo-password', expect.objectContaining({ code: '123456' }), demoSession().token);
  });

  it("shows the code field when the server answers '2fa required'", async () => {
    lockScreen();
    unlock.mockRejectedValue(new ApiRequestError('2fa required', 401));
    renderLock();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(lock$.value).not.toBeNull();
  });
});
