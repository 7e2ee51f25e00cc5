import { z } from 'zod';
import { idSchema } from './common';
import { userRefSchema } from './clientFields';
import { CLIENT_LEVELS } from './constants/clients';
import { MAX_RATING, REVIEW_FEEDBACK_MAX, REVIEW_MESSAGES } from './constants';
import { REVIEW_PAGE_SIZES } from './constants/reviews';

/** The client a review was asked of, with both people's names (the report names the secondary when clientLevel is secondary). */
export const reviewClientSchema = z.object({
  id: idSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  coFirstName: z.string().nullable(),
  coLastName: z.string().nullable(),
});

/** A service review (spec 001 section 3): requested of one person of a household; rating and feedback once answered. */
export const reviewSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  requestedBy: userRefSchema.nullable(),
  client: reviewClientSchema,
  clientLevel: z.enum(CLIENT_LEVELS),
  /** 1 to 5; null until the client answers. */
  rating: z.number().int().min(1).max(5).nullable(),
  feedback: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

/** GET /reviews: the account's reviews, newest first, a page at a time (page is 1-based). */
export const reviewListQuerySchema = z.object({
  /** 'full' (the only view) names the client and who asked. */
  view: z.enum(['full']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (REVIEW_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 25 or 50')
    .default(10),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/** GET /reviews/totals: requests made, answered, and the average rating, optionally of one requester and one month (MMyyyy). */
export const reviewTotalsQuerySchema = z.object({
  requestedBy: idSchema.optional(),
  monthYear: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\d{4}$/, 'Month must be written MMyyyy')
    .optional(),
});
export type ReviewTotalsQuery = z.input<typeof reviewTotalsQuerySchema>;
export const reviewTotalsSchema = z.object({
  reviews: z.number().int(),
  completed: z.number().int(),
  /** Average of the answered ratings (2 decimals), null when none is answered. */
  rating: z.number().nullable(),
});
export type ReviewTotals = z.infer<typeof reviewTotalsSchema>;

/** POST /reviews/{clientId}: ask one person of the household for a review. */
export const reviewRequestBodySchema = z.object({ clientLevel: z.enum(CLIENT_LEVELS).default('primary') });
export type ReviewRequestBody = z.input<typeof reviewRequestBodySchema>;
/** The recorded (pending) request and the public page's path the text message carries. */
export const reviewRequestResponseSchema = z.object({ review: reviewSchema, link: z.string(), texted: z.boolean().optional() });
export type ReviewRequestResponse = z.infer<typeof reviewRequestResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Public (no authorization header): GET and POST /service-review/{accountId}[/{reviewId}]
// ---------------------------------------------------------------------------------------------
export const publicReviewParamsSchema = z.object({
  id: z.string().uuid('This review link is not valid'),
  reviewId: z.string().uuid('This review link is not valid').optional(),
});

/** What the public page may know: the agency's name, the person's first name and the review's state. Nothing else. */
export const publicReviewSchema = z.object({
  account: z.object({ name: z.string() }),
  /** Absent when only the account was asked for (GET /service-review/{accountId}). */
  review: z
    .object({
      id: idSchema,
      firstName: z.string().nullable(),
      rating: z.number().int().min(1).max(5).nullable(),
      feedback: z.string().nullable(),
    })
    .nullable(),
  /** Offered when the answered rating is at or above the account's googleReviewMinRating and a Google place is set. */
  googleReviewUrl: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** POST /service-review/{accountId}/{reviewId} (or /service-review/{accountId} with reviewId in the body). */
export const publicReviewAnswerSchema = z.object({
  reviewId: idSchema.optional(),
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(MAX_RATING, REVIEW_MESSAGES.ratingRequired),
  feedback: z.string().trim().max(REVIEW_FEEDBACK_MAX, `Feedback can be at most ${REVIEW_FEEDBACK_MAX} characters`).optional().default(''),
});
export type PublicReviewAnswer = z.input<typeof publicReviewAnswerSchema>;

/** Spec 002 'Service review settings' (the public page reads googleReviewMinRating and googlePlaceId). */
export const reviewSettingsSchema = z.object({
  serviceReviewEnabled: z.boolean(),
  reviewSMSMessage: z.string().nullable(),
  googlePlaceId: z.string().nullable(),
  googleReviewMinRating: z.number().int().min(1).max(5),
  ratingNotificationEnabled: z.boolean(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/** PUT /accounts/{accountId}/service-review: any of the settings (owners and admins). */
export const reviewSettingsUpdateSchema = z
  .object({
    serviceReviewEnabled: z.boolean(),
    reviewSMSMessage: z.string().trim().max(320, 'The review message can be at most 320 characters').nullable(),
    googlePlaceId: z
      .string()
      .trim()
      .max(200)
      .regex(/^[A-Za-z0-9_-]*$/, 'Google Place Id is not valid')
      .nullable(),
    googleReviewMinRating: z.number().int().min(1, 'Pick 1 to 5 stars').max(MAX_RATING, 'Pick 1 to 5 stars'),
    ratingNotificationEnabled: z.boolean(),
  })
  .partial();
export type ReviewSettingsUpdate = z.input<typeof reviewSettingsUpdateSchema>;
