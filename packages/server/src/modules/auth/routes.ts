import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  AUTH_MESSAGES,
  authCheckResponseSchema,
  emailParamSchema,
  errorSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  forgotPasswordVerifySchema,
  identityConfirmSchema,
  IDENTITY_MESSAGES,
  meResponseSchema,
  messageSchema,
  mfaInitResponseSchema,
  mfaVerifySchema,
  PASSWORD_RESET_MESSAGE,
  RESET_CODE_NAME,
  sessionSchema,
  signInBodySchema,
  UNLOCK_HEADER,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, resolveSession } from '../../http/context';
import { HttpError } from '../../http/errors';
import type { Db } from '../../db/index';
import { anonymousWho, auditWho, recordAudit, userAboutRow } from '../audit/trail';
import { sealerFor } from '../../sealing/crypto';
import { publishUser } from '../accounts/members';
import { confirmIdentity, mfaEnabled, turnMfaOff } from './identity';
import { initMfa, verifyMfa } from './mfa';
import { requestPasswordReset, verifyPasswordReset } from './password-reset';
import { SignInLimiter } from './rate-limit';
import { accountsForEmail, checkCredentials, checkUnlock, describeSession, openSession, parseBasic, sessionResponse } from './service';

/** A refused sign-in, recorded in the account it named (when that account exists), with the user the email belongs to there. */
async function recordFailedSignIn(db: Db, f: { accountId: string; email: string; ip: string; reason: string; unlock: boolean }): Promise<void> {
  const [row] = await db.query<{ user_id: string | null; first_name: string; last_name: string; email: string }>(
    `select u.id as user_id, u.first_name, u.last_name, u.email from accounts a
       left join users u on u.account_id = a.id and lower(u.email) = lower($2) and u.deleted_at is null
      where a.id = $1`,
    [f.accountId, f.email],
  );
  if (!row) return;
  const detail = `${f.unlock ? 'Unlock' : 'Sign-in'} as ${f.email}: ${f.reason}`;
  await recordAudit(db, anonymousWho(f.accountId, f.ip), 'signInFailed', row.user_id ? userAboutRow(row.user_id, row) : null, detail);
}

