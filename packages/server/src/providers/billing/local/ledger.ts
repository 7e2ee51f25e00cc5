import { createHash, randomBytes } from 'node:crypto';
import type { Invoice, InvoiceLine, BillingPaymentMethod, Price, Subscription } from '@agency/contracts';
import type { Db, Queryable } from '../../../db/index';
import { notFound } from '../../../http/errors';
import { PaymentFailed } from '../index';
import { addDays, periodEnd, periodStartAt, priceAmount, seconds, taxOf } from '../pricing';
import { LOCAL_PLAN } from './plan';

/*
 * The local ledger: one subscription per account, monthly periods from its anchor day, an invoice
 * per closed period (its usage counted then), and every collection attempt kept as a charge.
 */

/** What a period used, by meter. */
export interface MeterCounts {
  messages: number;
  minutes: number;
  /** Calls recorded (shown with the usage; not billed by a meter). */
  recordings?: number;
  phoneNumbers: number;
}
export type CountUsage = (q: Queryable, accountId: string, from: Date, to: Date) => Promise<MeterCounts>;

/** Days an invoice may stay open before it is past due; days between automatic attempts; attempts in all. */
export const DUE_DAYS = 14;
export const RETRY_DAYS = 3;
export const MAX_ATTEMPTS = 4;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

interface SubscriptionRow {
  account_id: string;
  id: string;
  nickname: string | null;
  status: string;
  collection_method: 'charge_automatically' | 'send_invoice';
  billing_cycle_anchor: Date | string;
  current_period_start: Date | string;
  items: Subscription['items']['data'];
  tax_rate_bps: number;
}

interface MethodRow {
  id: string;
  type: 'card' | 'us_bank_account';
  brand: string | null;
  bank_name: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  charge_decline: string | null;
  is_default: boolean;
}

interface InvoiceRow {
  id: string;
  subscription_id: string | null;
  status: Invoice['status'];
  period_start: Date | string;
  period_end: Date | string;
  due_date: Date | string | null;
  subtotal: number;
  tax: number;
  total: number;
  attempt_count: number;
  next_payment_attempt: Date | string | null;
  created_at: Date | string;
}

interface LineRow {
  id: string;
  invoice_id: string;
  description: string;
  quantity: number;
  amount: number;
  tax: number;
  unit_amount_decimal: string | null;
  billing_scheme: 'per_unit' | 'tiered';
}

const anchorDay = (s: SubscriptionRow) => new Date(s.billing_cycle_anchor).getUTCDate();

export function toPaymentMethod(r: MethodRow): BillingPaymentMethod {
  return {
    id: r.id,
    type: r.type,
    isDefault: r.is_default,
    card: r.type === 'card' ? { brand: r.brand ?? 'card', last4: r.last4, exp_month: r.exp_month ?? 0, exp_year: r.exp_year ?? 0 } : null,
    us_bank_account: r.type === 'us_bank_account' ? { bank_name: r.bank_name ?? 'Bank account', last4: r.last4 } : null,
  };
}

const METHOD_SELECT = `select m.*, (a.stripe_payment_method_id = m.id) as is_default
  from billing_payment_methods m join accounts a on a.id = m.account_id`;

export async function listMethods(q: Queryable, accountId: string): Promise<MethodRow[]> {
  return q.query<MethodRow>(`${METHOD_SELECT} where m.account_id = $1 and m.detached_at is null order by is_default desc, m.created_at desc`, [accountId]);
}

export async function methodOf(q: Queryable, accountId: string, id: string): Promise<MethodRow> {
  const [row] = await q.query<MethodRow>(`${METHOD_SELECT} where m.account_id = $1 and m.id = $2 and m.detached_at is null`, [accountId, id]);
  if (!row) throw notFound('Payment method not found');
  return row;
}

