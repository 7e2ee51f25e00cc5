import type { BillingPaymentMethod, Price, PriceTier } from '@agency/contracts';
import { formatCents } from '@agency/ui';

/** The kind of a price on the Plan card: monthly, usage or tiered usage. */
export function priceKind(price: Pick<Price, 'billing_scheme' | 'recurring'>): string {
  if (price.billing_scheme === 'tiered') return 'tiered usage';
  return price.recurring.usage_type === 'metered' ? 'usage' : 'monthly';
}

/** A price per unit that may hold fractions of a cent ("2.5" cents is $0.025). */
export function formatUnitAmount(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '-';
  const dollars = Number(decimal) / 100;
  const digits = Math.min(4, Math.max(2, (decimal.split('.')[1]?.length ?? 0) + 2));
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits });
}

const count = (n: number) => n.toLocaleString('en-US');

/** A tier's range: 1 to 1,000, then 1,001 and up (the last tier is open-ended). */
export function tierRange(tiers: PriceTier[], index: number): string {
  const from = index === 0 ? 1 : (tiers[index - 1]?.up_to ?? 0) + 1;
  const to = tiers[index]?.up_to;
  return to === null || to === undefined ? `${count(from)} and up` : `${count(from)} to ${count(to)}`;
}

/** What a tier costs: its flat amount per month (a committed bundle) and/or its price per unit. */
export function tierPrice(tier: PriceTier): string {
  const parts: string[] = [];
  if (tier.flat_amount) parts.push(`${formatCents(tier.flat_amount)} per month`);
  if (tier.unit_amount_decimal && Number(tier.unit_amount_decimal) > 0) parts.push(`${formatUnitAmount(tier.unit_amount_decimal)} per unit`);
  return parts.join(' + ') || formatCents(0);
}

/** A per-unit price: per month when licensed, per unit when metered. */
export function unitPrice(price: Pick<Price, 'unit_amount_decimal' | 'recurring'>): string {
  return price.recurring.usage_type === 'licensed'
    ? `${formatUnitAmount(price.unit_amount_decimal)} per month`
    : `${formatUnitAmount(price.unit_amount_decimal)} per unit`;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
export const brandName = (brand: string) => BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** "Visa •••• 4242" or "STRIPE TEST BANK •••• 6789". */
export function methodName(pm: BillingPaymentMethod): string {
  if (pm.card) return `${brandName(pm.card.brand)} •••• ${pm.card.last4}`;
  return `${pm.us_bank_account?.bank_name ?? 'Bank account'} •••• ${pm.us_bank_account?.last4 ?? ''}`;
}

/** Card expiry as MM/YY. */
export const expiry = (pm: BillingPaymentMethod) => (pm.card ? `${String(pm.card.exp_month).padStart(2, '0')}/${String(pm.card.exp_year).slice(-2)}` : '');

export const COLLECTION_METHODS: Record<string, string> = {
  charge_automatically: 'Charged automatically',
  send_invoice: 'Invoice sent for payment',
};

/** A status as a person says it: the known ones by name, any other with its words split and the first capitalised. */
function statusWords(labels: Record<string, string>, status: string): string {
  if (labels[status]) return labels[status];
  const words = status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const INVOICE_STATUSES: Record<string, string> = {
  paid: 'Paid',
  open: 'Open',
  pastDue: 'Past due',
  pending: 'Pending',
  upcoming: 'Upcoming',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

const SUBSCRIPTION_STATUSES: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** An invoice's shown status (spec's display status, or 'pending') in words: 'Past due', never `pastDue`. */
export const invoiceStatusLabel = (status: string) => statusWords(INVOICE_STATUSES, status);
/** A subscription's status in words: 'Past due', never `past_due`. */
export const subscriptionStatusLabel = (status: string) => statusWords(SUBSCRIPTION_STATUSES, status);
