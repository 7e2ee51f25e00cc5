import type Stripe from 'stripe';
import type { Invoice, BillingPaymentMethod, Price, Subscription } from '@agency/contracts';
import type { Db } from '../../../db/index';
import { notFound } from '../../../http/errors';
import { PaymentFailed, type BillingProvider } from '../index';

/*
 * BILLING=stripe: the account is a Stripe customer (accounts.stripe_customer_id, created on first
 * use), its plan a Stripe subscription, its invoices and payment methods Stripe's. Every write sends
 * an idempotency key. The default payment method is kept in accounts.stripe_payment_method_id too
 * (the setup checklist reads it), in step through setDefaultPaymentMethod and the webhook.
 */

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
}

/** The SDK loads on first use, and only when BILLING=stripe. */
function lazyStripe(secretKey: string): () => Promise<Stripe> {
  let client: Promise<Stripe> | null = null;
  return () => (client ??= import('stripe').then((m) => new m.default(secretKey, { maxNetworkRetries: 2, telemetry: false })));
}

type Loose = Record<string, unknown>;

function toPaymentMethod(pm: Stripe.PaymentMethod, defaultId: string | null): BillingPaymentMethod {
  return {
    id: pm.id,
    type: pm.type === 'us_bank_account' ? 'us_bank_account' : 'card',
    isDefault: pm.id === defaultId,
    card: pm.card ? { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year } : null,
    us_bank_account: pm.us_bank_account ? { bank_name: pm.us_bank_account.bank_name ?? 'Bank account', last4: pm.us_bank_account.last4 ?? '' } : null,
  };
}

function toPrice(p: Stripe.Price): Price {
  const product = p.product as Stripe.Product | string;
  return {
    id: p.id,
    product: { name: typeof product === 'string' ? product : product.name },
    billing_scheme: p.billing_scheme === 'tiered' ? 'tiered' : 'per_unit',
    unit_amount_decimal: p.unit_amount_decimal === null ? null : String(p.unit_amount_decimal),
    tiers:
      p.tiers?.map((t) => ({
        up_to: t.up_to,
        unit_amount_decimal: t.unit_amount_decimal === null ? null : String(t.unit_amount_decimal),
        flat_amount: t.flat_amount,
      })) ?? null,
    recurring: { interval: 'month', usage_type: p.recurring?.usage_type === 'metered' ? 'metered' : 'licensed' },
    meter: (['messages', 'minutes', 'phoneNumbers'] as const).find((m) => p.metadata?.meter === m) ?? null,
  };
}

function toInvoice(i: Stripe.Invoice, upcoming = false): Invoice {
  const raw = i as unknown as Loose;
  const subscription = (raw.parent as { subscription_details?: { subscription?: string | { id: string } } } | null)?.subscription_details?.subscription;
  const tax = i.total - (i.total_excluding_tax ?? i.total);
  return {
    id: i.id ?? `upcoming_${i.customer as string}`,
    status: upcoming ? 'upcoming' : ((i.status ?? 'draft') as Invoice['status']),
    created: i.created,
    period_start: i.period_start,
    period_end: i.period_end,
    due_date: i.due_date,
    subtotal_excluding_tax: i.subtotal_excluding_tax ?? i.subtotal,
    tax,
    total: i.total,
    amount_due: i.amount_due,
    attempted: i.attempted,
    next_payment_attempt: i.next_payment_attempt,
    subscription: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    lines: {
      data: i.lines.data.map((l) => {
        const line = l as unknown as Loose & { pricing?: { unit_amount_decimal?: string | null; type?: string } };
        const taxes = ((line.taxes as Array<{ amount: number }> | undefined) ?? []).reduce((s, t) => s + t.amount, 0);
        return {
          id: l.id,
          description: l.description ?? '',
          quantity: l.quantity ?? 0,
          amount: l.amount + taxes,
          amount_excluding_tax: l.amount,
          tax: taxes,
          price: { unit_amount_decimal: line.pricing?.unit_amount_decimal ?? null, billing_scheme: 'per_unit' },
        };
      }),
    },
  };
}