/** The account's subscription, created on the local plan (anchored today) the first time it is asked for. */
export async function ensureSubscription(q: Queryable, accountId: string, now: Date): Promise<SubscriptionRow> {
  const anchor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await q.query(
    `insert into billing_subscriptions (account_id, id, nickname, billing_cycle_anchor, current_period_start, items)
     values ($1, $2, $3, $4, $4, $5) on conflict (account_id) do nothing`,
    [accountId, newId('sub'), LOCAL_PLAN.nickname, anchor, JSON.stringify(LOCAL_PLAN.items)],
  );
  const [row] = await q.query<SubscriptionRow>('select * from billing_subscriptions where account_id = $1', [accountId]);
  return row!;
}

/** The lines of a period: each price at what the period used (licensed prices at their quantity). */
export async function periodLines(q: Queryable, s: SubscriptionRow, from: Date, to: Date, countUsage: CountUsage) {
  const used = await countUsage(q, s.account_id, from, to);
  return s.items.map((item) => {
    const price: Price = item.price;
    const quantity = price.recurring.usage_type === 'licensed' ? (item.quantity ?? 1) : price.meter ? used[price.meter] : 0;
    const amount = priceAmount(price, quantity);
    return {
      description: price.recurring.usage_type === 'licensed' ? `${quantity} × ${price.product.name}` : `${price.product.name} (${quantity} used)`,
      quantity,
      amount,
      tax: taxOf(amount, s.tax_rate_bps),
      unit_amount_decimal: price.unit_amount_decimal,
      billing_scheme: price.billing_scheme,
    };
  });
}

/**
 * Closes every period of the account that has ended by `now`: one invoice each (a period already
 * invoiced is skipped), then an automatic attempt with the default payment method. Answers the new
 * invoices' ids.
 */
