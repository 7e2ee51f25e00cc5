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
