import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { Invoice } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { isLocalBilling } from '../../providers/billing/create';
import { verifyStripeWebhook } from '../../providers/billing/stripe/index';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner, headers: Record<string, string> = {}) =>
  s.app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const a = `/accounts/${DEMO}`;

const card = (number: string) => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: number.startsWith('3') ? '1234' : '123',
});
async function addMethod(method: object) {
  const intent = (await call('GET', `${a}/payment-methods/init`)).json();
  return call('POST', `${a}/payment-methods/local/confirm`, { clientSecret: intent.client_secret, paymentMethod: method });
}
const invoices = async (token = owner): Promise<Invoice[]> => (await call('GET', `${a}/invoices`, undefined, token)).json().data;

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('the plan and its invoices', () => {
  it("shows the demo agency's plan: cycle day 3, the platform fee and tiered usage", async () => {
    const sub = (await call('GET', `${a}/subscription`)).json();
    assert.equal(sub.nickname, 'Agency Essentials');
    assert.equal(sub.collection_method, 'charge_automatically');
    assert.equal(new Date(sub.billing_cycle_anchor * 1000).getUTCDate(), 3);
    assert.deepEqual(
      sub.items.data.map((i: { price: { product: { name: string }; billing_scheme: string } }) => [i.price.product.name, i.price.billing_scheme]),
      [
        ['Agency Desk platform', 'per_unit'],
        ['Text messages', 'tiered'],
        ['Call minutes', 'tiered'],
        ['Phone numbers', 'per_unit'],
      ],
    );
    assert.equal(sub.default_payment_method, null);
    assert.deepEqual((await call('GET', `${a}/plan-limits`, undefined, employee)).json(), { maxLocations: 3, maxServices: 2, maxPhoneNumbers: 5 });
  });

  it('lists the period in progress, then three closed months: two paid, the last open and never attempted', async () => {
    const list = await invoices();
    assert.deepEqual(
      list.map((i) => i.status),
      ['upcoming', 'open', 'paid', 'paid'],
    );
    const open = list[1]!;
    assert.equal(open.attempted, false);
    for (const inv of list) {
      const lines = inv.lines.data;
      assert.equal(
        inv.subtotal_excluding_tax,
        lines.reduce((sum, l) => sum + l.amount_excluding_tax, 0),
      );
      assert.equal(
        inv.tax,
        lines.reduce((sum, l) => sum + l.tax, 0),
      );
      assert.equal(inv.total, inv.subtotal_excluding_tax + inv.tax);
      // Platform 99.00, 1,000 texts 15.00, 1,000 minutes 25.00, and 1.50 for each of the 4 numbers.
      assert.equal(lines[0]!.amount_excluding_tax, 9900);
      assert.equal(lines[3]!.amount_excluding_tax, 600);
      assert.equal(lines[0]!.tax, 817); // 8.25% of 99.00 = 8.1675
    }
    assert.equal(open.due_date, open.period_end + 14 * 86400);
  });

  it('counts usage from the texts the agency really sent and received', async () => {
    const before = (await call('GET', `${a}/phone/usage?monthYear=thisMonth`)).json();
    assert.equal(before.committedMessages, 1000);
    assert.equal(before.committedMinutes, 1000);
    assert.equal(before.phoneNumbers, 4);
    const [room] = await s.db.query<{ id: string }>('select id from sms_rooms where account_id = $1 limit 1', [DEMO]);
    if (room) {
      await s.db.query(
        `insert into sms_messages (id, account_id, room_id, flow, by_number, to_number, message, status, carrier_sid)
         values (gen_random_uuid(), $1, $2, 'outgoing', '15125550001', '15125550199', 'Hi', 'delivered', 'SMtest1'),
                (gen_random_uuid(), $1, $2, 'outgoing', '15125550001', '15125550199', 'Not handed over', 'pending', null),
                (gen_random_uuid(), $1, $2, 'incoming', '15125550199', '15125550001', 'Hello', 'received', 'SMtest2')`,
        [DEMO, room.id],
      );
      const after = (await call('GET', `${a}/phone/usage`)).json();
      assert.equal(after.messages, before.messages + 2);
    }
    assert.equal((await call('GET', `${a}/phone/usage?monthYear=13/2026`)).statusCode, 400);
    const past = (await call('GET', `${a}/phone/usage?monthYear=01/2020`)).json();
    assert.deepEqual([past.monthYear, past.messages], ['01/2020', 0]);
  });

  it('counts the minutes of answered calls either way, each rounded up, and the calls recorded', async () => {
    const before = (await call('GET', `${a}/phone/usage?monthYear=thisMonth`)).json();
    const calls: Array<[string, string, number, boolean, string | null]> = [
      // direction, status, seconds, answered, recording status
      ['incoming', 'completed', 125, true, 'completed'], // 3 minutes, recorded
      ['outgoing', 'completed', 60, true, null], // 1 minute
      ['outgoing', 'completed', 30, true, 'deleted'], // 1 minute, recorded (deleted since)
      ['incoming', 'missed', 0, false, null], // never answered: nothing
    ];
    for (const [direction, status, seconds, answered, recording] of calls) {
      await s.db.query(
        `insert into calls (id, account_id, call_sid, format, status, direction, phone_number, call_duration, answered_at, recording_sid, recording_status)
         values (gen_random_uuid(), $1, 'CA' || replace(gen_random_uuid()::text, '-', ''), $2, $3, $4, '15125550199', $5, $6, $7, $8)`,
        [DEMO, direction === 'incoming' ? 'inbound' : 'outbound', status, direction, seconds, answered ? new Date() : null, recording && 'RE1', recording],
      );
    }
    const after = (await call('GET', `${a}/phone/usage?monthYear=thisMonth`)).json();
    assert.deepEqual([after.minutes - before.minutes, after.recordings - before.recordings], [5, 2]);
  });
});