/** Whether a refused sign-in stays counted toward the rate limits ("2fa required" is a normal step, not a guess). */
const countsAsFailure = (err: unknown) => err instanceof HttpError && err.statusCode === 401 && err.message !== AUTH_MESSAGES.mfaRequired;

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config, events, mail } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new SignInLimiter(db, config.authLimits);
  const sealer = sealerFor(config.dataDir);

  r.get(
    '/auth/check/:email',
    { schema: { tags: ['auth'], security: [], params: emailParamSchema, response: { 200: authCheckResponseSchema, 429: errorSchema } } },
    async (req) => {
      await limiter.call('lookup', req.ip);
      return { accounts: await accountsForEmail(db, req.params.email) };
    },
  );

  r.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        security: [],
        description:
          'Sign in with a Basic credentials header; body names the account and, with MFA, the code. ' +
          `With an "${UNLOCK_HEADER}: <session token>" header it unlocks that session instead: same token, nothing revoked.`,
        body: signInBodySchema,
        response: { 200: sessionSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const { email, password } = parseBasic(req.headers.authorization);
      const { account, code, device } = req.body;
      const unlockHeader = req.headers[UNLOCK_HEADER];
      const unlockToken = Array.isArray(unlockHeader) ? unlockHeader[0] : unlockHeader;
      // The unlocked session must be live before any password is looked at.
      const locked = unlockToken ? await resolveSession(db, unlockToken, deps.sessions) : null;

      const counted = await limiter.attempt(req.ip, email, account);
      let userId: string;
      try {
        if (locked) await checkUnlock(db, sealer, locked, { accountId: account, email, password, code });
        userId = locked ? locked.realUserId : await checkCredentials(db, sealer, { accountId: account, email, password, code });
      } catch (err) {
        if (!countsAsFailure(err)) await counted.notAGuess();
        else await recordFailedSignIn(db, { accountId: account, email, ip: req.ip, reason: (err as Error).message, unlock: !!locked });
        throw err;
      }
      await counted.succeeded();

      if (locked) return sessionResponse(db, locked);
      const opened = await openSession(db, { accountId: account, userId, device, ip: req.ip, hours: config.sessionHours });
      await recordAudit(db, anonymousWho(account, req.ip, userId), 'signIn', null, device === 'mobile' ? 'Mobile app' : 'Browser');
      if (opened.superseded.length) {
        events.emit('sessionsRevoked', { accountId: account, sessionIds: opened.superseded, message: AUTH_MESSAGES.sessionInvalid });
      }
      return sessionResponse(db, { token: opened.token, expiresAt: opened.expiresAt, accountId: account, userId, realUserId: userId });
    },
  );

  r.delete('/auth', { schema: { tags: ['auth'], response: { 200: messageSchema } } }, async (req) => {
    const { sessionId, accountId } = auth(req);
    await db.tx(async (q) => {
      await q.query(`update sessions set revoked_at = now(), revoked_reason = 'signed out' where id = $1`, [sessionId]);
      await recordAudit(q, auditWho(req), 'signOut');
    });
    events.emit('sessionsRevoked', { accountId, sessionIds: [sessionId], message: AUTH_MESSAGES.unauthorized });
    return { message: 'Signed out' };
  });

  r.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        security: [],
        description: `Mails ${RESET_CODE_NAME} to every user of that email. The answer is the same whether or not the email is known.`,
        body: forgotPasswordSchema,
        response: { 200: forgotPasswordResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await limiter.call('resetRequest', req.ip);
      const requestId = await requestPasswordReset(db, mail, req.body.email, config.publicUrl);
      return { message: FORGOT_PASSWORD_MESSAGE, requestId };
    },
  );

  r.post(
    '/auth/forgot-password/verify',
    {
      schema: {
        tags: ['auth'],
        security: [],
        description: 'Checks the mailed code and sets the new password; the user is signed out everywhere.',
        body: forgotPasswordVerifySchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await limiter.checkAddress(req.ip);
      let revoked: Array<{ id: string; account_id: string }>;
      try {
        revoked = await verifyPasswordReset(db, req.body, req.ip);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400) await limiter.failedFrom(req.ip);
        throw err;
      }
      const byAccount = new Map<string, string[]>();
      for (const s of revoked) byAccount.set(s.account_id, [...(byAccount.get(s.account_id) ?? []), s.id]);
      for (const [accountId, sessionIds] of byAccount) {
        events.emit('sessionsRevoked', { accountId, sessionIds, message: AUTH_MESSAGES.unauthorized });
      }
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  r.post(
    '/auth/mfa/init',
    {
      schema: {
        tags: ['auth'],
        description: 'Starts MFA setup: an otpauth:// URL and its base32 key. Setting it up again while MFA is on needs currentPassword and currentCode.',
        body: identityConfirmSchema.nullish(),
        response: { 200: mfaInitResponseSchema, 400: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      if (await mfaEnabled(db, a)) await confirmIdentity(db, sealer, config.authLimits, a, req.body);
      return initMfa(db, sealer, a.accountId, a.userId);
    },
  );

  r.delete(
    '/auth/mfa',
    {
      schema: {
        tags: ['auth'],
        description: 'Turns your own MFA off with currentPassword and currentCode, unless your role or account requires it; your address is told.',
        body: identityConfirmSchema,
        response: { 200: messageSchema, 400: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      await confirmIdentity(db, sealer, config.authLimits, a, req.body);
      const email = await turnMfaOff(db, a, auditWho(req));
      await mail.send({
        accountId: a.accountId,
        to: email,
        subject: 'Multi-factor authentication was turned off',
        body: 'Multi-factor authentication was turned off for your Agency Desk sign-in. If this was not you, set it up again and tell your administrator.',
      });
      await publishUser(deps, a.accountId, a.userId);
      return { message: IDENTITY_MESSAGES.mfaTurnedOff };
    },
  );

  r.post(
    '/auth/mfa/verify',
    {
      schema: { tags: ['auth'], body: mfaVerifySchema, response: { 200: messageSchema, 400: errorSchema } },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      await verifyMfa(db, sealer, accountId, userId, req.body.code, auditWho(req));
      await publishUser(deps, accountId, userId);
      return { message: 'Multi-factor authentication is on.' };
    },
  );

  r.get('/users/me', { schema: { tags: ['users'], response: { 200: meResponseSchema } } }, async (req) => {
    const a = auth(req);
    return deps.sessions.remember(a.tokenHash, () => describeSession(db, a));
  });
}
