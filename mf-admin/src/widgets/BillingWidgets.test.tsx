import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import { ApiRequestError, billingApi } from '@agency/api-client';
import { AccountBalance } from './AccountBalance';
import { gauge, Usage } from './Usage';
import { monthKey } from '../features/common/MonthStepper';
import { demoAccount, demoSession } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = billingApi as jest.Mocked<typeof billingApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

test('a gauge tops out at the commitment; past it the maximum is usage plus the excess and it turns red', () => {
  expect(gauge(250, 1000)).toEqual({ max: 1000, percent: 25, over: false });
  expect(gauge(1500, 1000)).toEqual({ max: 2000, percent: 75, over: true });
  expect(gauge(0, 0)).toEqual({ max: 0, percent: 0, over: false });
});

test('the balance shows past due, current and upcoming in dollars, the next payment and whether it is automatic', async () => {
  api.balance.mockResolvedValue({ pastDue: 15697, current: 0, upcoming: 14500, nextPayment: Date.UTC(2026, 11, 3, 12) / 1000, automaticPayment: true });
  render(
    <MemoryRouter>
      <AccountBalance />
    </MemoryRouter>,
  );
  expect(await screen.findByText('$156.97')).toBeInTheDocument();
  expect(screen.getByText('$145.00')).toBeInTheDocument();
  expect(screen.getByText('Next payment: 12/03/2026')).toBeInTheDocument();
  expect(screen.getByText('Automatic payment on')).toBeInTheDocument();
});

test('a failed balance call shows dashes', async () => {
  api.balance.mockRejectedValue(new ApiRequestError('down', 500));
  render(
    <MemoryRouter>
      <AccountBalance />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.getAllByText('-').length).toBeGreaterThanOrEqual(3));
});

test('usage moves month by month, never past the current month', async () => {
  api.usage.mockResolvedValue({
    asOf: new Date().toISOString(),
    monthYear: '',
    minutes: 0,
    recordings: 2,
    messages: 1200,
    phoneNumbers: 4,
    committedMinutes: 1000,
    committedMessages: 1000,
  });
  render(<Usage />);
  const thisMonth = monthKey(new Date());
  await waitFor(() => expect(api.usage).toHaveBeenCalledWith(demoAccount().id, thisMonth));
  expect(await screen.findByText('Recordings: 2')).toBeInTheDocument();
  expect(screen.getByLabelText('Messages: 1200 of 1000 committed')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled());
  expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  const d = new Date();
  await waitFor(() => expect(api.usage).toHaveBeenLastCalledWith(demoAccount().id, monthKey(new Date(d.getFullYear(), d.getMonth() - 1, 1))));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled());
});
