import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, hostControls } from '@agency/bus';
import { accountsApi, locationsApi, metricsApi, phoneBlockApi, templatesApi, usersApi } from '@agency/api-client';
import { App } from '../../App';
import { tabOf, tabsFor } from './SettingsLayout';
import { demoSession, demoUser, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const userEvent = userEventLib.setup({ delay: null });

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  (usersApi.list as jest.Mock).mockResolvedValue([demoUser()]);
  (usersApi.me as jest.Mock).mockResolvedValue(meOf(demoSession()));
  (locationsApi.list as jest.Mock).mockResolvedValue([]);
  (phoneBlockApi.list as jest.Mock).mockResolvedValue([]);
  (accountsApi.get as jest.Mock).mockResolvedValue(demoSession().account);
  (metricsApi.employeeStats as jest.Mock).mockResolvedValue({
    monthYear: '11/2026',
    metricView: 'monthly',
    users: [],
    rows: [],
    updatedAt: new Date().toISOString(),
  });
});

test('the tab list comes from one array, and the active tab follows the path', async () => {
  at('/account/settings/blocked-numbers');
  const nav = screen.getByRole('navigation', { name: 'Settings sections' });
  const items = Array.from(nav.querySelectorAll('[role="menuitem"]'));
  // every tab the owner may open (the Releases are the super user's)
  expect(items.map((i) => i.textContent)).toEqual(tabsFor('owner').map((t) => t.label));
  expect(items.find((i) => i.textContent === 'Blocked Numbers')).toHaveClass('ant-menu-item-selected');
  expect(await screen.findByRole('heading', { name: 'Blocked Numbers' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('menuitem', { name: 'Employees' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/employees'));
  expect(await screen.findByRole('heading', { name: 'Employees' })).toBeInTheDocument();
});

test('the index and unknown tabs open Employees', async () => {
  at('/account/settings');
  expect(await screen.findByRole('heading', { name: 'Employees' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/employees');
});

test("an employee's Settings opens Message Templates, the one tab for them, to keep personal templates", async () => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  (templatesApi.list as jest.Mock).mockResolvedValue([]);
  at('/account/settings');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/message-templates'));
  const nav = screen.getByRole('navigation', { name: 'Settings sections' });
  expect(Array.from(nav.querySelectorAll('[role="menuitem"]')).map((i) => i.textContent)).toEqual(['Message Templates']);
  expect(await screen.findByRole('heading', { name: 'Message Templates' })).toBeInTheDocument();
});

test.each(['/account/settings/employees', '/account/settings/general'])('an employee opening %s is sent to /profile with a message', async (path) => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  at(path);
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/profile'));
  expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
  expect(toasts).toEqual(['You do not have access to perform this action.']);
  sub.unsubscribe();
});

test('leaving a settings page with unsaved changes asks first', async () => {
  const answers: boolean[] = [false, true];
  const asked: string[] = [];
  const sub = bus.confirm$.subscribe((c) => {
    asked.push(c.title);
    c.resolve(answers.shift()!);
  });
  at('/account/settings/general');
  await userEvent.click(await screen.findByRole('switch', { name: 'MFA required for all employees' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Employees' }));
  await waitFor(() => expect(asked).toHaveLength(1));
  expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/general');
  await userEvent.click(screen.getByRole('menuitem', { name: 'Employees' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/employees'));
  expect(asked).toEqual(['You have unsaved changes, are you sure you want to leave?', 'You have unsaved changes, are you sure you want to leave?']);
  sub.unsubscribe();
});

test('tabsFor and tabOf', () => {
  const tabs = [
    { path: 'a', label: 'A', element: null },
    { path: 'b', label: 'B', element: null, employees: true },
    { path: 'c', label: 'C', element: null, roles: ['super', 'owner'] as const },
  ];
  expect(tabsFor('owner', tabs).map((t) => t.path)).toEqual(['a', 'b', 'c']);
  expect(tabsFor('admin', tabs).map((t) => t.path)).toEqual(['a', 'b']);
  expect(tabsFor('employee', tabs).map((t) => t.path)).toEqual(['b']);
  // The Audit Log is the owner's.
  expect(tabsFor('admin').some((t) => t.path === 'audit-log')).toBe(false);
  expect(tabsFor('owner').some((t) => t.path === 'audit-log')).toBe(true);
  // The Releases are ops', super users only.
  expect(tabsFor('owner').some((t) => t.path === 'releases')).toBe(false);
  expect(tabsFor('super').some((t) => t.path === 'releases')).toBe(true);
  expect(tabOf('/account/settings/employees/new')).toBe('employees');
  expect(tabOf('/account/settings')).toBe('');
});
