import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employeeStatsQuerySchema, employeeStatsSchema, errorSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { notFound } from '../../http/errors';
import { employeeStats } from './stats';

/**
 * Employee metrics of the signed-in account. Everyone sees the Employee Stats widget, which lists
 * the whole team, so any staff member may read any colleague's figures; never another account's.
 */
export async function metricsRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/metrics/employee-stats',
    {
      schema: {
        tags: ['metrics'],
        description: 'Counts per user and metric for a month (monthly) or per day of it (daily), from what people did in the app.',
        querystring: employeeStatsQuerySchema,
        response: { 200: employeeStatsSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const { accountId } = auth(req);
      const { user, metricView, monthYear, metrics } = req.query;
      const stats = await employeeStats(db, { accountId, userId: user, monthYear, metricView, metrics });
      if (user && !stats.users.length) throw notFound('User not found');
      // Figures change with every text and card: the browser asks again rather than keeping them.
      reply.header('cache-control', 'no-store');
      return { monthYear, metricView, ...stats, updatedAt: new Date().toISOString() };
    },
  );
}
