import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiRequestError } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { currentLocation, renderAt } from '../test/router';
import ForgotPasswordPage from './ForgotPasswordRoute';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('@agency/api-client/src/publicCalls', () => ({ publicApi: { forgotPassword: jest.fn(), forgotPasswordVerify: jest.fn() } }));

const forgot = publicApi.forgotPassword as jest.Mock;
const verify = publicApi.forgotPasswordVerify as jest.Mock;

function fillReset(code: string, password = 'new-password-1', confirm = password) {
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('sends a code, then changes the password and returns to sign in with a message', async () => {
    forgot.mockResolvedValue({ message: 'sent', requestId: 'req-1' });
    verify.mockResolvedValue({ message: 'Password updated' });
    renderAt('/forgot-password', '/forgot-password', <ForgotPasswordPage />, { '/login': <div>Sign in page</div> });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'emma@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(forgot).toHaveBeenCalledWith('emma@demo.test');
    fillReset('12345678');
    await waitFor(() => expect(currentLocation.pathname).toBe('/login'));
    expect(currentLocation.search).toBe('?email=emma%40demo.test&done=passwordChanged');
    expect(verify).toHaveBeenCalledWith('emma@demo.test', '12345678', 'new-password-1', 'req-1');
  });

  it('checks the code and the new password', async () => {
    renderAt('/forgot-password/u1/99999999?email=emma%40demo.test', '/forgot-password/:userId/:token', <ForgotPasswordPage />);
    expect(screen.getByLabelText('Code')).toHaveValue('99999999');
    expect(screen.getByLabelText('Email')).toHaveValue('emma@demo.test');
    fillReset('1234', 'short', 'other');
    expect(await screen.findByText('Enter the 8-digit code')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
  });

  it('shows the server message when the code is wrong', async () => {
    verify.mockRejectedValue(new ApiRequestError('Invalid code', 400));
    renderAt('/forgot-password/u1/99999999?email=emma%40demo.test', '/forgot-password/:userId/:token', <ForgotPasswordPage />);
    fillReset('99999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('a welcome link carries its token: no code to type, just the new password', async () => {
    verify.mockResolvedValue({ message: 'Password updated' });
    const token = 'Q2hvb3NlLWEtcGFzc3dvcm';
    renderAt(`/forgot-password/u1/${token}?email=nina%40demo.test`, '/forgot-password/:userId/:token', <ForgotPasswordPage />, {
      '/login': <div>Sign in page</div>,
    });
    expect(screen.getByText('Choose the password for your new sign-in.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/login'));
    expect(verify).toHaveBeenCalledWith('nina@demo.test', token, 'new-password-1', undefined);
  });
});
