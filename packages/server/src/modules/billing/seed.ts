import type { Db } from '../../db/index';
import { backdateSubscription, closeDuePeriods, ensureSubscription, newId } from '../../providers/billing/local/ledger';
import { cycleDate, periodEnd, periodStartAt } from '../../providers/billing/pricing';
import { countUsage } from './usage';

/**
 * The demo agency's billing history, written by the ledger itself: on its plan since four months
 * ago (cycle day 3), with room for its two offices and four numbers; its first two invoices were
 * paid by a card it has since removed, so the last one waits to be paid.
 */
export async function seedDemoBilling(db: Db, accountId: string, now = new Date()): Promise<void> {
  await ensureSubscription(db, accountId, now);
  await db.query('update billing_subscriptions set max_locations = 3, max_services = 2, max_phone_numbers = 5, tax_rate_bps = 825 where account_id = $1', [
    accountId,
  ]);
  const current = periodStartAt(now, 3);
  const anchor = cycleDate(current.getUTCFullYear(), current.getUTCMonth() - 3, 3);
  await backdateSubscription(db, accountId, anchor);
  // Its numbers have been with it from the start (they are billed each month).
  await db.query('update account_phones set created_at = $2 where account_id = $1 and created_at > $2', [accountId, anchor]);
  const card = newId('pm');
  await db.query(
    `insert into billing_payment_methods (id, account_id, type, brand, last4, exp_month, exp_year, created_at)
     values ($1, $2, 'card', 'visa', '4242', 12, $3, $4)`,
    [card, accountId, now.getUTCFullYear() + 2, anchor],
  );
  await db.query('update accounts set stripe_payment_method_id = $2 where id = $1', [accountId, card]);
  const secondEnd = periodEnd(periodEnd(anchor, 3), 3);
  await closeDuePeriods(db, accountId, new Date(secondEnd.getTime() + 3600_000), countUsage);
  await db.query('update billing_payment_methods set detached_at = $2 where id = $1', [card, new Date(secondEnd.getTime() + 86_400_000)]);
  await db.query('update accounts set stripe_payment_method_id = null where id = $1', [accountId]);
  await closeDuePeriods(db, accountId, now, countUsage);
}
