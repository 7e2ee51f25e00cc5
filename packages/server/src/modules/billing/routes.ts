import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  accountParamsSchema,
  balanceOf,
  balanceSchema,
  errorSchema,
  invoiceListSchema,
  invoiceParamsSchema,
  invoiceSchema,
  localSetupConfirmSchema,
  payInvoiceSchema,
  billingPaymentMethodListSchema,
  paymentMethodParamsSchema,
  billingPaymentMethodSchema,
  planLimitsSchema,
  setupIntentSchema,
  setupResultSchema,
  subscriptionSchema,
  usageQuerySchema,
  usageSchema,
  type BillingPaymentMethod,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { HttpError, notFound } from '../../http/errors';
import { PaymentFailed } from '../../providers/billing/index';
import { isLocalBilling } from '../../providers/billing/create';
import { verifyStripeWebhook } from '../../providers/billing/stripe/index';
import { auditWho, recordAudit } from '../audit/trail';
import { planLimits } from './limits';
import { committed, countUsage, monthRange, toUsage } from './usage';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['billing'];
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** How a payment method is named in the audit trail and messages: "visa •••• 4242". */
export const methodLabel = (pm: Pick<BillingPaymentMethod, 'card' | 'us_bank_account'>) =>
  pm.card ? `${pm.card.brand} •••• ${pm.card.last4}` : `${pm.us_bank_account?.bank_name ?? 'bank account'} •••• ${pm.us_bank_account?.last4 ?? ''}`;

/**
 * Billing (spec 002 "Billing", section 7): the plan, invoices, payment methods and usage of an
 * account, through the provider BILLING chose. Owners and admins (and super) use them; who may was
 * not said, and these are the roles that see the Account menu.
 */
