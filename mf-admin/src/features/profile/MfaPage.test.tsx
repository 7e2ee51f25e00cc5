import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { authApi, usersApi, ApiRequestError } from '@agency/api-client';
import { MfaPage, normaliseCode } from './MfaPage';
import { demoSession, fill, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const auth = authApi as jest.Mocked<typeof authApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });
const INIT = { url: 'otpauth://totp/Agency%20Desk:owner%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Agency%20Desk', code: 'JBSWY3DPEHPK3PXP' };

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

test('reads a code typed with a space or a dash', () => {
  expect(normaliseCode('123 456')).toBe('123456');
  expect(normaliseCode('123-456')).toBe('123456');
  expect(normaliseCode('12345')).toBeNull();
  expect(normaliseCode('abcdef')).toBeNull();
});

test('shows the enabled state', () => {
  hostControls().setSession(demoSession({ mfaEnabled: true }));
  render(<MfaPage />);
  expect(screen.getByText('Multi-factor authentication is enabled')).toBeInTheDocument();
  expect(screen.getByText('MFA Enabled')).toBeInTheDocument();
});

test('sets up MFA: QR code and key, then a verified code enables it', async () => {
  auth.mfaInit.mockResolvedValue(INIT);
  auth.mfaVerify.mockResolvedValue({ message: 'MFA enabled' });
  users.me.mockResolvedValue(meOf(demoSession({ mfaEnabled: true })));
  render(<MfaPage />);
  expect(screen.getByText('MFA Not Setup')).toBeInTheDocument();

  await userEvent.click(screen.getByText('Set Up MFA'));
  expect(await screen.findByLabelText('QR code for your authenticator app')).toBeInTheDocument();
  expect(screen.getByTestId('mfa-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');

  await fill('Authentication code', '123 456');
  await userEvent.click(screen.getByText('Verify'));
  await waitFor(() => expect(auth.mfaVerify).toHaveBeenCalledWith('123456'));
  expect(await screen.findByText('Multi-factor authentication is enabled')).toBeInTheDocument();
  expect(bus.session$.value?.user.mfaEnabled).toBe(true);
});

test('a refused code shows the server message and clears the field', async () => {
  auth.mfaInit.mockResolvedValue(INIT);
  auth.mfaVerify.mockRejectedValue(new ApiRequestError('Invalid code', 400));
  render(<MfaPage />);
  await userEvent.click(screen.getByText('Set Up MFA'));
  await screen.findByLabelText('Authentication code');
  await fill('Authentication code', '654321');
  await userEvent.click(screen.getByText('Verify'));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
  expect(screen.getByLabelText('Authentication code')).toHaveValue('');
  expect(bus.session$.value?.user.mfaEnabled).toBe(false);
});

test('a malformed code is not sent', async () => {
  auth.mfaInit.mockResolvedValue(INIT);
  render(<MfaPage />);
  await userEvent.click(screen.getByText('Set Up MFA'));
  await screen.findByLabelText('Authentication code');
  await fill('Authentication code', '12ab');
  await userEvent.click(screen.getByText('Verify'));
  expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
  expect(auth.mfaVerify).not.toHaveBeenCalled();
});

test('turns MFA off only with the current password and code', async () => {
  hostControls().setSession(demoSession({ mfaEnabled: true }));
  auth.mfaTurnOff.mockResolvedValue({ message: 'Multi-factor authentication is off.' });
  users.me.mockResolvedValue(meOf(demoSession({ mfaEnabled: false })));
  render(<MfaPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Turn Off MFA' }));
  await fill('Current password', 'demo-password');
  await fill('Current authentication code', '123-456');
  await userEvent.click(screen.getByRole('button', { name: 'Turn Off MFA' }));
  await waitFor(() => expect(auth.mfaTurnOff).toHaveBeenCalledWith({ currentPassword: 'demo-password', currentCode: '123456' }));
  await waitFor(() => expect(bus.session$.value?.user.mfaEnabled).toBe(false));
  expect(await screen.findByText('MFA Not Setup')).toBeInTheDocument();
});

test('sets MFA up again after confirming, and never offers turning off a required MFA', async () => {
  const session = demoSession({ mfaEnabled: true });
  hostControls().setSession({ ...session, account: { ...session.account, mfaRequired: true } });
  auth.mfaInit.mockRejectedValueOnce(new ApiRequestError('Your current password is not correct.', 400)).mockResolvedValueOnce(INIT);
  render(<MfaPage />);
  expect(screen.queryByRole('button', { name: 'Turn Off MFA' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Set Up Again' }));
  await fill('Current password', 'wrong');
  await fill('Current authentication code', '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
  await fill('Current password', 'demo-password');
  await fill('Current authentication code', '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByLabelText('QR code for your authenticator app')).toBeInTheDocument();
  expect(auth.mfaInit).toHaveBeenLastCalledWith({ currentPassword: 'demo-password', currentCode: '654321' });
});
