import type { Review, ReviewListQuery, ReviewTotals, ReviewTotalsQuery } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

/** Service reviews. */
export const reviewsApi = {
  /** The account's reviews, newest first (page is 1-based; limit 5, 10, 25 or 50). */
  list: (query: ReviewListQuery = {}) => api.get<Review[]>('/reviews', { params: { view: 'full', ...query } }).then(data),
  /** Requests, answers and the average rating; requestedBy and monthYear (MMyyyy) narrow them. */
  totals: (query: ReviewTotalsQuery = {}) => api.get<ReviewTotals>('/reviews/totals', { params: query }).then(data),
  /** A client's reviews (both people of the household), newest first. */
  forClient: (clientId: string) => api.get<Review[]>(`/reviews/client/${clientId}`).then(data),
};
