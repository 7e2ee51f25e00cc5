import type { Review } from '@agency/contracts';
import { api } from './index';

/** Service reviews. */
export const reviewsApi = {
  /** A client's reviews (both people of the household), newest first. */
  forClient: (clientId: string) => api.get<Review[]>(`/reviews/client/${clientId}`).then((r) => r.data),
};
