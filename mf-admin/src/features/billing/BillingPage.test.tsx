import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, hostControls } from '@agency/bus';
import { accountsApi, ApiRequestError, billingApi } from '@agency/api-client';
import type { BillingPaymentMethod, Invoice, Subscription } from '@agency/contracts';
import { BillingPage } from './BillingPage';
import { demoAccount, demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = billingApi as jest.Mocked<typeof billingApi>;
const accounts = accountsApi as jest.Mocked<typeof accountsApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const DAY = 86400;
const now = Math.floor(Date.now() / 1000);
const line = {
  id: 'il_1',
  description: '1 × Agency Desk platform',
  quantity: 1,
  amount: 10717,
  amount_excluding_tax: 9900,
  tax: 817,
  price: { unit_amount_decimal: '9900', billing_scheme: 'per_unit' as const },
};
const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 'in_1',
  status: 'open',
  created: now - 5 * DAY,
  period_start: now - 35 * DAY,
  period_end: now - 5 * DAY,
  due_date: now + 9 * DAY,
  subtotal_excluding_tax: 9900,
  tax: 817,
  total: 10717,
  amount_due: 10717,
  attempted: false,
  next_payment_attempt: null,
  subscription: 'sub_1',
  lines: { data: [line] },
  ...over,
});
const visa: BillingPaymentMethod = {
  id: 'pm_visa',
  type: 'card',
  isDefault: true,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  us_bank_account: null,
};
const subscription: Subscription = {
  id: 'sub_1',
  nickname: 'Agency Essentials',
  status: 'active',
  collection_method: 'charge_automatically',
  billing_cycle_anchor: Date.UTC(2026, 7, 3) / 1000,
  current_period_start: now - 5 * DAY,
  current_period_end: now + 25 * DAY,
  default_payment_method: null,
  items: { data: [] },
};

let toasts: string[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  api.subscription.mockResolvedValue(subscription);
});
afterEach(() => sub.unsubscribe());

const renderPage = (path = '/account/info/billing') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <BillingPage />
    </MemoryRouter>,
  );
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const date = (s: number) => new Date(s * 1000).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

test('opens on Invoices: upcoming blue, Pay for an open one never attempted, pending once attempted, paid as text', async () => {
  api.invoices.mockResolvedValue([
    invoice({ id: 'upcoming_sub_1', status: 'upcoming', created: now + 25 * DAY, due_date: null, next_payment_attempt: now + 25 * DAY }),
    invoice({ id: 'in_open' }),
    invoice({ id: 'in_tried', created: now - 40 * DAY, attempted: true, next_payment_attempt: now + 2 * DAY }),
    invoice({ id: 'in_paid', status: 'paid', created: now - 70 * DAY, amount_due: 0 }),
  ]);
  api.paymentMethods.mockResolvedValue([visa]);
  renderPage();
  expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
  const upcoming = await rowOf(date(now + 25 * DAY));
  expect(upcoming).toHaveAttribute('data-status', 'upcoming');
  const open = await rowOf(date(now - 5 * DAY));
  expect(within(open).getByRole('button', { name: /Pay invoice/ })).toBeInTheDocument();
  expect(within(open).getAllByText('$107.17').length).toBe(1);
  const tried = await rowOf(date(now - 40 * DAY));
  expect(tried).toHaveAttribute('data-status', 'pastDue');
  expect(within(tried).getByText('Pending')).toBeInTheDocument();
  expect(within(tried).getByLabelText(`payment will be attempted on ${date(now + 2 * DAY)}`)).toBeInTheDocument();
  const paid = await rowOf(date(now - 70 * DAY));
  expect(within(paid).getByText('Paid')).toBeInTheDocument();
  // A row opens to its items.
  await userEvent.click(within(open).getByRole('button', { name: /expand row/i }));
  const items = await screen.findAllByRole('table', { name: 'Invoice items' });
  expect(within(items[0]!).getByText('1 × Agency Desk platform')).toBeInTheDocument();
});

