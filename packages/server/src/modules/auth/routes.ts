import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  authCheckResponseSchema,
  emailParamSchema,
  errorSchema,
  meResponseSchema,
  messageSchema,
  sessionSchema,
  signInBodySchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, requireAuth } from '../../http/context';
import { accountsForEmail, checkCredentials, describeSession, openSession, parseBasic } from './service';

export async function authRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auth/check/:email',
    { schema: { tags: ['auth'], params: emailParamSchema, response: { 200: authCheckResponseSchema } } },
    async (req) => ({ accounts: await accountsForEmail(db, req.params.email) }),
  );

  r.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        description: 'Sign in with a Basic credentials header; body names the account and, with MFA, the code.',
        body: signInBodySchema,
        response: { 200: sessionSchema, 401: errorSchema },
      },
    },
    async (req) => {
      const { email, password } = parseBasic(req.headers.authorization);
      const { account, code, device } = req.body;
      const userId = await checkCredentials(db, { accountId: account, email, password, code });
      const token = await openSession(db, { accountId: account, userId, device, ip: req.ip, hours: config.sessionHours });
      const view = await describeSession(db, { accountId: account, userId, realUserId: userId });
      const expiresAt = new Date(Date.now() + config.sessionHours * 3600_000).toISOString();
      return { token, expiresAt, ...view };
    },
  );

  r.delete(
    '/auth',
    { preHandler: requireAuth(db), schema: { tags: ['auth'], response: { 200: messageSchema } } },
    async (req) => {
      await db.query(`update sessions set revoked_at = now(), revoked_reason = 'signed out' where id = $1`, [auth(req).sessionId]);
      return { message: 'Signed out' };
    },
  );

  r.get(
    '/users/me',
    { preHandler: requireAuth(db), schema: { tags: ['users'], response: { 200: meResponseSchema } } },
    async (req) => describeSession(db, auth(req)),
  );
}