describe('payment methods', () => {
  it('refuses a declined card with its reason and keeps nothing', async () => {
    const res = await addMethod(card('4000000000000002'));
    assert.deepEqual(res.json(), { status: 'requires_payment_method', paymentMethod: null, error: { message: 'Your card was declined.' } });
    assert.deepEqual((await call('GET', `${a}/payment-methods`)).json(), { data: [] });
    assert.equal(
      (await call('POST', `${a}/payment-methods/local/confirm`, { clientSecret: 'seti_x_secret_y', paymentMethod: card('4242424242424242') })).statusCode,
      404,
    );
  });

  it('adds a test card as the default, keeping only its brand, last four and expiry', async () => {
    const res = await addMethod(card('4242424242424242'));
    assert.equal(res.json().status, 'succeeded');
    assert.deepEqual(res.json().paymentMethod.card.last4, '4242');
    assert.equal(res.json().paymentMethod.isDefault, true);
    const bank = await addMethod({ type: 'us_bank_account', accountHolderName: 'Olivia Owens', routingNumber: '110000000', accountNumber: '000123456789' });
    assert.deepEqual(bank.json().paymentMethod.us_bank_account, { bank_name: 'STRIPE TEST BANK', last4: '6789' });
    const stored = JSON.stringify(await s.db.query('select * from billing_payment_methods'));
    assert.ok(!stored.includes('4242424242424242') && !stored.includes('000123456789'));
    const list = (await call('GET', `${a}/payment-methods`)).json().data;
    assert.deepEqual(
      list.map((m: { isDefault: boolean }) => m.isDefault),
      [true, false],
    );
    const [acc] = await s.db.query<{ pm: string }>('select stripe_payment_method_id as pm from accounts where id = $1', [DEMO]);
    assert.equal(acc!.pm, res.json().paymentMethod.id);
    assert.equal((await call('GET', `${a}/payment-method`)).json().id, acc!.pm);
  });

  it('pays the open invoice: a declined card is refused, a good one pays it once', async () => {
    const failing = (await addMethod(card('4000000000000341'))).json().paymentMethod;
    const good = (await call('GET', `${a}/payment-method`)).json();
    const open = (await invoices()).find((i) => i.status === 'open')!;
    const refused = await call('POST', `${a}/invoices/${open.id}/pay`, { paymentMethodId: failing.id });
    assert.deepEqual([refused.statusCode, refused.json().message], [402, 'Your card was declined.']);
    assert.equal((await call('POST', `${a}/invoices/${open.id}/pay`, {})).json().message, 'missing payment information');
    const key = { 'idempotency-key': 'pay-1' };
    const paid = await call('POST', `${a}/invoices/${open.id}/pay`, { paymentMethodId: good.id }, owner, key);
    assert.deepEqual([paid.statusCode, paid.json().status], [200, 'paid']);
    assert.equal((await call('POST', `${a}/invoices/${open.id}/pay`, { paymentMethodId: good.id }, owner, key)).json().status, 'paid');
    const charges = await s.db.query<{ status: string }>('select status from billing_charges where invoice_id = $1 order by created_at', [open.id]);
    assert.deepEqual(
      charges.map((c) => c.status),
      ['failed', 'succeeded'],
    );
    const audit = await s.db.query<{ action: string }>(
      `select action from audit_events where account_id = $1 and action in ('paymentMethodAdded', 'invoicePaid')`,
      [DEMO],
    );
    assert.deepEqual(audit.map((e) => e.action).sort(), ['invoicePaid', 'paymentMethodAdded', 'paymentMethodAdded', 'paymentMethodAdded']);
  });

  it('sets another default and deletes a method (the newest left takes over when the default goes)', async () => {
    const list = (await call('GET', `${a}/payment-methods`)).json().data as Array<{ id: string; isDefault: boolean; card: { last4: string } | null }>;
    const failing = list.find((m) => m.card?.last4 === '0341')!;
    const res = await call('PUT', `${a}/payment-methods/${failing.id}`);
    assert.equal(res.json().data[0].id, failing.id);
    const removed = await call('DELETE', `${a}/payment-methods/${failing.id}`);
    assert.equal(removed.json().data.length, 2);
    assert.equal(removed.json().data[0].isDefault, true);
    assert.equal((await call('DELETE', `${a}/payment-methods/${failing.id}`)).statusCode, 404);
  });

  it('is for owners and admins of the account', async () => {
    assert.equal((await call('GET', `${a}/invoices`, undefined, employee)).statusCode, 403);
    assert.equal((await call('GET', `${a}/payment-methods/init`, undefined, employee)).statusCode, 403);
    assert.equal((await call('GET', `${a}/invoices`, undefined, other)).statusCode, 403);
    const theirs = (await call('GET', `/accounts/${SECOND}/payment-methods`, undefined, other)).json();
    assert.deepEqual(theirs, { data: [] });
    const mine = (await call('GET', `${a}/payment-methods`)).json().data[0].id;
    assert.equal((await call('PUT', `/accounts/${SECOND}/payment-methods/${mine}`, undefined, other)).statusCode, 404);
    const open = (await call('GET', `/accounts/${SECOND}/invoices`, undefined, other)).json().data;
    assert.equal(open[0].status, 'upcoming');
  });
});

