import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { bus, hostControls } from '@agency/bus';
import { demoSession } from '@agency/testing';
import { saveSession } from '../session/session';
import { readStoredSession } from '../session/storage';
import { currentLocation, renderAt } from '../test/router';
import { groupKey } from './MfaSetupPage';
import MfaSetupRoute from './MfaSetupRoute';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('@agency/api-client/src/publicCalls', () => ({ publicApi: { mfaInit: jest.fn(), mfaVerify: jest.fn() } }));

const init = publicApi.mfaInit as jest.Mock;
const verify = publicApi.mfaVerify as jest.Mock;

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  hostControls().setSession(null);
  init.mockResolvedValue({ url: 'otpauth://totp/Agency%20Desk:emma?secret=JBSWY3DPEHPK3PXP', code: 'JBSWY3DPEHPK3PXP' });
});

describe('MFA setup', () => {
  it('sends visitors without a session to sign in', () => {
    renderAt('/mfa-setup', '/mfa-setup', <MfaSetupRoute />);
    expect(currentLocation.pathname).toBe('/login');
  });

  it('draws the QR code, shows the key and verifies a code, then goes on where the person was going', async () => {
    const session = demoSession({}, {}, { mfaSetupRequired: true });
    saveSession(session);
    verify.mockResolvedValue({ message: 'ok' });
    renderAt('/mfa-setup?redirect=%2Ftasks', '/mfa-setup', <MfaSetupRoute />);
    expect(screen.getByText('Your agency requires a code from an authenticator app at sign-in. Set it up to continue.')).toBeInTheDocument();
    expect(await screen.findByTestId('mfa-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(init).toHaveBeenCalledWith(session.token);
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/tasks'));
    expect(verify).toHaveBeenCalledWith(session.token, '123456');
    expect(bus.session$.value?.mfaSetupRequired).toBe(false);
    expect(bus.session$.value?.user.mfaEnabled).toBe(true);
    expect(readStoredSession()?.mfaSetupRequired).toBe(false);
  });

  it('keeps the person here on a wrong code', async () => {
    saveSession(demoSession({}, {}, { mfaSetupRequired: true }));
    verify.mockRejectedValue(new ApiRequestError('Invalid code', 400));
    renderAt('/mfa-setup', '/mfa-setup', <MfaSetupRoute />);
    await screen.findByTestId('mfa-key');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(currentLocation.pathname).toBe('/mfa-setup');
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
  });

  it('says why the setup could not start, and starts it again on Retry', async () => {
    saveSession(demoSession({}, {}, { mfaSetupRequired: true }));
    init.mockRejectedValueOnce(new ApiRequestError('Network Connection Issue', null));
    renderAt('/mfa-setup', '/mfa-setup', <MfaSetupRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Connection Issue');
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('mfa-key')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('groups the key in fours', () => expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ'));
});
