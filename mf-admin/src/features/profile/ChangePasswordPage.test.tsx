import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { usersApi, ApiRequestError } from '@agency/api-client';
import { ChangePasswordPage } from './ChangePasswordPage';
import { demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });
const submit = () => screen.getByRole('button', { name: 'Submit' });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

test('Submit waits for the current password, 8 characters and a matching confirmation', async () => {
  render(<ChangePasswordPage />);
  expect(submit()).toBeDisabled();
  await fill('Current Password', 'demo-password');
  await fill('New Password', 'short');
  expect(await screen.findByText('Password complexity is weak')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
  await fill('New Password', 'a-longer-password');
  await fill('Confirm Password', 'a-longer-passwore');
  expect(await screen.findByText('Password do not match')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
  await fill('Confirm Password', 'a-longer-password');
  await waitFor(() => expect(submit()).toBeEnabled());
});

test('changes the password through usersApi.changePassword', async () => {
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  api.changePassword.mockResolvedValue({ message: 'Password Updated' });
  render(<ChangePasswordPage />);
  await fill('Current Password', 'demo-password');
  await fill('New Password', 'a-longer-password');
  await fill('Confirm Password', 'a-longer-password');
  await waitFor(() => expect(submit()).toBeEnabled());
  await userEvent.click(submit());
  await waitFor(() => expect(api.changePassword).toHaveBeenCalledWith(demoSession().user.id, 'demo-password', 'a-longer-password'));
  await waitFor(() => expect(toasts).toContain('Password Updated'));
  expect(screen.getByLabelText('New Password')).toHaveValue('');
  sub.unsubscribe();
});

test('shows why the server refused', async () => {
  api.changePassword.mockRejectedValue(new ApiRequestError('Current password is incorrect', 401));
  render(<ChangePasswordPage />);
  await fill('Current Password', 'wrong');
  await fill('New Password', 'a-longer-password');
  await fill('Confirm Password', 'a-longer-password');
  await waitFor(() => expect(submit()).toBeEnabled());
  await userEvent.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('There was an error updating your password. Current password is incorrect');
  expect(screen.getByLabelText('Current Password')).toHaveValue('');
});
