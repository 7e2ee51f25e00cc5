import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEventLib from '@testing-library/user-event';
import { bus } from '@agency/bus';
import { usersApi } from '@agency/api-client';
import { demoSession, meOf } from './testing/session';
import { App } from './App';

jest.mock('@agency/api-client', () => jest.requireActual('./testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null });

beforeEach(() => {
  bus.session$.next(demoSession());
  (usersApi.me as jest.Mock).mockResolvedValue(meOf(demoSession()));
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

test('each profile screen has its route, linked from the profile sections', async () => {
  at('/profile');
  expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  expect(screen.getByLabelText('First name')).toBeInTheDocument();
  const sections = screen.getByRole('navigation', { name: 'Profile sections' });
  expect(sections).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Change Password' }));
  expect(await screen.findByLabelText('Current Password')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'MFA' }));
  expect(await screen.findByRole('button', { name: 'Set Up MFA' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Change Photo' }));
  expect(await screen.findByRole('button', { name: 'Choose Image' })).toBeInTheDocument();
});

test('an unknown profile path goes back to the profile', async () => {
  at('/profile/nothing-here');
  expect(await screen.findByLabelText('First name')).toBeInTheDocument();
});