export async function closeDuePeriods(db: Db, accountId: string, now: Date, countUsage: CountUsage): Promise<string[]> {
  const created: string[] = [];
  for (;;) {
    const id = await db.tx(async (q) => {
      const [s] = await q.query<SubscriptionRow>('select * from billing_subscriptions where account_id = $1 for update', [accountId]);
      if (!s) return null;
      const start = new Date(s.current_period_start);
      const end = periodEnd(start, anchorDay(s));
      if (end.getTime() > now.getTime()) return null;
      const lines = await periodLines(q, s, start, end, countUsage);
      const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
      const tax = lines.reduce((sum, l) => sum + l.tax, 0);
      const invoiceId = newId('in');
      const inserted = await q.query(
        `insert into billing_invoices (id, account_id, subscription_id, status, period_start, period_end, due_date, subtotal, tax, total, created_at)
         values ($1, $2, $3, 'open', $4, $5, $6, $7, $8, $9, $5) on conflict (account_id, period_start) do nothing returning id`,
        [invoiceId, accountId, s.id, start, end, addDays(end, DUE_DAYS), subtotal, tax, subtotal + tax],
      );
      if (inserted.length) {
        for (const [i, l] of lines.entries()) {
          await q.query(
            `insert into billing_invoice_lines (id, invoice_id, position, description, quantity, amount, tax, unit_amount_decimal, billing_scheme)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [newId('il'), invoiceId, i, l.description, l.quantity, l.amount, l.tax, l.unit_amount_decimal, l.billing_scheme],
          );
        }
      }
      await q.query('update billing_subscriptions set current_period_start = $2 where account_id = $1', [accountId, end]);
      return inserted.length ? { id: invoiceId, auto: s.collection_method === 'charge_automatically' } : { id: null, auto: false };
    });
    if (id === null) break;
    if (id.id) {
      created.push(id.id);
      if (id.auto) await attemptWithDefault(db, accountId, id.id, now);
    }
  }
  return created;
}

/** An automatic attempt: the default payment method, if there is one (else the invoice waits for Pay). */
export async function attemptWithDefault(db: Db, accountId: string, invoiceId: string, now: Date): Promise<void> {
  const [acc] = await db.query<{ pm: string | null; attempts: number }>(
    'select a.stripe_payment_method_id as pm, i.attempt_count as attempts from accounts a join billing_invoices i on i.account_id = a.id where a.id = $1 and i.id = $2',
    [accountId, invoiceId],
  );
  if (!acc?.pm) return;
  try {
    // Keyed by the attempt's number: two processes closing the same period charge once.
    await chargeInvoice(db, accountId, invoiceId, acc.pm, `auto:${invoiceId}:${acc.attempts + 1}`, now, true);
  } catch (err) {
    if (!(err instanceof PaymentFailed)) throw err;
  }
}

/**
 * One collection attempt, kept as a charge. A decline leaves the invoice open, counts the attempt
 * and (for automatic attempts) sets the next one; success marks it paid. The same key is one charge.
 */
export async function chargeInvoice(
  db: Db,
  accountId: string,
  invoiceId: string,
  methodId: string,
  key: string,
  now: Date,
  automatic = false,
): Promise<{ replayed: boolean }> {
  let replayed = false;
  const failure = await db.tx(async (q) => {
    const [inv] = await q.query<InvoiceRow>('select * from billing_invoices where account_id = $1 and id = $2 for update', [accountId, invoiceId]);
    if (!inv) throw notFound('Invoice not found');
    const [done] = await q.query<{ status: string; failure_message: string | null }>(
      'select status, failure_message from billing_charges where account_id = $1 and idempotency_key = $2',
      [accountId, key],
    );
    replayed = !!done || inv.status === 'paid';
    if (done) return done.status === 'failed' ? (done.failure_message ?? 'Your card was declined.') : null;
    if (inv.status === 'paid') return null;
    if (inv.status !== 'open') throw new PaymentFailed(`This invoice is ${inv.status} and cannot be paid.`);
    const method = await methodOf(q, accountId, methodId);
    const declined = method.charge_decline;
    await q.query(
      `insert into billing_charges (id, account_id, invoice_id, payment_method_id, amount, status, failure_message, idempotency_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [newId('ch'), accountId, invoiceId, methodId, inv.total, declined ? 'failed' : 'succeeded', declined, key, now],
    );
    if (declined) {
      const attempts = inv.attempt_count + 1;
      const next = automatic && attempts < MAX_ATTEMPTS ? addDays(now, RETRY_DAYS) : automatic ? null : inv.next_payment_attempt;
      await q.query('update billing_invoices set attempt_count = $2, next_payment_attempt = $3 where id = $1', [invoiceId, attempts, next]);
      return declined;
    }
    await q.query(`update billing_invoices set status = 'paid', paid_at = $2, attempt_count = attempt_count + 1, next_payment_attempt = null where id = $1`, [
      invoiceId,
      now,
    ]);
    return null;
  });
  if (failure) throw new PaymentFailed(failure);
  return { replayed };
}

/** Automatic attempts that are due (declined before, retried every few days). */
export async function retryDue(db: Db, now: Date): Promise<number> {
  const due = await db.query<{ id: string; account_id: string }>(
    `select id, account_id from billing_invoices where status = 'open' and next_payment_attempt <= $1 order by next_payment_attempt`,
    [now],
  );
  for (const inv of due) await attemptWithDefault(db, inv.account_id, inv.id, now);
  return due.length;
}

async function linesOf(q: Queryable, ids: string[]): Promise<Map<string, InvoiceLine[]>> {
  const map = new Map<string, InvoiceLine[]>();
  if (!ids.length) return map;
  const rows = await q.query<LineRow>('select * from billing_invoice_lines where invoice_id = any($1) order by invoice_id, position', [ids]);
  for (const r of rows) {
    const list = map.get(r.invoice_id) ?? [];
    list.push({
      id: r.id,
      description: r.description,
      quantity: r.quantity,
      amount: r.amount + r.tax,
      amount_excluding_tax: r.amount,
      tax: r.tax,
      price: { unit_amount_decimal: r.unit_amount_decimal, billing_scheme: r.billing_scheme },
    });
    map.set(r.invoice_id, list);
  }
  return map;
}

const toInvoice = (r: InvoiceRow, lines: InvoiceLine[]): Invoice => ({
  id: r.id,
  status: r.status,
  created: seconds(r.created_at),
  period_start: seconds(r.period_start),
  period_end: seconds(r.period_end),
  due_date: r.due_date ? seconds(r.due_date) : null,
  subtotal_excluding_tax: r.subtotal,
  tax: r.tax,
  total: r.total,
  amount_due: r.status === 'open' ? r.total : 0,
  attempted: r.attempt_count > 0,
  next_payment_attempt: r.next_payment_attempt && r.status === 'open' ? seconds(r.next_payment_attempt) : null,
  subscription: r.subscription_id,
  lines: { data: lines },
});

export async function invoiceOf(q: Queryable, accountId: string, id: string): Promise<Invoice> {
  const [row] = await q.query<InvoiceRow>('select * from billing_invoices where account_id = $1 and id = $2', [accountId, id]);
  if (!row) throw notFound('Invoice not found');
  return toInvoice(row, (await linesOf(q, [id])).get(id) ?? []);
}

/** The period in progress, priced at what it has used so far. */
export async function upcomingInvoice(q: Queryable, s: SubscriptionRow, now: Date, countUsage: CountUsage): Promise<Invoice> {
  const start = new Date(s.current_period_start);
  const end = periodEnd(start, anchorDay(s));
  const lines = await periodLines(q, s, start, now.getTime() < end.getTime() ? now : end, countUsage);
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = lines.reduce((sum, l) => sum + l.tax, 0);
  return {
    id: `upcoming_${s.id}`,
    status: 'upcoming',
    created: seconds(end),
    period_start: seconds(start),
    period_end: seconds(end),
    due_date: null,
    subtotal_excluding_tax: subtotal,
    tax,
    total: subtotal + tax,
    amount_due: subtotal + tax,
    attempted: false,
    next_payment_attempt: s.collection_method === 'charge_automatically' ? seconds(end) : null,
    subscription: s.id,
    lines: {
      data: lines.map((l, i) => ({
        id: `upcoming_line_${i}`,
        description: l.description,
        quantity: l.quantity,
        amount: l.amount + l.tax,
        amount_excluding_tax: l.amount,
        tax: l.tax,
        price: { unit_amount_decimal: l.unit_amount_decimal, billing_scheme: l.billing_scheme },
      })),
    },
  };
}

export async function listInvoices(q: Queryable, accountId: string): Promise<Invoice[]> {
  const rows = await q.query<InvoiceRow>('select * from billing_invoices where account_id = $1 order by period_start desc limit 120', [accountId]);
  const lines = await linesOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toInvoice(r, lines.get(r.id) ?? []));
}

export function toSubscription(s: SubscriptionRow, methods: MethodRow[]): Subscription {
  const start = new Date(s.current_period_start);
  const def = methods.find((m) => m.is_default);
  return {
    id: s.id,
    nickname: s.nickname,
    status: s.status,
    collection_method: s.collection_method,
    billing_cycle_anchor: seconds(s.billing_cycle_anchor),
    current_period_start: seconds(start),
    current_period_end: seconds(periodEnd(start, anchorDay(s))),
    default_payment_method: def ? toPaymentMethod(def) : null,
    items: { data: s.items },
  };
}

/** Moves a subscription's anchor back (the demo agency's history): its first period starts then. */
export async function backdateSubscription(q: Queryable, accountId: string, anchor: Date): Promise<void> {
  await q.query('update billing_subscriptions set billing_cycle_anchor = $2, current_period_start = $3 where account_id = $1', [
    accountId,
    anchor,
    periodStartAt(anchor, anchor.getUTCDate()),
  ]);
}

export type { SubscriptionRow, MethodRow };
