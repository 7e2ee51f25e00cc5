import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { locationsApi, metricsApi, tagsApi, templatesApi, usersApi, valuesApi } from '@agency/api-client';
import { App } from './App';
import { demoSession, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const userEvent = userEventLib.setup({ delay: null });

beforeEach(() => {
  hostControls().setSession(demoSession());
  (usersApi.me as jest.Mock).mockResolvedValue(meOf(demoSession()));
  (usersApi.list as jest.Mock).mockResolvedValue([demoSession().user]);
  (metricsApi.employeeStats as jest.Mock).mockResolvedValue({
    monthYear: '01/2026',
    metricView: 'monthly',
    users: [],
    rows: [],
    updatedAt: new Date().toISOString(),
  });
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

test.each([
  ['/profile', 'User'],
  ['/profile/details', 'First name'],
  ['/profile/avatar', 'Picture file'],
  ['/profile/change-password', 'Current Password'],
  ['/profile/nothing-here', 'User'],
])('%s shows its screen', async (path, label) => {
  at(path);
  expect(await screen.findByLabelText(label)).toBeInTheDocument();
  expect(screen.getByText('My Profile')).toBeInTheDocument();
});

test('/profile/mfa shows the MFA screen', async () => {
  at('/profile/mfa');
  expect(await screen.findByText('MFA Not Setup')).toBeInTheDocument();
});

test('the profile sections link to each other', async () => {
  at('/profile/mfa');
  const nav = screen.getByLabelText('Profile sections');
  expect(nav).toBeInTheDocument();
  await userEvent.click(screen.getByText('Change Password'));
  expect(await screen.findByLabelText('Current Password')).toBeInTheDocument();
});

test.each([
  ['/account/settings', 'Employees'],
  ['/account/settings/tag-management', 'Tags'],
  ['/account/settings/smart-values', 'Smart Values'],
  ['/account/settings/message-templates', 'Message Templates'],
  ['/account/settings/nothing-here', 'Employees'],
])('%s shows the %s settings page', async (path, heading) => {
  (tagsApi.list as jest.Mock).mockResolvedValue([]);
  (valuesApi.list as jest.Mock).mockResolvedValue([]);
  (templatesApi.list as jest.Mock).mockResolvedValue([]);
  (usersApi.list as jest.Mock).mockResolvedValue([]);
  (locationsApi.list as jest.Mock).mockResolvedValue([]);
  at(path);
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
});