test('pays an open invoice with the default method; a refusal says the catalogue message and the reason', async () => {
  const open = invoice({ id: 'in_open' });
  api.invoices.mockResolvedValue([open]);
  api.paymentMethods.mockResolvedValue([visa]);
  api.pay.mockRejectedValueOnce(new ApiRequestError('Your card was declined.', 402)).mockResolvedValueOnce({ ...open, status: 'paid', amount_due: 0 });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /Pay invoice/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice' });
  expect(within(dialog).getByText('$107.17')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
  expect(await within(dialog).findByText('Unable to make payment.  Try again later', { normalizer: (s) => s })).toBeInTheDocument();
  expect(within(dialog).getByText('Your card was declined.')).toBeInTheDocument();
  const firstKey = api.pay.mock.calls[0]![3];
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay Invoice' })).not.toBeInTheDocument());
  expect(api.pay).toHaveBeenLastCalledWith(demoAccount().id, 'in_open', 'pm_visa', expect.any(String));
  expect(api.pay.mock.calls[1]![3]).not.toBe(firstKey);
  expect(toasts).toContain('Paid $107.17');
  expect(within(await rowOf(date(now - 5 * DAY))).getByText('Paid')).toBeInTheDocument();
});

test('without a payment method, Pay asks for one', async () => {
  api.invoices.mockResolvedValue([invoice({ id: 'in_open' })]);
  api.paymentMethods.mockResolvedValue([]);
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /Pay invoice/ }));
  expect(await screen.findByText('Missing Payment Method. Please enter and/or select default payment method')).toBeInTheDocument();
});

test('the plan shows its cycle day as an ordinal and its payment', async () => {
  api.invoices.mockResolvedValue([]);
  api.paymentMethods.mockResolvedValue([]);
  renderPage('/account/info/billing?tab=plan');
  expect(await screen.findByText('Agency Essentials')).toBeInTheDocument();
  expect(screen.getByText('3rd')).toBeInTheDocument();
  expect(screen.getByText('Charged automatically')).toBeInTheDocument();
});

test('adds a card through the setup intent, refusing a declined one, and refreshes the account', async () => {
  api.invoices.mockResolvedValue([]);
  api.paymentMethods.mockResolvedValueOnce([]).mockResolvedValueOnce([visa]);
  api.setupIntent.mockResolvedValue({
    id: 'seti_1',
    client_secret: 'seti_1_secret_x',
    status: 'requires_payment_method',
    provider: 'local',
    publishableKey: null,
  });
  api.confirmLocalSetup
    .mockResolvedValueOnce({ status: 'requires_payment_method', paymentMethod: null, error: { message: 'Your card was declined.' } })
    .mockResolvedValueOnce({ status: 'succeeded', paymentMethod: visa, error: null });
  accounts.get.mockResolvedValue(demoAccount({ stripePaymentMethodId: 'pm_visa' }));
  renderPage('/account/info/billing?tab=payment-methods');
  await userEvent.click(await screen.findByRole('button', { name: /Add Payment Method/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Payment Method' });
  await within(dialog).findByLabelText('Card Number');
  await fill('Card Number', '4000000000000002');
  expect(within(dialog).getByLabelText('Card Number')).toHaveValue('4000 0000 0000 0002');
  await fill('Expiry', '1230');
  await fill('CVC', '123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
  expect(api.confirmLocalSetup).toHaveBeenCalledWith(demoAccount().id, {
    clientSecret: 'seti_1_secret_x',
    paymentMethod: { type: 'card', number: '4000000000000002', expMonth: 12, expYear: 30, cvc: '123', postalCode: undefined },
  });
  await fill('Card Number', '4242424242424242');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
  expect(screen.getByText('Default')).toBeInTheDocument();
  await waitFor(() => expect(bus.session$.getValue()?.account.stripePaymentMethodId).toBe('pm_visa'));
  expect(toasts).toContain('Visa •••• 4242 added');
});

test('a failed load offers Retry', async () => {
  api.invoices.mockRejectedValueOnce(new ApiRequestError('Server down', 500)).mockResolvedValue([]);
  api.paymentMethods.mockResolvedValue([]);
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Unable to load billing: Server down');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
});
