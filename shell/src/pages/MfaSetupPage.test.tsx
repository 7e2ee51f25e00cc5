import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError, authApi } from '@agency/api-client';
import { bus, hostControls } from '@agency/bus';
import { saveSession } from '../session/session';
import { demoSession } from '@agency/testing';
import { currentLocation, renderAt } from '../test/router';
import MfaSetupPage, { groupKey } from './MfaSetupPage';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const init = authApi.mfaInit as jest.Mock;
const verify = authApi.mfaVerify as jest.Mock;

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  hostControls().setSession(null);
  init.mockResolvedValue({ url: 'otpauth://totp/Agency%20Desk:emma?secret=JBSWY3DPEHPK3PXP', code: 'JBSWY3DPEHPK3PXP' });
});

describe('MfaSetupPage', () => {
  it('sends visitors without a session to sign in', () => {
    renderAt('/mfa-setup', '/mfa-setup', <MfaSetupPage />);
    expect(currentLocation.pathname).toBe('/login');
  });

  it('draws the QR code, shows the key and verifies a code', async () => {
    saveSession(demoSession({}, {}, { mfaSetupRequired: true }));
    verify.mockResolvedValue({ message: 'ok' });
    renderAt('/mfa-setup?redirect=%2Ftasks', '/mfa-setup', <MfaSetupPage />);
    expect(await screen.findByTestId('mfa-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByLabelText('QR code for your authenticator app')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/tasks'));
    expect(verify).toHaveBeenCalledWith('123456');
    expect(bus.session$.value?.mfaSetupRequired).toBe(false);
    expect(bus.session$.value?.user.mfaEnabled).toBe(true);
  });

  it('keeps the person here on a wrong code', async () => {
    saveSession(demoSession({}, {}, { mfaSetupRequired: true }));
    verify.mockRejectedValue(new ApiRequestError('Invalid code', 400));
    renderAt('/mfa-setup', '/mfa-setup', <MfaSetupPage />);
    await screen.findByTestId('mfa-key');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(currentLocation.pathname).toBe('/mfa-setup');
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
  });

  it('groups the key in fours', () => expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ'));
});
