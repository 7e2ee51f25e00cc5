import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import { ApiRequestError, metricsApi, usersApi } from '@agency/api-client';
import type { EmployeeStat, EmployeeStats } from '@agency/contracts';
import { monthKey } from '../common/MonthStepper';
import { ProfileMetricsPage } from './ProfileMetricsPage';
import { dailyRows, EmployeeStatsWidget } from './EmployeeStatsWidget';
import { demoSession, demoUser } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
// The renewal figures under the cards have their own test (RenewalFiguresCard.test.tsx).
jest.mock('./renewalFiguresApi', () => ({ renewalFiguresApi: { figures: () => new Promise(() => undefined) } }));
const stats = metricsApi as jest.Mocked<typeof metricsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const owner = demoUser();
const employee = demoUser({ id: '00000000-0000-4000-9000-000000000003', role: 'employee', firstName: 'Evan', lastName: 'Ellis', email: 'employee@demo.test' });
const thisMonth = monthKey(new Date());
const row = (user: string, name: EmployeeStat['name'], value: number, metricDate = thisMonth): EmployeeStat => ({ user, name, value, metricDate });
const answer = (rows: EmployeeStat[], over: Partial<EmployeeStats> = {}): EmployeeStats => ({
  monthYear: thisMonth,
  metricView: 'monthly',
  users: [owner, employee].map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, avatar: u.avatar, role: u.role, former: false })),
  rows,
  updatedAt: new Date().toISOString(),
  ...over,
});

function at(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile" element={<ProfileMetricsPage />} />
        <Route path="/profile/:id" element={<ProfileMetricsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const card = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  users.list.mockResolvedValue([owner, employee]);
});

test("the profile shows the month's figures of the signed-in person on the cards", async () => {
  stats.employeeStats.mockResolvedValue(
    answer([
      row(owner.id, 'contacts', 4),
      row(owner.id, 'policies', 2),
      row(owner.id, 'premiums', 360_500),
      row(owner.id, 'messages', 12),
      row(owner.id, 'tasks_completed', 3),
      row(owner.id, 'tasks_pending', 1),
      row(owner.id, 'tasks_total', 4),
    ]),
  );
  at('/profile');
  await waitFor(() => expect(within(card('Contacts')).getByText('4')).toBeInTheDocument());
  expect(stats.employeeStats).toHaveBeenCalledWith({ user: owner.id, monthYear: thisMonth, refresh: false });
  expect(within(card('Policies')).getByText('$3,605.00 in premiums')).toBeInTheDocument();
  expect(within(card('Messages')).getByText('12')).toBeInTheDocument();
  expect(within(card('Tasks')).getByText('3 / 4')).toBeInTheDocument();
  expect(within(card('Calls')).getByText('0s on the phone, 0 calls reviewed')).toBeInTheDocument();
  for (const title of ['Incoming Calls', 'Outgoing Calls', 'Premiums', 'Talk Time', 'Open Tasks']) expect(card(title)).toBeInTheDocument();
});

test('calls count on the cards: all, incoming, outgoing, talk time and the calls reviewed', async () => {
  stats.employeeStats.mockResolvedValue(
    answer([
      row(owner.id, 'calls', 3),
      row(owner.id, 'calls_duration', 330),
      row(owner.id, 'calls_incoming', 2),
      row(owner.id, 'calls_incoming_duration', 300),
      row(owner.id, 'calls_outgoing', 1),
      row(owner.id, 'calls_outgoing_duration', 30),
      row(owner.id, 'reviews', 1),
    ]),
  );
  at('/profile');
  await waitFor(() => expect(within(card('Calls')).getByText('3')).toBeInTheDocument());
  expect(within(card('Calls')).getByText('5m 30s on the phone, 1 call reviewed')).toBeInTheDocument();
  expect(within(card('Incoming Calls')).getByText('2')).toBeInTheDocument();
  expect(within(card('Incoming Calls')).getByText('5m 00s')).toBeInTheDocument();
  expect(within(card('Outgoing Calls')).getByText('30s')).toBeInTheDocument();
  expect(within(card('Talk Time')).getByText('1m 50s a call')).toBeInTheDocument();
});

test('the month steps back, never past this month, and Refresh asks past the cache', async () => {
  stats.employeeStats.mockResolvedValue(answer([]));
  at('/profile');
  await waitFor(() => expect(stats.employeeStats).toHaveBeenCalledTimes(1));
  expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  const d = new Date();
  const previous = monthKey(new Date(d.getFullYear(), d.getMonth() - 1, 1));
  await waitFor(() => expect(stats.employeeStats).toHaveBeenLastCalledWith({ user: owner.id, monthYear: previous, refresh: false }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh figures' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Refresh figures' }));
  await waitFor(() => expect(stats.employeeStats).toHaveBeenLastCalledWith({ user: owner.id, monthYear: previous, refresh: true }));
  // Another month loads plainly again.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  await waitFor(() => expect(stats.employeeStats).toHaveBeenLastCalledWith({ user: owner.id, monthYear: thisMonth, refresh: false }));
});

