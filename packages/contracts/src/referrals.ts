import { z } from 'zod';
import { idSchema } from './common';
import { CLIENT_LEVELS } from './constants/clients';
import { REVIEW_PAGE_SIZES } from './constants/reviews';

/**
 * The referrals report (spec 001 sections 2 and 7, spec 002 'Referral row'): GET /reporting/affiliate
 * with view=full, page (1-based) and limit. A row is a client who came through a referral: the
 * date and source (spellings as sent) and who referred them.
 */
export const referralListQuerySchema = z.object({
  view: z.enum(['full']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (REVIEW_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 25 or 50')
    .default(10),
});
export type ReferralListQuery = z.input<typeof referralListQuerySchema>;

export const referralRowSchema = z.object({
  /** The referred client's id (View Client opens it). */
  id: idSchema,
  /** Referral date, MM/dd/yyyy, or null when none was written. */
  aflliateOn: z.string().nullable(),
  affliateVia: z.string().nullable(),
  /** The referring contact, named as the person who referred (the secondary's name for a secondary). */
  affliateContact: z.object({ id: idSchema, name: z.string(), level: z.enum(CLIENT_LEVELS) }).nullable(),
  /** The referred client's name. */
  name: z.string(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;
export const referralListSchema = z.array(referralRowSchema);

/** GET /reporting/affiliate/aggregate: the dashboard's Referrals widget. */
export const referralAggregateSchema = z.object({
  allTime: z.object({ labels: z.array(z.string()), values: z.array(z.number().int()) }),
  thisMonth: z.object({ labels: z.array(z.string()), values: z.array(z.number().int()) }),
  /** The clients who referred the most, most first (ten at most). */
  topClients: z.array(z.object({ client: z.object({ id: idSchema, name: z.string() }), count: z.number().int() })),
  asOf: z.string(),
});
export type ReferralAggregate = z.infer<typeof referralAggregateSchema>;
