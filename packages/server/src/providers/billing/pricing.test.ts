import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { centsTimes, cycleDate, periodEnd, periodStartAt, priceAmount, taxOf } from './pricing';
import { checkCard, luhnValid } from './local/testCards';
import { LOCAL_PLAN } from './local/plan';

const tiered = LOCAL_PLAN.items.find((i) => i.price.meter === 'messages')!.price;

describe('money in cents', () => {
  it('multiplies fractional cent prices exactly and rounds a line once, half up', () => {
    assert.equal(centsTimes(3, '2.5'), 8); // 7.5 -> 8
    assert.equal(centsTimes(2, '2.5'), 5);
    assert.equal(centsTimes(1, '0.1'), 0);
    assert.equal(centsTimes(5, '0.1'), 1); // 0.5 -> 1
    assert.equal(centsTimes(333, '1.8'), 599); // 599.4
    assert.equal(centsTimes(1, '9900'), 9900);
    assert.throws(() => centsTimes(1, '1e3'));
  });

  it('prices graduated tiers: the commitment is owed at zero, on-demand units beyond it', () => {
    assert.equal(priceAmount(tiered, 0), 1500);
    assert.equal(priceAmount(tiered, 1000), 1500);
    assert.equal(priceAmount(tiered, 1001), 1503); // 1500 + 2.5 -> 1502.5 rounds with the line
    assert.equal(priceAmount(tiered, 1400), 2500); // 1500 + 400 x 2.5
    const three = {
      billing_scheme: 'tiered' as const,
      unit_amount_decimal: null,
      tiers: [
        { up_to: 10, flat_amount: 100, unit_amount_decimal: null },
        { up_to: 20, flat_amount: 50, unit_amount_decimal: '5' },
        { up_to: null, flat_amount: null, unit_amount_decimal: '1' },
      ],
    };
    assert.equal(priceAmount(three, 5), 100);
    assert.equal(priceAmount(three, 15), 100 + 50 + 25);
    assert.equal(priceAmount(three, 25), 100 + 50 + 50 + 5);
    assert.equal(priceAmount({ billing_scheme: 'per_unit', unit_amount_decimal: '150', tiers: null }, 4), 600);
  });

  it('taxes at basis points, half up', () => {
    assert.equal(taxOf(10000, 825), 825);
    assert.equal(taxOf(1503, 825), 124); // 123.9975
    assert.equal(taxOf(6, 825), 0); // 0.495
    assert.equal(taxOf(7, 825), 1); // 0.5775
    assert.equal(taxOf(999, 0), 0);
  });
});

describe('billing periods', () => {
  it('run monthly from the anchor day, the last day standing in for days a month lacks', () => {
    assert.equal(periodEnd(new Date('2026-01-31T00:00:00Z'), 31).toISOString(), '2026-02-28T00:00:00.000Z');
    assert.equal(periodEnd(new Date('2026-02-28T00:00:00Z'), 31).toISOString(), '2026-03-31T00:00:00.000Z');
    assert.equal(periodEnd(new Date('2026-12-03T00:00:00Z'), 3).toISOString(), '2027-01-03T00:00:00.000Z');
    assert.equal(periodStartAt(new Date('2026-11-02T10:00:00Z'), 3).toISOString(), '2026-10-03T00:00:00.000Z');
    assert.equal(periodStartAt(new Date('2026-11-03T00:00:00Z'), 3).toISOString(), '2026-11-03T00:00:00.000Z');
    assert.equal(cycleDate(2026, -1, 15).toISOString(), '2025-12-15T00:00:00.000Z');
  });
});

describe('the local card form', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
    checkCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, now);

  it('takes the test cards and refuses the declining ones with their reason', () => {
    assert.deepEqual(card('4242424242424242'), { card: { brand: 'visa' } });
    assert.deepEqual(card('4000000000000002'), { error: 'Your card was declined.' });
    assert.deepEqual(card('4000000000009995'), { error: 'Your card has insufficient funds.' });
    assert.deepEqual(card('4000000000000341'), { card: { brand: 'visa', chargeDecline: 'Your card was declined.' } });
  });

  it('refuses what is not a well-formed, current test card', () => {
    assert.equal(luhnValid('4242424242424242'), true);
    assert.equal(luhnValid('4242424242424241'), false);
    assert.deepEqual(card('4242'), { error: 'Your card number is incomplete.' });
    assert.deepEqual(card('4242424242424241'), { error: 'Your card number is invalid.' });
    assert.deepEqual(card('4012888888881881'), { error: 'Your card was declined. Only test card numbers are accepted here.' });
    assert.deepEqual(card('4242424242424242', { expYear: 2026, expMonth: 10 }), { error: "Your card's expiration date is in the past." });
    assert.deepEqual(card('4242424242424242', { expMonth: 13 }), { error: "Your card's expiration month is invalid." });
    assert.deepEqual(card('378282246310005', { cvc: '123' }), { error: "Your card's security code is incomplete." });
  });
});
