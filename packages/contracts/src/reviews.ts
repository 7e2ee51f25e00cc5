import { z } from 'zod';
import { idSchema } from './common';
import { userRefSchema } from './clientFields';
import { CLIENT_LEVELS, type ClientLevel } from './clients';

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

export const MAX_RATING = 5;

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
