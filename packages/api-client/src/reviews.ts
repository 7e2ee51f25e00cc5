import type {
  ReferralAggregate,
  ReferralListQuery,
  ReferralRow,
  Review,
  ReviewListQuery,
  ReviewRequestBody,
  ReviewRequestResponse,
  ReviewSettings,
  ReviewSettingsUpdate,
  ReviewTotals,
  ReviewTotalsQuery,
} from '@agency/contracts';
import { api } from './index';
import { publicApi } from './publicCalls';

const data = <T>(r: { data: T }) => r.data;

/** Service reviews. */
export const reviewsApi = {
  /** The account's reviews, newest first (page is 1-based; limit 5, 10, 25 or 50). */
  list: (query: ReviewListQuery = {}) => api.get<Review[]>('/reviews', { params: { view: 'full', ...query } }).then(data),
  /** Requests, answers and the average rating; requestedBy and monthYear (MMyyyy) narrow them. */
  totals: (query: ReviewTotalsQuery = {}) => api.get<ReviewTotals>('/reviews/totals', { params: query }).then(data),
  /** A client's reviews (both people of the household), newest first. */
  forClient: (clientId: string) => api.get<Review[]>(`/reviews/client/${clientId}`).then(data),
  /** Asks one person of a household for a review: the pending review and the public page's link. */
  request: (clientId: string, body: ReviewRequestBody = {}) => api.post<ReviewRequestResponse>(`/reviews/${clientId}`, body).then(data),
};

/** The account's service review settings (owners and admins save them). */
export const reviewSettingsApi = {
  get: (accountId: string) => api.get<ReviewSettings>(`/accounts/${accountId}/service-review`).then(data),
  update: (accountId: string, body: ReviewSettingsUpdate) => api.put<ReviewSettings>(`/accounts/${accountId}/service-review`, body).then(data),
};

/** Referral reports. */
export const referralsApi = {
  /** Referred clients, latest referral first (page is 1-based; limit 5, 10, 25 or 50; no total). */
  list: (query: ReferralListQuery = {}) => api.get<ReferralRow[]>('/reporting/affiliate', { params: { view: 'full', ...query } }).then(data),
  aggregate: () => api.get<ReferralAggregate>('/reporting/affiliate/aggregate').then(data),
};

/**
 * The service review page's calls as mf-messages drew them before the page became its own
 * (dbaede8): a name the client shared stays (shared-surface.lock.json). The same calls as publicApi's.
 */
export const publicReviewApi = {
  get: (accountId: string, reviewId?: string) => publicApi.review(accountId, reviewId),
  answer: (accountId: string, reviewId: string, answer: Parameters<typeof publicApi.answerReview>[2]) => publicApi.answerReview(accountId, reviewId, answer),
};
