import { invoiceDisplayStatus, ordinal } from '@agency/contracts';
import { formatUnitAmount, invoiceStatusLabel, methodName, priceKind, subscriptionStatusLabel, tierPrice, tierRange } from './format';

const tiers = [
  { up_to: 1000, flat_amount: 1500, unit_amount_decimal: null },
  { up_to: null, flat_amount: null, unit_amount_decimal: '2.5' },
];

test('the billing cycle day is an ordinal; 11th to 13th take th; unknown is ?', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  expect(ordinal(null)).toBe('?');
  expect(ordinal(0)).toBe('?');
});

test('tiers show committed then on-demand ranges, the last open-ended, with prices per month or per unit', () => {
  expect([tierRange(tiers, 0), tierRange(tiers, 1)]).toEqual(['1 to 1,000', '1,001 and up']);
  expect([tierPrice(tiers[0]!), tierPrice(tiers[1]!)]).toEqual(['$15.00 per month', '$0.025 per unit']);
  expect(formatUnitAmount('9900')).toBe('$99.00');
  expect(formatUnitAmount('150')).toBe('$1.50');
  expect(priceKind({ billing_scheme: 'tiered', recurring: { interval: 'month', usage_type: 'metered' } })).toBe('tiered usage');
  expect(priceKind({ billing_scheme: 'per_unit', recurring: { interval: 'month', usage_type: 'metered' } })).toBe('usage');
  expect(priceKind({ billing_scheme: 'per_unit', recurring: { interval: 'month', usage_type: 'licensed' } })).toBe('monthly');
});

test('an open invoice is past due after its due date or once a subscription invoice was attempted', () => {
  const now = 1_000_000;
  const inv = { status: 'open' as const, due_date: now + 10, subscription: 'sub_1', attempted: false };
  expect(invoiceDisplayStatus(inv, now)).toBe('open');
  expect(invoiceDisplayStatus({ ...inv, due_date: now - 10 }, now)).toBe('pastDue');
  expect(invoiceDisplayStatus({ ...inv, attempted: true }, now)).toBe('pastDue');
  expect(invoiceDisplayStatus({ ...inv, subscription: null, attempted: true }, now)).toBe('open');
  expect(invoiceDisplayStatus({ ...inv, status: 'paid', due_date: now - 10 }, now)).toBe('paid');
});

test('payment methods are named by brand or bank and last four', () => {
  expect(
    methodName({ id: 'pm', type: 'card', isDefault: true, card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 }, us_bank_account: null }),
  ).toBe('Visa •••• 4242');
  expect(
    methodName({ id: 'pm', type: 'us_bank_account', isDefault: false, card: null, us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } }),
  ).toBe('STRIPE TEST BANK •••• 6789');
});

describe('statuses in words', () => {
  it.each([
    ['pastDue', 'Past due'],
    ['pending', 'Pending'],
    ['paid', 'Paid'],
    ['upcoming', 'Upcoming'],
    ['open', 'Open'],
    ['someNewStatus', 'Some new status'],
  ])('invoice %s reads %s', (status, words) => expect(invoiceStatusLabel(status)).toBe(words));

  it.each([
    ['past_due', 'Past due'],
    ['trialing', 'Trial'],
    ['incomplete_expired', 'Expired'],
    ['active', 'Active'],
    ['on_hold', 'On hold'],
  ])('subscription %s reads %s', (status, words) => expect(subscriptionStatusLabel(status)).toBe(words));
});
