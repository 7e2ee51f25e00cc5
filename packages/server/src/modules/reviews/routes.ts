import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientIdParamsSchema, errorSchema, reviewListQuerySchema, reviewListSchema, reviewTotalsQuerySchema, reviewTotalsSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, requireAuth } from '../../http/context';
import { loadClient } from '../clients/service';
import { clientReviews, listReviews, reviewTotals } from './service';

/** Service reviews of the account's clients. */
export async function reviewRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: requireAuth(db) };

  r.get(
    '/reviews',
    {
      ...pre,
      schema: { tags: ['reviews'], description: "The account's service reviews, newest first, a page at a time.", querystring: reviewListQuerySchema, response: { 200: reviewListSchema, 400: errorSchema } },
    },
    async (req) => listReviews(db, auth(req).accountId, req.query.page, req.query.limit),
  );

  r.get(
    '/reviews/totals',
    { ...pre, schema: { tags: ['reviews'], querystring: reviewTotalsQuerySchema, response: { 200: reviewTotalsSchema, 400: errorSchema } } },
    async (req) => reviewTotals(db, auth(req).accountId, req.query),
  );

  r.get(
    '/reviews/client/:id',
    {
      ...pre,
      schema: {
        tags: ['reviews'],
        description: "A client's service reviews (both people of the household), newest first. Another account's client is answered 404.",
        params: clientIdParamsSchema,
        response: { 200: reviewListSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { accountId } = auth(req);
      await loadClient(db, accountId, req.params.id);
      return clientReviews(db, accountId, req.params.id);
    },
  );
}
