import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { usersApi, ApiRequestError } from '@agency/api-client';
import { ProfilePage } from './ProfilePage';
import { mayLeave, UNSAVED_CHANGES_MESSAGE } from '../settings/unsaved';
import { demoSession, demoUser, fill, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  api.me.mockResolvedValue(meOf(demoSession()));
});

test('shows the stored profile with every field labelled', async () => {
  render(<ProfilePage />);
  expect(screen.getByLabelText('First name')).toHaveValue('Olivia');
  expect(screen.getByLabelText('Last name')).toHaveValue('Owens');
  expect(screen.getByLabelText('Email')).toHaveValue('owner@demo.test');
  expect(screen.getByLabelText('Extension')).toHaveValue('101');
  expect(screen.getByLabelText('Theme colour')).toHaveValue('#19d0de');
  await waitFor(() => expect(api.me).toHaveBeenCalledTimes(1));
});

test('saves through usersApi.update and puts the new user into the session', async () => {
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  const updated = demoUser({ firstName: 'Liv', extension: '205', themeColor: '#ff0000' });
  api.update.mockResolvedValue(updated);
  render(<ProfilePage />);

  await fill('First name', ' Liv ');
  await fill('Extension', '205');
  await fill('Theme colour', 'FF0000');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.update).toHaveBeenCalled());
  expect(api.update).toHaveBeenCalledWith(updated.id, {
    firstName: 'Liv',
    lastName: 'Owens',
    email: 'owner@demo.test',
    extension: '205',
    themeColor: '#ff0000',
  });
  await waitFor(() => expect(bus.session$.value?.user.firstName).toBe('Liv'));
  expect(bus.session$.value?.token).toBe('token');
  expect(bus.theme$.value.color).toBe('#ff0000');
  expect(toasts).toContain('Updated Profile');
  sub.unsubscribe();
});

test('shows the server message when the save fails', async () => {
  api.update.mockRejectedValue(new ApiRequestError('That email is already in use', 409));
  render(<ProfilePage />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update profile: That email is already in use');
  expect(bus.session$.value?.user.firstName).toBe('Olivia');
});

test('checks the fields before saving', async () => {
  render(<ProfilePage />);
  await fill('First name', '');
  await fill('Extension', '1234567');
  await fill('Email', 'not-an-email');
  await fill('Theme colour', 'blue');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  expect(await screen.findByText('input is not a valid hex color.')).toBeInTheDocument();
  expect(api.update).not.toHaveBeenCalled();
});

test('takes the fresh user from GET /users/me', async () => {
  api.me.mockResolvedValue(meOf(demoSession({ lastName: 'Owens-Smith' })));
  render(<ProfilePage />);
  await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveValue('Owens-Smith'));
  expect(bus.session$.value?.token).toBe('token');
});

test('a new email asks for the current password and sends it; other edits do not', async () => {
  api.update.mockResolvedValue(demoUser({ email: 'olivia@demo.test' }));
  render(<ProfilePage />);
  expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  await fill('Email', 'olivia@demo.test');
  expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter your current password to continue.')).toBeInTheDocument();
  expect(api.update).not.toHaveBeenCalled();
  await fill('Current password', 'demo-password');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(api.update).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ email: 'olivia@demo.test', currentPassword: 'demo-password' })),
  );
});

test('leaving with a changed field asks first; an unchanged form leaves quietly', async () => {
  render(<ProfilePage />);
  await waitFor(() => expect(api.me).toHaveBeenCalled());
  expect(await mayLeave()).toBe(true);
  await fill('Extension', '205');
  const asked: string[] = [];
  const sub = bus.confirm$.subscribe((c) => {
    asked.push(c.title);
    c.resolve(true);
  });
  try {
    expect(await mayLeave()).toBe(true);
    expect(asked).toEqual([UNSAVED_CHANGES_MESSAGE]);
  } finally {
    sub.unsubscribe();
  }
});
