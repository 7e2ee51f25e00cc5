/** Service reviews' helpers and settings wording (the schemas are in ../reviews). */
import type { ClientLevel } from '../clients';
import type { Review, ReviewTotals } from '../reviews';

/** The rating of a person's latest answered review, or null when they have none. */
export function latestRating(reviews: readonly Review[], level: ClientLevel): number | null {
  let best: Review | null = null;
  for (const r of reviews) {
    if (r.clientLevel !== level || r.rating === null) continue;
    const at = r.answeredAt ?? r.createdAt;
    if (!best || at > (best.answeredAt ?? best.createdAt)) best = r;
  }
  return best?.rating ?? null;
}
export const REVIEW_PAGE_SIZES = [5, 10, 25, 50] as const;
/** The public review page's address for a review request: /review/{accountId}?review={reviewId}. */
export const publicReviewPath = (accountId: string, reviewId: string) => `/review/${accountId}?review=${reviewId}`;
/** Google's write-a-review address for a place. */
export const googleReviewUrl = (placeId: string) => `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
/** Completion = completed / reviews * 100 (2 decimals); '-' when the totals failed or nothing was requested. */
export function reviewCompletion(totals: ReviewTotals | null): string {
  if (!totals || totals.reviews === 0) return '-';
  return `${((totals.completed / totals.reviews) * 100).toFixed(2)}%`;
}
/** The success message of spec 002. */
export const REVIEW_SETTINGS_SAVED = 'Account service review settings saved.';