export async function billingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, billing } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { config: { roles: ADMIN_ROLES } };

  r.get(
    '/accounts/:accountId/subscription',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: subscriptionSchema.nullable(), ...errors } } },
    async (req) => billing.subscription(req.params.accountId),
  );

  r.get('/accounts/:accountId/plan-limits', { schema: { tags, params: accountParamsSchema, response: { 200: planLimitsSchema, ...errors } } }, async (req) =>
    planLimits(db, req.params.accountId),
  );

  r.get(
    '/accounts/:accountId/invoices',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: invoiceListSchema, ...errors } } },
    async (req) => ({ data: await billing.invoices(req.params.accountId) }),
  );

  r.get(
    '/accounts/:accountId/balance',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: balanceSchema, ...errors } } },
    async (req) => {
      const [invoices, subscription, methods] = await Promise.all([
        billing.invoices(req.params.accountId),
        billing.subscription(req.params.accountId),
        billing.paymentMethods(req.params.accountId),
      ]);
      return balanceOf(
        invoices,
        subscription,
        methods.some((m) => m.isDefault),
        nowSeconds(),
      );
    },
  );

  r.get(
    '/accounts/:accountId/payment-methods',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: billingPaymentMethodListSchema, ...errors } } },
    async (req) => ({ data: await billing.paymentMethods(req.params.accountId) }),
  );

  r.get(
    '/accounts/:accountId/payment-method',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: billingPaymentMethodSchema.nullable(), ...errors } } },
    async (req) => (await billing.paymentMethods(req.params.accountId)).find((m) => m.isDefault) ?? null,
  );

  r.get(
    '/accounts/:accountId/payment-methods/init',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: setupIntentSchema, ...errors } } },
    async (req) => billing.createSetupIntent(req.params.accountId),
  );

  r.post(
    '/accounts/:accountId/payment-methods/local/confirm',
    { ...admins, schema: { tags, params: accountParamsSchema, body: localSetupConfirmSchema, response: { 200: setupResultSchema, ...errors } } },
    async (req) => {
      if (!isLocalBilling(billing)) throw notFound('Payment methods are added through the payment provider');
      const result = await billing.confirmSetup(req.params.accountId, req.body);
      if (result.paymentMethod) {
        await recordAudit(db, { ...auditWho(req), accountId: req.params.accountId }, 'paymentMethodAdded', {
          type: 'account',
          id: req.params.accountId,
          label: methodLabel(result.paymentMethod),
        });
      }
      return result;
    },
  );

  r.put(
    '/accounts/:accountId/payment-methods/:paymentMethodId',
    { ...admins, schema: { tags, params: paymentMethodParamsSchema, response: { 200: billingPaymentMethodListSchema, ...errors } } },
    async (req) => {
      const { accountId, paymentMethodId } = req.params;
      await billing.setDefaultPaymentMethod(accountId, paymentMethodId);
      const methods = await billing.paymentMethods(accountId);
      const chosen = methods.find((m) => m.id === paymentMethodId);
      await recordAudit(db, { ...auditWho(req), accountId }, 'defaultPaymentMethodChanged', {
        type: 'account',
        id: accountId,
        label: chosen ? methodLabel(chosen) : paymentMethodId,
      });
      return { data: methods };
    },
  );

  r.delete(
    '/accounts/:accountId/payment-methods/:paymentMethodId',
    { ...admins, schema: { tags, params: paymentMethodParamsSchema, response: { 200: billingPaymentMethodListSchema, ...errors } } },
    async (req) => {
      const { accountId, paymentMethodId } = req.params;
      const gone = (await billing.paymentMethods(accountId)).find((m) => m.id === paymentMethodId);
      if (!gone) throw notFound('Payment method not found');
      await billing.detachPaymentMethod(accountId, paymentMethodId);
      await recordAudit(db, { ...auditWho(req), accountId }, 'paymentMethodRemoved', { type: 'account', id: accountId, label: methodLabel(gone) });
      return { data: await billing.paymentMethods(accountId) };
    },
  );

  r.post(
    '/accounts/:accountId/invoices/:invoiceId/pay',
    { ...admins, schema: { tags, params: invoiceParamsSchema, body: payInvoiceSchema, response: { 200: invoiceSchema, ...errors, 402: errorSchema } } },
    async (req) => {
      const { accountId, invoiceId } = req.params;
      // The browser names one attempt to pay (a retried request is the same payment).
      const header = req.headers['idempotency-key'];
      const key = typeof header === 'string' && header.length <= 100 ? header : randomUUID();
      try {
        const { invoice, replayed } = await billing.payInvoice(accountId, invoiceId, req.body.paymentMethodId, key);
        if (!replayed)
          await recordAudit(
            db,
            { ...auditWho(req), accountId },
            'invoicePaid',
            { type: 'account', id: accountId, label: invoiceId },
            `$${(invoice.total / 100).toFixed(2)}`,
          );
        return invoice;
      } catch (err) {
        if (err instanceof PaymentFailed) throw new HttpError(402, err.message);
        throw err;
      }
    },
  );

  r.get(
    '/accounts/:accountId/phone/usage',
    { ...admins, schema: { tags, params: accountParamsSchema, querystring: usageQuerySchema, response: { 200: usageSchema, ...errors } } },
    async (req) => {
      const { accountId } = req.params;
      const now = new Date();
      const range = await monthRange(db, accountId, req.query.monthYear);
      const [counts, subscription] = await Promise.all([countUsage(db, accountId, range.from, range.to), billing.subscription(accountId)]);
      const items = subscription?.items.data ?? [];
      return toUsage(counts, range.label, committed(items, 'minutes'), committed(items, 'messages'), now);
    },
  );
}

/**
 * Stripe's webhook (public, checked by its Stripe-Signature within 300 s): keeps the account's
 * default payment method in step when a card is added through Elements or changed at Stripe.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/billing/stripe/webhook', { schema: { tags, hide: true } }, async (req, reply) => {
    const secret = deps.config.stripeWebhookSecret;
    if (deps.config.billing !== 'stripe' || !secret) return reply.code(404).send({ message: 'Not found' });
    let event;
    try {
      event = await verifyStripeWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined, secret);
    } catch {
      return reply.code(400).send({ message: 'Invalid signature' });
    }
    const object = event.data.object as {
      customer?: string | null;
      payment_method?: string | null;
      invoice_settings?: { default_payment_method?: string | null };
    };
    if (event.type === 'setup_intent.succeeded' && object.customer && object.payment_method) {
      await deps.db.query('update accounts set stripe_payment_method_id = coalesce(stripe_payment_method_id, $2) where stripe_customer_id = $1', [
        object.customer,
        object.payment_method,
      ]);
    } else if (event.type === 'customer.updated' && object.invoice_settings) {
      await deps.db.query('update accounts set stripe_payment_method_id = $2 where stripe_customer_id = $1', [
        (object as { id?: string }).id,
        object.invoice_settings.default_payment_method ?? null,
      ]);
    }
    return { received: true };
  });
}
