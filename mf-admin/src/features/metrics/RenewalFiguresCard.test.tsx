import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import { ApiRequestError, metricsApi, usersApi } from '@agency/api-client';
import type { EmployeeStats, RenewalFigures } from '@agency/contracts';
import { demoSession, demoUser } from '@agency/testing';
import { monthKey } from '../common/MonthStepper';
import { ProfileMetricsPage } from './ProfileMetricsPage';
import { renewalFiguresApi } from './renewalFiguresApi';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('./renewalFiguresApi', () => ({ renewalFiguresApi: { figures: jest.fn() } }));
const renewals = renewalFiguresApi as jest.Mocked<typeof renewalFiguresApi>;
const stats = metricsApi as jest.Mocked<typeof metricsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const owner = demoUser();
const employee = demoUser({ id: '00000000-0000-4000-9000-000000000003', role: 'employee', firstName: 'Evan', lastName: 'Ellis', email: 'employee@demo.test' });
const accountId = demoSession().account.id;
const thisMonth = monthKey(new Date());
const figures = (over: Partial<RenewalFigures> = {}): RenewalFigures => ({
  month: thisMonth,
  due: 7,
  contacted: 5,
  quoted: 3,
  renewed: 3,
  lost: 1,
  retentionRate: 75,
  ...over,
});
const noStats = (): EmployeeStats => ({ monthYear: thisMonth, metricView: 'monthly', users: [], rows: [], updatedAt: new Date().toISOString() });

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
const renewalsCard = () => screen.getByRole('region', { name: 'Renewals' });
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  users.list.mockResolvedValue([owner, employee]);
  stats.employeeStats.mockResolvedValue(noStats());
});

test("an owner sees a person's renewals of the month, and another month's when stepping back", async () => {
  renewals.figures.mockResolvedValue(figures());
  at(`/profile/${employee.id}`);
  expect(await within(renewalsCard()).findByText('75%')).toBeInTheDocument();
  expect(renewals.figures).toHaveBeenCalledWith(accountId, employee.id, thisMonth);
  for (const [label, value] of [
    ['Due this month', '7'],
    ['Contacted', '5'],
    ['Quoted', '3'],
    ['Renewed', '3'],
    ['Lost', '1'],
    ['Retention rate', '75%'],
  ])
    expect(within(renewalsCard()).getByText(label).closest('.ant-statistic')).toHaveTextContent(`${label}${value}`);

  const last = new Date();
  last.setDate(1);
  last.setMonth(last.getMonth() - 1);
  renewals.figures.mockResolvedValue(figures({ month: monthKey(last), due: 2, contacted: 0, quoted: 0, renewed: 0, lost: 0, retentionRate: null }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  expect(await within(renewalsCard()).findByText('-')).toBeInTheDocument();
  expect(renewals.figures).toHaveBeenLastCalledWith(accountId, employee.id, monthKey(last));
  expect(within(renewalsCard()).getByText('Due this month').closest('.ant-statistic')).toHaveTextContent('Due this month2');
});

test('an employee sees their own renewals; a failure says why', async () => {
  hostControls().setSession(demoSession({ id: employee.id, role: 'employee', firstName: 'Evan', lastName: 'Ellis' }));
  renewals.figures.mockRejectedValue(new ApiRequestError('Server unavailable', 503));
  at('/profile');
  expect(await within(renewalsCard()).findByText('Unable to load renewals: Server unavailable')).toBeInTheDocument();
  expect(renewals.figures).toHaveBeenCalledWith(accountId, employee.id, thisMonth);
});
