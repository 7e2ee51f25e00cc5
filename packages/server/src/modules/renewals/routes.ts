import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  accountParamsSchema,
  errorSchema,
  isAdminRole,
  renewalFiguresQuerySchema,
  renewalFiguresSchema,
  renewalListQuerySchema,
  renewalListResponseSchema,
  renewalParamsSchema,
  renewalSchema,
  renewalSettingsInputSchema,
  renewalSettingsSchema,
  renewalUpdateSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { actorName } from '../clients/context';
import { publishAll } from '../taskboards/listeners';
import { listRenewals, renewalFigures, renewalSettings, saveRenewalSettings, updateRenewal } from './service';

const tags = ['renewals'];

/**
 * Renewals of an account (access.ts checks that :accountId is the caller's). Everyone on staff sees
 * and works the account's renewals, as they do its clients; the settings are written by owners and
 * admins.
 */
export async function renewalRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/accounts/:accountId/renewals',
    {
      schema: {
        tags,
        description: 'Every policy, vehicle coverage and home coverage ending in the next `days` days, a page at a time, soonest first.',
        params: accountParamsSchema,
        querystring: renewalListQuerySchema,
        response: { 200: renewalListResponseSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listRenewals(db, req.params.accountId, req.query);
    },
  );

  r.get(
    '/accounts/:accountId/renewals/figures',
    {
      schema: {
        tags,
        description:
          "A month's renewals (this month, or \`month\` MM/yyyy): due, contacted, quoted, renewed, lost and the retention rate. Employees get their own; owners and admins the account's or one person's.",
        params: accountParamsSchema,
        querystring: renewalFiguresQuerySchema,
        response: { 200: renewalFiguresSchema, 403: errorSchema },
      },
    },
    async (req, reply) => {
      const a = auth(req);
      const who = isAdminRole(a.role) ? req.query.user : a.userId;
      reply.header('cache-control', 'no-store');
      const month = req.query.month;
      return renewalFigures(db, req.params.accountId, who, month ? new Date(Date.UTC(Number(month.slice(3)), Number(month.slice(0, 2)) - 1, 1)) : undefined);
    },
  );

  r.patch(
    '/accounts/:accountId/renewals/:sourceKind/:sourceId',
    {
      schema: {
        tags,
        description: "Changes one term's renewal state. Lost needs a reason; renewed takes the new term date and moves the record's end date on.",
        params: renewalParamsSchema,
        body: renewalUpdateSchema,
        response: { 200: renewalSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      const name = await actorName(deps, req);
      const accountId = req.params.accountId;
      const result = await db.tx((q) => updateRenewal(q, { accountId, userId: a.userId, name }, req.params.sourceKind, req.params.sourceId, req.body));
      deps.events.emit('clientsChanged', { accountId, clientIds: [result.clientId] });
      publishAll(
        db,
        accountId,
        result.closedCards.map((c) => ({ boardId: c.boardId, seq: c.seq, type: 'DELETE_CARD' as const, cardId: c.id, laneId: c.laneId, by: a.userId })),
      );
      return result.renewal;
    },
  );

  r.get(
    '/accounts/:accountId/renewal-settings',
    {
      schema: {
        tags,
        description: 'How many days before the end a renewal starts, who owns one whose record names no one, and the board that gets its card.',
        params: accountParamsSchema,
        response: { 200: renewalSettingsSchema, 403: errorSchema },
      },
    },
    async (req) => renewalSettings(db, req.params.accountId),
  );

  r.put(
    '/accounts/:accountId/renewal-settings',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags,
        description: 'Saves the renewal settings (owners and admins).',
        params: accountParamsSchema,
        body: renewalSettingsInputSchema,
        response: { 200: renewalSettingsSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => db.tx((q) => saveRenewalSettings(q, req.params.accountId, req.body)),
  );
}
