import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError, authApi, utilitiesApi } from '@agency/api-client';
import { bus, hostControls } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { currentLocation, renderAt } from '../test/router';
import LoginPage from './LoginPage';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const mocked = {
  health: authApi.health as jest.Mock,
  check: authApi.check as jest.Mock,
  signIn: authApi.signIn as jest.Mock,
  config: utilitiesApi.config as jest.Mock,
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

function renderLogin(path = '/login') {
  renderAt(path, '/login', <LoginPage />);
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
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account' }));
    expect(await screen.findByTitle('Demo Insurance Agency')).toBeInTheDocument();
    expect(screen.getByTitle('Second Agency')).toBeInTheDocument();
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

  it('shows why the person was signed out', async () => {
    renderLogin('/login?reason=multipleLoginsDetected');
    expect(await screen.findByText(/signed in somewhere else/)).toBeInTheDocument();
    await act(async () => undefined);
  });

  it('offers the desktop apps outside the desktop app only', async () => {
    renderLogin();
    expect(await screen.findByTestId('desktop-downloads')).toBeInTheDocument();
  });
});