describe('the monthly close', () => {
  it('invoices each ended period once and charges the default method, retrying a decline every 3 days', async () => {
    assert.ok(isLocalBilling(s.app.deps.billing));
    const billing = s.app.deps.billing;
    const sub = (await call('GET', `${a}/subscription`)).json();
    const end = new Date(sub.current_period_end * 1000);
    const before = (await invoices()).length;
    await billing.runCycle(new Date(end.getTime() + 60_000));
    await billing.runCycle(new Date(end.getTime() + 120_000));
    const list = await invoices();
    assert.equal(list.length, before + 1);
    assert.equal(list[1]!.status, 'paid'); // the default card paid it

    // With a card whose charges fail: attempted, past due, retried 3 days later.
    const failing = (await addMethod(card('4000000000000341'))).json().paymentMethod;
    await call('PUT', `${a}/payment-methods/${failing.id}`);
    const next = new Date(end.getTime());
    next.setUTCMonth(next.getUTCMonth() + 1);
    await billing.runCycle(new Date(next.getTime() + 60_000));
    const declined = (await invoices())[1]!;
    assert.deepEqual([declined.status, declined.attempted], ['open', true]);
    assert.equal(declined.next_payment_attempt, Math.floor(next.getTime() / 1000) + 60 + 3 * 86400);
    const balance = (await call('GET', `${a}/balance`)).json();
    assert.equal(balance.pastDue, declined.total);
    assert.equal(balance.automaticPayment, true);
    assert.equal((await billing.runCycle(new Date((declined.next_payment_attempt! + 1) * 1000))).retried, 1);
    assert.equal((await invoices())[1]!.lines.data.length, 4);
    const [{ count }] = await s.db.query<{ count: number }>('select count(*)::int as count from billing_charges where invoice_id = $1', [declined.id]);
    assert.equal(count, 2);
  });
});

describe('plan limits', () => {
  it('refuses a location or a number beyond the plan, saying what it allows', async () => {
    const add = (name: string) => call('POST', `${a}/locations`, { name, timezone: 'America/Chicago' });
    assert.equal((await add('Georgetown')).statusCode, 201);
    const refused = await add('Pflugerville');
    assert.deepEqual([refused.statusCode, refused.json().message], [403, 'Plan allows 3 locations']);
    // A number enters an account only through the carrier: bought here.
    const [first, second] = (await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '737' })).json();
    const buy = (n: { phoneNumber: string }) => call('POST', `${a}/phones/purchase`, { phoneNumber: n.phoneNumber });
    assert.equal((await buy(first)).statusCode, 201);
    assert.deepEqual((await buy(second)).json().message, 'Plan allows 5 phone numbers');
  });
});

describe("Stripe's webhook", () => {
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'setup_intent.succeeded',
    data: { object: { customer: 'cus_1', payment_method: 'pm_1' } },
  });

  it('is taken only with a valid signature within 300 seconds', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    assert.equal((await verifyStripeWebhook(payload, header, secret)).type, 'setup_intent.succeeded');
    await assert.rejects(verifyStripeWebhook(payload, header, 'whsec_other'));
    await assert.rejects(verifyStripeWebhook(payload.replace('pm_1', 'pm_2'), header, secret));
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now - 301 });
    await assert.rejects(verifyStripeWebhook(payload, old, secret));
    await assert.rejects(verifyStripeWebhook(payload, undefined, secret));
  });

  it('is not served with the local provider', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    assert.equal(res.statusCode, 404);
  });
});
