import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountInfoInputSchema,
  accountInfoSchema,
  accountParamsSchema,
  accountSchema,
  accountUpdateSchema,
  errorSchema,
  ADMIN_ROLES,
  type AccountInfo,
} from '@agency/contracts';
import { auditWho, recordAudit } from '../audit/trail';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { notFound } from '../../http/errors';
import { findAccount } from './members';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

const INFO_COLUMNS = `name, timezone, legal_name as "legalName", email, phone, website, address, address2, city, state, zipcode`;
async function accountInfo(q: Queryable, accountId: string): Promise<AccountInfo> {
  const [row] = await q.query<AccountInfo>(`select ${INFO_COLUMNS} from accounts where id = $1`, [accountId]);
  if (!row) throw notFound('Account not found');
  return row;
}

/**
 * The account itself (spec 002, "Account settings save": GET/PUT /accounts/{id}). Any staff member
 * reads their own account; owners and admins change its settings. A super user may act on any account.
 */
export async function accountRoutes(app: FastifyInstance, { db, events }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/accounts/:accountId', { schema: { tags: ['accounts'], params: accountParamsSchema, response: { 200: accountSchema, ...errors } } }, async (req) => {
    const account = await findAccount(db, req.params.accountId);
    if (!account) throw notFound('Account not found');
    return account;
  });

  r.put(
    '/accounts/:accountId',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['accounts'],
        description: 'Saves the account settings: mfaRequired and gatheringForms (joined by commas). Other fields of the account are ignored.',
        params: accountParamsSchema,
        body: accountUpdateSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (req) => {
      const accountId = req.params.accountId;
      const { mfaRequired, gatheringForms, messagingEnabled } = req.body;
      const account = await db.tx(async (q) => {
        const before = await findAccount(q, accountId);
        await q.query(
          `update accounts set mfa_required = coalesce($2, mfa_required), gathering_forms = coalesce($3, gathering_forms),
                  messaging_enabled = coalesce($4, messaging_enabled) where id = $1`,
          [accountId, mfaRequired ?? null, gatheringForms ?? null, messagingEnabled ?? null],
        );
        const saved = await findAccount(q, accountId);
        if (!saved) throw notFound('Account not found');
        if (before && before.mfaRequired !== saved.mfaRequired) {
          const about = { type: 'account' as const, id: accountId, label: saved.name };
          await recordAudit(
            q,
            { ...auditWho(req), accountId },
            'securitySettingsChanged',
            about,
            `MFA required for all employees turned ${saved.mfaRequired ? 'on' : 'off'}`,
          );
        }
        return saved;
      });
      // Open screens hear it at once: Messages goes, and the inbox stops.
      if (messagingEnabled === false) events.emit('smsDisabled', { accountId });
      return account;
    },
  );

  r.get(
    '/accounts/:accountId/info',
    {
      schema: {
        tags: ['accounts'],
        description: 'Who the agency is: name, timezone, legal name, address, email, phone and website.',
        params: accountParamsSchema,
        response: { 200: accountInfoSchema, ...errors },
      },
    },
    async (req) => accountInfo(db, req.params.accountId),
  );

  r.put(
    '/accounts/:accountId/info',
    {
      config: { roles: ADMIN_ROLES },
      schema: { tags: ['accounts'], params: accountParamsSchema, body: accountInfoInputSchema, response: { 200: accountInfoSchema, ...errors } },
    },
    async (req) => {
      const accountId = req.params.accountId;
      const b = req.body;
      return db.tx(async (q) => {
        const before = await accountInfo(q, accountId);
        await q.query(
          `update accounts set name = $2, timezone = $3, legal_name = $4, email = $5, phone = $6, website = $7, address = $8, address2 = $9, city = $10, state = $11, zipcode = $12
            where id = $1`,
          [accountId, b.name, b.timezone, b.legalName, b.email, b.phone, b.website, b.address, b.address2, b.city, b.state, b.zipcode],
        );
        const saved = await accountInfo(q, accountId);
        const changed = (Object.keys(saved) as (keyof AccountInfo)[]).filter((k) => saved[k] !== before[k]);
        if (changed.length) {
          await recordAudit(
            q,
            { ...auditWho(req), accountId },
            'accountInfoChanged',
            { type: 'account', id: accountId, label: saved.name },
            `Changed: ${changed.join(', ')}`,
          );
        }
        return saved;
      });
    },
  );
}
