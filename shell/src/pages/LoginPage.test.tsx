import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { ApiRequestError } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { bus, hostControls } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { currentLocation, renderAt } from '../test/router';
import { readStoredSession } from '../session/storage';
import LoginPage from './LoginPage';
import LoginRoute from './LoginRoute';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('@agency/api-client/src/publicCalls', () => ({ publicApi: { health: jest.fn(), check: jest.fn(), signIn: jest.fn(), config: jest.fn() } }));

const mocked = {
  health: publicApi.health as jest.Mock,
  check: publicApi.check as jest.Mock,
  signIn: publicApi.signIn as jest.Mock,
  config: publicApi.config as jest.Mock,
};

const ACCOUNTS = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Insurance Agency', dbName: 'demo' },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Second Agency', dbName: 'second' },
];

const session = {
  token: 't',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  user: { id: 'u1', firstName: 'Emma', lastName: 'Ellis', role: 'employee', themeColor: '#19d0de' },
  account: { id: ACCOUNTS[0].id, name: 'Demo', dbName: 'demo' },
  ghostedBy: null,
  mfaSetupRequired: false,
} as unknown as Session;

/** /login inside the app: the session goes into the bus and the router moves on. */
function renderLogin(path = '/login') {
  renderAt(path, '/login', <LoginRoute />);
}

async function fillEmail(email: string) {
  const input = screen.getByLabelText('Email');
  fireEvent.change(input, { target: { value: email } });
  fireEvent.blur(input);
  await waitFor(() => expect(mocked.check).toHaveBeenCalledWith(email));
}

beforeEach(() => {
  localStorage.clear();
  hostControls().setSession(null);
  jest.clearAllMocks();
  mocked.health.mockResolvedValue({ message: 'OK' });
  mocked.check.mockResolvedValue(ACCOUNTS);
  mocked.config.mockResolvedValue({ version: '2.10.0', desktopDownloads: { windows: '/w', mac: '/m' }, featureRequestUrl: '', features: {} });
});

describe('LoginPage', () => {
  it('requires email, password and account', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Choose an account')).toBeInTheDocument();
    expect(mocked.signIn).not.toHaveBeenCalled();
  });

  it('fills the account list from the email', async () => {
    renderLogin();
    await fillEmail('multi@demo.test');
    const account = screen.getByRole('combobox', { name: 'Account' });
    expect(await screen.findByRole('option', { name: 'Demo Insurance Agency' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Second Agency' })).toBeInTheDocument();
    expect(account).toHaveValue('');
    fireEvent.change(account, { target: { value: ACCOUNTS[1].id } });
    expect(account).toHaveValue(ACCOUNTS[1].id);
  });

  it('says when the email has no account', async () => {
    mocked.check.mockResolvedValue([]);
    renderLogin();
    await fillEmail('nobody@demo.test');
    expect(await screen.findByText('No accounts found for this email.')).toBeInTheDocument();
  });

  it('picks the only account and signs in, going to the redirect', async () => {
    mocked.check.mockResolvedValue([ACCOUNTS[0]]);
    mocked.signIn.mockResolvedValue(session);
    renderLogin('/login?redirect=%2Ftasks');
    await fillEmail('emma@demo.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/tasks'));
    expect(mocked.signIn).toHaveBeenCalledWith('emma@demo.test', 'secret-pass', { account: ACCOUNTS[0].id, code: undefined, device: 'desktop' });
    expect(bus.session$.value?.token).toBe('t');
  });

  it('asks for the MFA code when the server answers 2fa required', async () => {
    mocked.check.mockResolvedValue([ACCOUNTS[0]]);
    mocked.signIn.mockRejectedValueOnce(new ApiRequestError('2fa required', 401)).mockResolvedValueOnce(session);
    renderLogin();
    await fillEmail('super@demo.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/'));
    expect(mocked.signIn).toHaveBeenLastCalledWith('super@demo.test', 'secret-pass', { account: ACCOUNTS[0].id, code: '123456', device: 'desktop' });
  });

  it('shows the server message when sign-in fails', async () => {
    mocked.check.mockResolvedValue([ACCOUNTS[0]]);
    mocked.signIn.mockRejectedValue(new ApiRequestError('Too many sign-in attempts. Please wait a few minutes and try again.', 429));
    renderLogin();
    await fillEmail('emma@demo.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts');
  });

  it('falls back to the invalid combination text without a server message', async () => {
    mocked.check.mockResolvedValue([ACCOUNTS[0]]);
    mocked.signIn.mockRejectedValue(new Error(''));
    renderLogin();
    await fillEmail('emma@demo.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email and password combination');
  });

  it.each([
    ['no answer', () => Promise.reject(new ApiRequestError('Network Connection Issue', null)), 'Network Connection Issue'],
    ['a gateway error', () => Promise.reject(new ApiRequestError('Request failed with status code 502', 502)), 'Network Communication Issue'],
    ['an unhealthy answer', () => Promise.resolve({ message: 'DOWN' }), 'Network Issue'],
    ['a server error text', () => Promise.reject(new ApiRequestError('Down for maintenance', 500)), 'Down for maintenance'],
  ])('shows the health check failure for %s', async (_case, health, text) => {
    mocked.health.mockImplementation(health);
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says the password was changed when a reset sends the person back', async () => {
    renderLogin('/login?email=emma%40demo.test&done=passwordChanged');
    expect(await screen.findByText('Your password was changed. Sign in with your new password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('emma@demo.test');
    await act(async () => undefined);
  });

  it('shows why the person was signed out', async () => {
    renderLogin('/login?reason=multipleLoginsDetected');
    expect(await screen.findByText(/signed in somewhere else/)).toBeInTheDocument();
    await act(async () => undefined);
  });

  it('offers the desktop apps outside the desktop app only', async () => {
    renderLogin();
    expect(await screen.findByTestId('desktop-downloads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Windows/ })).toHaveAttribute('href', '/w');
  });

  it('shows and hides the password on request', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show the characters typed' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the characters typed' }));
    expect(password).toHaveAttribute('type', 'password');
    await act(async () => undefined);
  });
});

describe('LoginPage on a full load of /login (its own build, without the app)', () => {
  it('hands the signed-in session over with where the app should open, MFA setup first when it is required', async () => {
    mocked.check.mockResolvedValue([ACCOUNTS[0]]);
    mocked.signIn.mockResolvedValue({ ...session, mfaSetupRequired: true });
    const onSignedIn = jest.fn();
    render(<LoginPage search="?email=emma%40demo.test&redirect=%2Fcontacts" theme={{ dark: true, color: '#19d0de' }} onSignedIn={onSignedIn} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue(ACCOUNTS[0].id));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByLabelText('Remember Me'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ ...session, mfaSetupRequired: true }, '/mfa-setup?redirect=%2Fcontacts'));
    expect(localStorage.getItem('agency.rememberEmail')).toBe('emma@demo.test');
    expect(bus.session$.value).toBeNull();
  });

  it('the stored session is the one the app restores', () => {
    localStorage.setItem('agency.session', JSON.stringify({ session, savedAt: Date.now() }));
    expect(readStoredSession()?.token).toBe('t');
  });
});
