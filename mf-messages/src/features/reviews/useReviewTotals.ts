import { useEffect, useState } from 'react';
import type { ReviewTotals } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';

/** The account's review totals; null while loading or when the call failed (shown as '-'). */
export function useReviewTotals(version = 0): ReviewTotals | null {
  const [totals, setTotals] = useState<ReviewTotals | null>(null);
  useEffect(() => {
    let live = true;
    reviewsApi.totals().then(
      (t) => live && setTotals(t),
      () => live && setTotals(null),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return totals;
}
