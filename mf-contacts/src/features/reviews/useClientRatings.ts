import { useEffect } from 'react';
import { CONTACT_MESSAGES, latestRating, type ClientLevel } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';
import { notifyError, useLiveQuery } from '@agency/ui';

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
  const ratings = useLiveQuery(
    clientId && version
      ? () =>
          reviewsApi
            .forClient(clientId)
            .then((reviews) => ({ id: clientId, value: { primary: latestRating(reviews, 'primary'), secondary: latestRating(reviews, 'secondary') } }))
      : null,
    null,
    [clientId, version],
  );
  useEffect(() => {
    if (ratings.error) notifyError(CONTACT_MESSAGES.reviewsLoadFailed);
  }, [ratings.error]);
  const latest = ratings.data;
  return latest && latest.id === clientId ? latest.value : LOADING;
}
