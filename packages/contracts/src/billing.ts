import { z } from 'zod';

/*
 * Billing (spec 002 "Billing", section 3 Invoice / Subscription / Payment method, section 7).
 * The shapes are the payment provider's (amounts in cents, times in seconds), so the same screens
 * read the local ledger and Stripe alike. Lists arrive as `{ data: [...] }`.
 */

export const billingPaymentMethodSchema = z.object({
  id: z.string(),
  type: z.enum(['card', 'us_bank_account']),
  isDefault: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }).nullable(),
  us_bank_account: z.object({ bank_name: z.string(), last4: z.string() }).nullable(),
});
export type BillingPaymentMethod = z.infer<typeof billingPaymentMethodSchema>;

export const priceTierSchema = z.object({
  /** The last unit of the tier; null for the last, open-ended tier. */
  up_to: z.number().int().nullable(),
  /** Cents per unit, as a decimal string (may hold fractions of a cent). */
  unit_amount_decimal: z.string().nullable(),
  /** Cents for the tier as a whole (a committed bundle). */
  flat_amount: z.number().int().nullable(),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

export const priceSchema = z.object({
  id: z.string(),
  product: z.object({ name: z.string() }),
  billing_scheme: z.enum(['per_unit', 'tiered']),
  unit_amount_decimal: z.string().nullable(),
  tiers: z.array(priceTierSchema).nullable(),
  /** licensed: a fixed monthly price; metered: charged for what was used. */
  recurring: z.object({ interval: z.literal('month'), usage_type: z.enum(['licensed', 'metered']) }),
  /** What a metered price counts (the usage meters of the app). */
  meter: z.enum(['messages', 'minutes', 'phoneNumbers']).nullable(),
});
export type Price = z.infer<typeof priceSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  status: z.string(),
  collection_method: z.enum(['charge_automatically', 'send_invoice']),
  /** Seconds; its day of the month is the billing cycle day. */
  billing_cycle_anchor: z.number().int().nullable(),
  current_period_start: z.number().int(),
  current_period_end: z.number().int(),
  default_payment_method: billingPaymentMethodSchema.nullable(),
  items: z.object({ data: z.array(z.object({ id: z.string(), quantity: z.number().int().nullable(), price: priceSchema })) }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const invoiceLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  amount_excluding_tax: z.number().int(),
  tax: z.number().int(),
  price: z.object({ unit_amount_decimal: z.string().nullable(), billing_scheme: z.enum(['per_unit', 'tiered']) }),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** draft, open, paid, void, uncollectible; 'upcoming' is the period in progress (a preview, never payable). */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible', 'upcoming'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceSchema = z.object({
  id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  created: z.number().int(),
  period_start: z.number().int(),
  period_end: z.number().int(),
  due_date: z.number().int().nullable(),
  subtotal_excluding_tax: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  amount_due: z.number().int(),
  attempted: z.boolean(),
  next_payment_attempt: z.number().int().nullable(),
  subscription: z.string().nullable(),
  lines: z.object({ data: z.array(invoiceLineSchema) }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ data: z.array(invoiceSchema) });
export const billingPaymentMethodListSchema = z.object({ data: z.array(billingPaymentMethodSchema) });

/** The dashboard's Account Balance (spec 000): amounts in cents; times in seconds. */
export const balanceSchema = z.object({
  pastDue: z.number().int(),
  current: z.number().int(),
  upcoming: z.number().int(),
  nextPayment: z.number().int().nullable(),
  automaticPayment: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** GET /accounts/{id}/phone/usage?monthYear=MM/yyyy (or thisMonth). */
export const usageQuerySchema = z.object({
  monthYear: z
    .string()
    .regex(/^(thisMonth|(0[1-9]|1[0-2])\/\d{4})$/, 'monthYear is thisMonth or MM/yyyy')
    .default('thisMonth'),
});
export const usageSchema = z.object({
  /** When the figures were counted (ISO). */
  asOf: z.string(),
  monthYear: z.string(),
  minutes: z.number().int(),
  recordings: z.number().int(),
  messages: z.number().int(),
  phoneNumbers: z.number().int(),
  /** The plan's committed amounts (the first tier), 0 when the plan commits none. */
  committedMinutes: z.number().int(),
  committedMessages: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

/** GET /payment-methods/init: a setup intent; the browser confirms it with the provider. */
export const setupIntentSchema = z.object({
  id: z.string(),
  client_secret: z.string(),
  status: z.string(),
  /** Which form confirms it: the provider's Elements (stripe, with its publishable key) or ours. */
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type SetupIntent = z.infer<typeof setupIntentSchema>;

/** The local provider's confirmation of a setup intent: the card or account goes no further than this request. */
export const localSetupConfirmSchema = z.object({
  clientSecret: z.string().min(1),
  paymentMethod: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('card'),
      number: z.string().transform((s) => s.replace(/[\s-]/g, '')),
      expMonth: z.coerce.number().int(),
      expYear: z.coerce.number().int(),
      cvc: z.string(),
      postalCode: z.string().trim().max(10).optional(),
    }),
    z.object({
      type: z.literal('us_bank_account'),
      accountHolderName: z.string().trim().min(1, 'Account holder name is required').max(100),
      routingNumber: z.string().regex(/^\d{9}$/, 'Routing number must be 9 digits'),
      accountNumber: z.string().regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits'),
    }),
  ]),
});
export type LocalSetupConfirm = z.input<typeof localSetupConfirmSchema>;
export type LocalSetupConfirmed = z.output<typeof localSetupConfirmSchema>;
/** The setup intent after confirmation: only "succeeded" adds the method. */
export const setupResultSchema = z.object({
  status: z.string(),
  paymentMethod: billingPaymentMethodSchema.nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
export type SetupResult = z.infer<typeof setupResultSchema>;

export const payInvoiceSchema = z.object({ paymentMethodId: z.string({ error: 'missing payment information' }).min(1, 'missing payment information') });
export const invoiceParamsSchema = z.object({ accountId: z.string().uuid(), invoiceId: z.string().min(1) });
export const paymentMethodParamsSchema = z.object({ accountId: z.string().uuid(), paymentMethodId: z.string().min(1) });

/** The plan's limits (spec 002 section 6): default 1 of each. */
export const planLimitsSchema = z.object({ maxLocations: z.number().int(), maxServices: z.number().int(), maxPhoneNumbers: z.number().int() });
export type PlanLimits = z.infer<typeof planLimitsSchema>;
export const DEFAULT_PLAN_LIMITS: PlanLimits = { maxLocations: 1, maxServices: 1, maxPhoneNumbers: 1 };
export const planLimitMessage = {
  locations: (n: number) => `Plan allows ${n} location${n === 1 ? '' : 's'}`,
  services: (n: number) => `Plan allows ${n} campaign${n === 1 ? '' : 's'}`,
  phoneNumbers: (n: number) => `Plan allows ${n} phone number${n === 1 ? '' : 's'}`,
};

/** The spec's billing messages (section 8), word for word. */
export const BILLING_MESSAGES = {
  payFailed: 'Unable to make payment.  Try again later',
  missingPaymentInfo: 'missing payment information',
  missingPaymentMethod: 'Missing Payment Method. Please enter and/or select default payment method',
  unknownError: 'unknown error',
  editComingSoon: 'Editing a payment method is coming soon. To change one, add the new card or account and delete the old one.',
};

/**
 * How an invoice is shown (spec 002 section 4): paid stays paid; open is 'pastDue' once its due
 * date has passed or when it is a subscription invoice already attempted; else its own status.
 */
export type InvoiceDisplayStatus = InvoiceStatus | 'pastDue';
export function invoiceDisplayStatus(inv: Pick<Invoice, 'status' | 'due_date' | 'subscription' | 'attempted'>, nowSeconds: number): InvoiceDisplayStatus {
  if (inv.status !== 'open') return inv.status;
  if ((inv.due_date !== null && inv.due_date < nowSeconds) || (inv.subscription && inv.attempted)) return 'pastDue';
  return 'open';
}

/** The billing cycle day as an ordinal: 1st, 2nd, 3rd, 4th... 11th to 13th take th; '?' when unknown. */
export function ordinal(day: number | null | undefined): string {
  if (!day || !Number.isInteger(day) || day < 1) return '?';
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** The dashboard's Account Balance, from the invoices (the upcoming one first) and the subscription. */
export function balanceOf(
  invoices: Invoice[],
  subscription: Pick<Subscription, 'collection_method'> | null,
  hasDefaultMethod: boolean,
  nowSeconds: number,
): Balance {
  let pastDue = 0;
  let current = 0;
  let upcoming = 0;
  let nextPayment: number | null = null;
  for (const inv of invoices) {
    const shown = invoiceDisplayStatus(inv, nowSeconds);
    if (shown === 'upcoming') upcoming += inv.amount_due;
    else if (shown === 'pastDue') pastDue += inv.amount_due;
    else if (shown === 'open') current += inv.amount_due;
    if ((shown === 'upcoming' || shown === 'open' || shown === 'pastDue') && inv.next_payment_attempt) {
      nextPayment = nextPayment === null ? inv.next_payment_attempt : Math.min(nextPayment, inv.next_payment_attempt);
    }
  }
  return { pastDue, current, upcoming, nextPayment, automaticPayment: subscription?.collection_method === 'charge_automatically' && hasDefaultMethod };
}
