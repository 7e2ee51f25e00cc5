import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountParamsSchema, accountSchema, accountUpdateSchema, errorSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, requireAuth, requireRole } from '../../http/context';
import { notFound } from '../../http/errors';
import { accountInScope } from '../locations/service';
import { findAccount } from '../users/mapping';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The account itself (spec 002, "Account settings save": GET/PUT /accounts/{id}). Any staff member
 * reads their own account; owners and admins change its settings. A super user may act on any account.
 */
export async function accountRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(db);

  r.get(
    '/accounts/:accountId',
    { preHandler: signedIn, schema: { tags: ['accounts'], params: accountParamsSchema, response: { 200: accountSchema, ...errors } } },
    async (req) => {
      const account = await findAccount(db, await accountInScope(db, auth(req), req.params.accountId));
      if (!account) throw notFound('Account not found');
      return account;
    },
  );

  r.put(
    '/accounts/:accountId',
    {
      preHandler: [signedIn, requireRole('admin-roles')],
      schema: {
        tags: ['accounts'],
        description: 'Saves the account settings: mfaRequired and gatheringForms (joined by commas). Other fields of the account are ignored.',
        params: accountParamsSchema,
        body: accountUpdateSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (req) =>
      db.tx(async (q) => {
        const accountId = await accountInScope(q, auth(req), req.params.accountId);
        const { mfaRequired, gatheringForms } = req.body;
        await q.query(
          `update accounts set mfa_required = coalesce($2, mfa_required), gathering_forms = coalesce($3, gathering_forms) where id = $1`,
          [accountId, mfaRequired ?? null, gatheringForms ?? null],
        );
        const account = await findAccount(q, accountId);
        if (!account) throw notFound('Account not found');
        return account;
      }),
  );
}
