import type { PaymentMethod } from '@agency/contracts';

const TYPE_LABELS: Record<string, string> = { checking: 'Checking', savings: 'Savings', 'credit card': 'Credit Card', 'debit card': 'Debit Card' };
export const paymentTypeLabel = (t: string) => TYPE_LABELS[t] ?? t;

/** 'Checking ****1234 (Jane Doe)'. */
export const paymentLabel = (p: Pick<PaymentMethod, 'type' | 'account' | 'name'>) =>
  [paymentTypeLabel(p.type), p.account, p.name ? `(${p.name})` : null].filter(Boolean).join(' ');

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** MM/yyyy from its parts, or null while one is missing. */
export const joinExpiry = (month?: string | null, year?: number | string | null) => (month && year ? `${month}/${year}` : null);
export function splitExpiry(exp: string | null | undefined): { expMonth?: string; expYear?: number } {
  const m = /^(\d{2})\/(\d{4})$/.exec(exp ?? '');
  return m ? { expMonth: m[1], expYear: Number(m[2]) } : {};
}
