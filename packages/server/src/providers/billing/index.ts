import type { Invoice, BillingPaymentMethod, SetupIntent, Subscription } from '@agency/contracts';

/*
 * The payment provider behind billing, chosen by BILLING:
 * - local (default): a ledger in our own database (local/): a plan with metered prices, monthly
 *   invoices closed by a job from the texts and calls the app handled, and a card form that takes
 *   the well-known test numbers. Nothing leaves the machine.
 * - stripe: the official `stripe` SDK (stripe/) with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 *   STRIPE_WEBHOOK_SECRET; every write carries an idempotency key.
 * Both answer in Stripe's shapes (cents, seconds), so the routes and screens are one.
 */
export type BillingKind = 'local' | 'stripe';

export interface BillingProvider {
  readonly kind: BillingKind;
  /** The account's subscription, or null when it has none. */
  subscription(accountId: string): Promise<Subscription | null>;
  /** The period in progress first (status 'upcoming'), then the invoices, newest first. */
  invoices(accountId: string): Promise<Invoice[]>;
  /** Cards and bank accounts, default first. */
  paymentMethods(accountId: string): Promise<BillingPaymentMethod[]>;
  /** A setup intent the browser confirms (the provider's Elements, or the local card form). */
  createSetupIntent(accountId: string): Promise<SetupIntent>;
  setDefaultPaymentMethod(accountId: string, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(accountId: string, paymentMethodId: string): Promise<void>;
  /**
   * Pays an open invoice with a payment method. A refused payment throws PaymentFailed with the
   * provider's reason; `idempotencyKey` makes a repeated request one payment (`replayed` when this
   * request paid nothing new).
   */
  payInvoice(accountId: string, invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<{ invoice: Invoice; replayed: boolean }>;
}

/** The provider refused a payment or a payment method (a decline): the person can try another. */
export class PaymentFailed extends Error {}
