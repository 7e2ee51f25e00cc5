import { randomBytes } from 'node:crypto';
import type { LocalSetupConfirmed, BillingPaymentMethod, SetupResult } from '@agency/contracts';
import type { Db } from '../../../db/index';
import { badRequest, notFound } from '../../../http/errors';
import { PaymentFailed, type BillingProvider } from '../index';
import {
  chargeInvoice,
  closeDuePeriods,
  ensureSubscription,
  hashSecret,
  invoiceOf,
  listInvoices,
  listMethods,
  methodOf,
  newId,
  retryDue,
  toPaymentMethod,
  toSubscription,
  upcomingInvoice,
  type CountUsage,
} from './ledger';
import { CARD_MESSAGES, checkCard, TEST_BANK } from './testCards';

export interface LocalBilling extends BillingProvider {
  readonly kind: 'local';
  /** Confirms a setup intent with a card or bank account typed into the local form. */
  confirmSetup(accountId: string, body: LocalSetupConfirmed): Promise<SetupResult>;
  /** Closes ended periods of every account and retries declined invoices that are due. */
  runCycle(now?: Date): Promise<{ invoiced: number; retried: number }>;
}

export function createLocalBilling(db: Db, countUsage: CountUsage, clock: () => Date = () => new Date()): LocalBilling {
  return {
    kind: 'local',

    async subscription(accountId) {
      const s = await ensureSubscription(db, accountId, clock());
      return toSubscription(s, await listMethods(db, accountId));
    },

    async invoices(accountId) {
      const now = clock();
      const s = await ensureSubscription(db, accountId, now);
      return [await upcomingInvoice(db, s, now, countUsage), ...(await listInvoices(db, accountId))];
    },

    async paymentMethods(accountId) {
      return (await listMethods(db, accountId)).map(toPaymentMethod);
    },

    async createSetupIntent(accountId) {
      const id = newId('seti');
      const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
      await db.query('insert into billing_setup_intents (id, account_id, client_secret_hash) values ($1, $2, $3)', [id, accountId, hashSecret(clientSecret)]);
      return { id, client_secret: clientSecret, status: 'requires_payment_method', provider: 'local', publishableKey: null };
    },

    async confirmSetup(accountId, body) {
      const now = clock();
      const [intent] = await db.query<{ id: string; status: string }>(
        'select id, status from billing_setup_intents where account_id = $1 and client_secret_hash = $2',
        [accountId, hashSecret(body.clientSecret)],
      );
      if (!intent) throw notFound('Setup intent not found');
      if (intent.status === 'succeeded') throw badRequest('This setup intent has already been confirmed.');
      const pm = body.paymentMethod;
      let row: {
        type: BillingPaymentMethod['type'];
        brand: string | null;
        bank: string | null;
        last4: string;
        month: number | null;
        year: number | null;
        decline: string | null;
      };
      if (pm.type === 'card') {
        const checked = checkCard(pm, now);
        if ('error' in checked) return { status: 'requires_payment_method', paymentMethod: null, error: { message: checked.error } };
        const year = pm.expYear < 100 ? 2000 + pm.expYear : pm.expYear;
        row = {
          type: 'card',
          brand: checked.card.brand,
          bank: null,
          last4: pm.number.slice(-4),
          month: pm.expMonth,
          year,
          decline: checked.card.chargeDecline ?? null,
        };
      } else {
        if (pm.routingNumber !== TEST_BANK.routingNumber)
          return { status: 'requires_payment_method', paymentMethod: null, error: { message: CARD_MESSAGES.badRouting } };
        const decline = pm.accountNumber === TEST_BANK.failingAccount ? 'The bank account has insufficient funds.' : null;
        row = { type: 'us_bank_account', brand: null, bank: TEST_BANK.bankName, last4: pm.accountNumber.slice(-4), month: null, year: null, decline };
      }
      const methodId = newId('pm');
      await db.tx(async (q) => {
        await q.query(
          `insert into billing_payment_methods (id, account_id, type, brand, bank_name, last4, exp_month, exp_year, charge_decline)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [methodId, accountId, row.type, row.brand, row.bank, row.last4, row.month, row.year, row.decline],
        );
        await q.query(`update billing_setup_intents set status = 'succeeded', payment_method_id = $2 where id = $1`, [intent.id, methodId]);
        // The first method becomes the default (what invoices are charged to).
        await q.query('update accounts set stripe_payment_method_id = $2 where id = $1 and stripe_payment_method_id is null', [accountId, methodId]);
      });
      return { status: 'succeeded', paymentMethod: toPaymentMethod(await methodOf(db, accountId, methodId)), error: null };
    },

    async setDefaultPaymentMethod(accountId, paymentMethodId) {
      await methodOf(db, accountId, paymentMethodId);
      await db.query('update accounts set stripe_payment_method_id = $2 where id = $1', [accountId, paymentMethodId]);
    },

    async detachPaymentMethod(accountId, paymentMethodId) {
      await db.tx(async (q) => {
        await methodOf(q, accountId, paymentMethodId);
        await q.query('update billing_payment_methods set detached_at = now() where id = $1', [paymentMethodId]);
        // The newest remaining method takes over as default, if the default went.
        await q.query(
          `update accounts set stripe_payment_method_id = (
             select id from billing_payment_methods where account_id = $1 and detached_at is null order by created_at desc limit 1)
           where id = $1 and stripe_payment_method_id = $2`,
          [accountId, paymentMethodId],
        );
      });
    },

    async payInvoice(accountId, invoiceId, paymentMethodId, idempotencyKey) {
      const { replayed } = await chargeInvoice(db, accountId, invoiceId, paymentMethodId, `pay:${idempotencyKey}`, clock());
      return { invoice: await invoiceOf(db, accountId, invoiceId), replayed };
    },

    async runCycle(now = clock()) {
      // Every account is on a plan: one opened before billing existed gets its subscription now.
      const accounts = await db.query<{ id: string }>('select id from accounts where id not in (select account_id from billing_subscriptions)');
      for (const a of accounts) await ensureSubscription(db, a.id, now);
      let invoiced = 0;
      const subs = await db.query<{ account_id: string }>('select account_id from billing_subscriptions where status = $1', ['active']);
      for (const s of subs) invoiced += (await closeDuePeriods(db, s.account_id, now, countUsage)).length;
      const retried = await retryDue(db, now);
      return { invoiced, retried };
    },
  };
}

export { PaymentFailed };