export function createStripeBilling(db: Db, config: StripeConfig): BillingProvider {
  const stripe = lazyStripe(config.secretKey);

  async function customerOf(accountId: string): Promise<string> {
    const [row] = await db.query<{ name: string; customer: string | null }>('select name, stripe_customer_id as customer from accounts where id = $1', [
      accountId,
    ]);
    if (!row) throw notFound('Account not found');
    if (row.customer) return row.customer;
    const created = await (await stripe()).customers.create({ name: row.name, metadata: { accountId } }, { idempotencyKey: `customer:${accountId}` });
    await db.query('update accounts set stripe_customer_id = coalesce(stripe_customer_id, $2) where id = $1', [accountId, created.id]);
    return created.id;
  }

  async function defaultOf(accountId: string): Promise<string | null> {
    const [row] = await db.query<{ pm: string | null }>('select stripe_payment_method_id as pm from accounts where id = $1', [accountId]);
    return row?.pm ?? null;
  }

  async function ownMethod(accountId: string, id: string): Promise<Stripe.PaymentMethod> {
    const customer = await customerOf(accountId);
    const pm = await (await stripe()).paymentMethods.retrieve(id);
    if (pm.customer !== customer) throw notFound('Payment method not found');
    return pm;
  }

  return {
    kind: 'stripe',

    async subscription(accountId) {
      const customer = await customerOf(accountId);
      const s = await stripe();
      const list = await s.subscriptions.list({
        customer,
        status: 'all',
        limit: 1,
        expand: ['data.items.data.price.product', 'data.items.data.price.tiers', 'data.default_payment_method'],
      });
      const sub = list.data[0];
      if (!sub) return null;
      const first = sub.items.data[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
      const pm = sub.default_payment_method as Stripe.PaymentMethod | null;
      const def = await defaultOf(accountId);
      const result: Subscription = {
        id: sub.id,
        nickname: (sub as unknown as Loose).description as string | null,
        status: sub.status,
        collection_method: sub.collection_method === 'send_invoice' ? 'send_invoice' : 'charge_automatically',
        billing_cycle_anchor: sub.billing_cycle_anchor,
        current_period_start: first?.current_period_start ?? sub.start_date,
        current_period_end: first?.current_period_end ?? sub.start_date,
        default_payment_method: pm && typeof pm === 'object' ? toPaymentMethod(pm, def) : null,
        items: { data: sub.items.data.map((it) => ({ id: it.id, quantity: it.quantity ?? null, price: toPrice(it.price) })) },
      };
      return result;
    },

    async invoices(accountId) {
      const customer = await customerOf(accountId);
      const s = await stripe();
      const list = await s.invoices.list({ customer, limit: 100 });
      const out = list.data.map((i) => toInvoice(i));
      try {
        const preview = await s.invoices.createPreview({ customer });
        out.unshift(toInvoice(preview, true));
      } catch (err) {
        // A customer with no subscription has no upcoming invoice.
        if ((err as { code?: string }).code !== 'invoice_upcoming_none') throw err;
      }
      return out;
    },

    async paymentMethods(accountId) {
      const customer = await customerOf(accountId);
      const s = await stripe();
      const def = await defaultOf(accountId);
      const [cards, banks] = await Promise.all([
        s.paymentMethods.list({ customer, type: 'card', limit: 100 }),
        s.paymentMethods.list({ customer, type: 'us_bank_account', limit: 100 }),
      ]);
      return [...cards.data, ...banks.data].map((pm) => toPaymentMethod(pm, def)).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    async createSetupIntent(accountId) {
      const customer = await customerOf(accountId);
      const intent = await (await stripe()).setupIntents.create({ customer, usage: 'off_session' }, { idempotencyKey: `setup:${accountId}:${Date.now()}` });
      return { id: intent.id, client_secret: intent.client_secret ?? '', status: intent.status, provider: 'stripe', publishableKey: config.publishableKey };
    },

    async setDefaultPaymentMethod(accountId, paymentMethodId) {
      const customer = await customerOf(accountId);
      await ownMethod(accountId, paymentMethodId);
      await (
        await stripe()
      ).customers.update(
        customer,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey: `default:${accountId}:${paymentMethodId}:${Date.now()}` },
      );
      await db.query('update accounts set stripe_payment_method_id = $2 where id = $1', [accountId, paymentMethodId]);
    },

    async detachPaymentMethod(accountId, paymentMethodId) {
      await ownMethod(accountId, paymentMethodId);
      await (await stripe()).paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach:${paymentMethodId}` });
      await db.query('update accounts set stripe_payment_method_id = null where id = $1 and stripe_payment_method_id = $2', [accountId, paymentMethodId]);
    },

    async payInvoice(accountId, invoiceId, paymentMethodId, idempotencyKey) {
      const customer = await customerOf(accountId);
      const s = await stripe();
      const invoice = await s.invoices.retrieve(invoiceId);
      if (invoice.customer !== customer) throw notFound('Invoice not found');
      try {
        const paid = await s.invoices.pay(invoiceId, { payment_method: paymentMethodId }, { idempotencyKey: `pay:${idempotencyKey}` });
        return { invoice: toInvoice(paid), replayed: invoice.status === 'paid' };
      } catch (err) {
        const e = err as { type?: string; message?: string };
        if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') throw new PaymentFailed(e.message ?? 'Your card was declined.');
        throw err;
      }
    },
  };
}

/** The payment provider's webhook signature tolerance, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe webhook (the Stripe-Signature header over the raw body, within the tolerance) and
 * answers its event; throws when the signature is missing, wrong or too old.
 */
export async function verifyStripeWebhook(rawBody: string | Buffer, signature: string | undefined, secret: string, now?: number): Promise<Stripe.Event> {
  const { default: StripeSdk } = await import('stripe');
  return StripeSdk.webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
}
