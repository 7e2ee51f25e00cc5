import { useEffect, useState } from 'react';
import { CONTACT_MESSAGES, latestRating, type ClientLevel } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';
import { notifyError } from '../common/notify';

/** A person's rating; null when they have none, undefined while it loads. */
export type Ratings = Record<ClientLevel, number | null | undefined>;
const LOADING: Ratings = { primary: undefined, secondary: undefined };

/**
 * Each person's rating from their latest answered service review, fetched apart from the detail so
 * it never slows it. `version` follows the loaded contact (its updatedAt): nothing is fetched before the
 * contact is there, and it is fetched again when the contact changes (a split, merge or removal
 * moves reviews between people) or a review is requested.
 */
export function useClientRatings(clientId: string | undefined, version?: string): Ratings {
  const [ratings, setRatings] = useState<{ id: string; value: Ratings } | null>(null);
  useEffect(() => {
    if (!clientId || !version) return;
    let live = true;
    reviewsApi.forClient(clientId).then(
      (reviews) => live && setRatings({ id: clientId, value: { primary: latestRating(reviews, 'primary'), secondary: latestRating(reviews, 'secondary') } }),
      () => live && notifyError(CONTACT_MESSAGES.reviewsLoadFailed),
    );
    return () => {
      live = false;
    };
  }, [clientId, version]);
  return ratings && ratings.id === clientId ? ratings.value : LOADING;
}