test('an owner switches to a colleague; an employee only sees their own figures', async () => {
  stats.employeeStats.mockResolvedValue(answer([row(employee.id, 'contacts', 7)]));
  at(`/profile/${employee.id}`);
  await waitFor(() => expect(stats.employeeStats).toHaveBeenCalledWith({ user: employee.id, monthYear: thisMonth, refresh: false }));
  expect(await screen.findByRole('heading', { name: 'Evan Ellis' })).toBeInTheDocument();
  expect(screen.getByLabelText('User')).toBeInTheDocument();

  jest.clearAllMocks();
  hostControls().setSession(demoSession({ id: employee.id, role: 'employee', firstName: 'Evan', lastName: 'Ellis' }));
  stats.employeeStats.mockResolvedValue(answer([row(employee.id, 'contacts', 7)]));
  at(`/profile/${owner.id}`);
  await waitFor(() => expect(stats.employeeStats).toHaveBeenCalledWith({ user: employee.id, monthYear: thisMonth, refresh: false }));
  expect(screen.queryByLabelText('User')).not.toBeInTheDocument();
  expect(users.list).not.toHaveBeenCalled();
});

test('a failed load says so', async () => {
  stats.employeeStats.mockRejectedValue(new ApiRequestError('The server is down', 500));
  at('/profile');
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load metrics: The server is down');
});

test('the widget lists the team (former employees who counted), opens a person by day, and collapses a failed day view', async () => {
  let resolve: (s: EmployeeStats) => void = () => undefined;
  stats.employeeStats.mockReturnValueOnce(new Promise((r) => (resolve = r)));
  render(<EmployeeStatsWidget />);
  expect(screen.getByLabelText('Loading employee stats').children).toHaveLength(7);
  const former = { id: '00000000-0000-4000-9000-0000000000ff', firstName: 'Fay', lastName: 'Gone', avatar: null, role: 'employee' as const, former: true };
  const idle = { ...former, id: '00000000-0000-4000-9000-0000000000fe', firstName: 'Ida', lastName: 'Idle' };
  resolve(
    answer(
      [
        row(owner.id, 'premiums', 120_050),
        row(owner.id, 'tasks_completed', 1),
        row(owner.id, 'tasks_total', 2),
        row(owner.id, 'calls', 7),
        row(owner.id, 'calls_duration', 95),
        row(former.id, 'contacts', 3),
      ],
      {
        users: [...answer([]).users, former, idle],
      },
    ),
  );
  const ownerRow = (await screen.findByText('Olivia Owens')).closest('tr')!;
  expect(within(ownerRow).getByText('$1,200.50')).toBeInTheDocument();
  expect(within(ownerRow).getByText('1 / 2')).toBeInTheDocument();
  expect(within(ownerRow).getByText('7')).toBeInTheDocument();
  expect(within(ownerRow).getByText('1m 35s')).toBeInTheDocument();
  expect(within(screen.getByText('Fay Gone').closest('tr')!).getByText('Former')).toBeInTheDocument();
  expect(screen.queryByText('Ida Idle')).not.toBeInTheDocument();

  stats.employeeStats.mockResolvedValueOnce(
    answer([row(owner.id, 'contacts', 2, '2026-11-03'), row(owner.id, 'messages', 5, '2026-11-10')], { metricView: 'daily' }),
  );
  await userEvent.click(within(ownerRow).getByRole('button', { name: /expand/i }));
  expect(await screen.findByText('11/03/2026')).toBeInTheDocument();
  expect(stats.employeeStats).toHaveBeenLastCalledWith({ user: owner.id, metricView: 'daily', monthYear: thisMonth });

  stats.employeeStats.mockRejectedValueOnce(new ApiRequestError('down', 500));
  const evanRow = screen.getByText('Evan Ellis').closest('tr')!;
  await userEvent.click(within(evanRow).getByRole('button', { name: /expand/i }));
  await waitFor(() => expect(within(evanRow).getByRole('button', { name: /expand/i })).toHaveAttribute('aria-expanded', 'false'));
});

test('daily rows sum each day of the month that counted something', () => {
  const days = dailyRows([row('u', 'contacts', 2, '2026-11-03'), row('u', 'policies', 1, '2026-11-03'), row('u', 'messages', 4, '2026-11-01')]);
  expect(days.map((d) => [d.date, d.contacts, d.policies, d.messages])).toEqual([
    ['2026-11-01', 0, 0, 4],
    ['2026-11-03', 2, 1, 0],
  ]);
});
