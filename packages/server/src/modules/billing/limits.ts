import { DEFAULT_PLAN_LIMITS, planLimitMessage, type PlanLimits } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { forbidden } from '../../http/errors';

/** The account's plan limits (spec 002 section 6): its subscription's, or one of each. */
export async function planLimits(q: Queryable, accountId: string): Promise<PlanLimits> {
  const [row] = await q.query<{ max_locations: number; max_services: number; max_phone_numbers: number }>(
    'select max_locations, max_services, max_phone_numbers from billing_subscriptions where account_id = $1',
    [accountId],
  );
  return row ? { maxLocations: row.max_locations, maxServices: row.max_services, maxPhoneNumbers: row.max_phone_numbers } : DEFAULT_PLAN_LIMITS;
}

/**
 * Refuses adding one more location or phone number beyond the plan. Run inside the adding
 * transaction, after locking the account row, so two adds at once cannot both pass.
 */
export async function assertWithinPlan(q: Queryable, accountId: string, what: 'locations' | 'phoneNumbers'): Promise<void> {
  await q.query('select 1 from accounts where id = $1 for update', [accountId]);
  const limits = await planLimits(q, accountId);
  const table = what === 'locations' ? 'account_locations' : 'account_phones';
  const [{ count }] = await q.query<{ count: number }>(`select count(*)::int as count from ${table} where account_id = $1`, [accountId]);
  const max = what === 'locations' ? limits.maxLocations : limits.maxPhoneNumbers;
  if (count >= max) throw forbidden(planLimitMessage[what](max));
}
