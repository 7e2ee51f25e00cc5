import { useEffect, useState } from 'react';
import { CONTACT_MESSAGES, latestRating, type ClientLevel } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';
import { notifyError } from '../common/notify';

export type Ratings = Record<ClientLevel, number | null>;
const NONE: Ratings = { primary: null, secondary: null };

/** Each person's rating from their latest answered service review, fetched apart from the detail so it never slows it. */
export function useClientRatings(clientId: string | undefined): Ratings {
  const [ratings, setRatings] = useState<{ id: string; value: Ratings } | null>(null);
  useEffect(() => {
    if (!clientId) return;
    let live = true;
    reviewsApi.forClient(clientId).then(
      (reviews) => live && setRatings({ id: clientId, value: { primary: latestRating(reviews, 'primary'), secondary: latestRating(reviews, 'secondary') } }),
      () => live && notifyError(CONTACT_MESSAGES.reviewsLoadFailed),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  return ratings && ratings.id === clientId ? ratings.value : NONE;
}
