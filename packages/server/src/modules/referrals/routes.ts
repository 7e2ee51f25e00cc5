import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, referralAggregateSchema, referralListQuerySchema, referralListSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { listReferrals, referralAggregate } from './service';

/** Referral reports of the account's clients (spec 001 section 7: GET reporting/affiliate and /aggregate). */
export async function referralRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reporting/affiliate',
    {
      schema: {
        tags: ['referrals'],
        description: "The account's referred clients, latest referral date first, a page at a time (page is 1-based; the total is not counted).",
        querystring: referralListQuerySchema,
        response: { 200: referralListSchema, 400: errorSchema },
      },
    },
    async (req) => listReferrals(db, auth(req).accountId, req.query.page, req.query.limit),
  );

  r.get(
    '/reporting/affiliate/aggregate',
    {
      schema: {
        tags: ['referrals'],
        description: 'Referrals by source (all time, this month) and the top referring clients.',
        response: { 200: referralAggregateSchema },
      },
    },
    async (req) => referralAggregate(db, auth(req).accountId),
  );
}
