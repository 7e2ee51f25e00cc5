import { useLiveQuery } from '@agency/ui';
import type { ReviewTotals } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';

/** The account's review totals; null while loading or when the call failed (shown as '-'). */
export function useReviewTotals(version = 0): ReviewTotals | null {
  const totals = useLiveQuery<ReviewTotals>(() => reviewsApi.totals(), null, version);
  return totals.error ? null : (totals.data ?? null);
}
