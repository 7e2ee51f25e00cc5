import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  accountUserParamsSchema,
  AUTH_MESSAGES,
  changePasswordSchema,
  employeeCreateSchema,
  errorSchema,
  isAdminRole,
  messageSchema,
  pictureSchema,
  resetPasswordSchema,
  sessionSchema,
  userIdParamSchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, type AuthContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { checkCurrentPassword, confirmIdentity } from '../auth/identity';
import { sealerFor } from '../../sealing/crypto';
import { hashPassword, revokeSessions, sessionResponse } from '../auth/service';
import { auditWho, recordAudit, userAbout } from '../audit/trail';
import { findUser, publishUser } from '../accounts/members';
import { createEmployee, deleteEmployee, listUsers, loadUser, manageableUser, rank, updateUser, WELCOME_LINK_HOURS, type Actor } from './service';

const actorOf = (a: AuthContext): Actor => ({ id: a.userId, role: a.role });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, events, config, mail } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const endSessions = (accountId: string, sessions: Array<{ id: string }>) => {
    if (sessions.length) events.emit('sessionsRevoked', { accountId, sessionIds: sessions.map((s) => s.id), message: AUTH_MESSAGES.unauthorized });
  };

  r.get('/users', { schema: { tags: ['users'], description: "The account's users.", response: { 200: userListSchema } } }, async (req) =>
    listUsers(db, auth(req).accountId),
  );

  r.delete(
    '/users/ghost',
    { schema: { tags: ['users'], description: 'Stops ghosting: the session acts as its own user again.', response: { 200: sessionSchema } } },
    async (req) => {
      const a = auth(req);
      await db.tx(async (q) => {
        await q.query('update sessions set ghost_user_id = null where id = $1', [a.sessionId]);
        if (a.userId !== a.realUserId) await recordAudit(q, auditWho(req), 'ghostStopped', await userAbout(q, a.accountId, a.userId));
      });
      events.emit('identityChanged', { accountId: a.accountId, sessionIds: [a.sessionId] });
      return sessionResponse(db, { ...a, userId: a.realUserId });
    },
  );

  r.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: userIdParamSchema,
        body: userUpdateSchema,
        response: { 200: userSchema, ...errors, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      const { currentPassword, currentCode, ...fields } = req.body;
      const before = await findUser(db, a.accountId, req.params.id);
      const newEmail = fields.email !== undefined && before && fields.email.toLowerCase() !== before.email.toLowerCase() ? fields.email : null;
      // People change their own email only with their password (and code); anyone's old address is told.
      if (newEmail && req.params.id === a.userId) await confirmIdentity(db, sealerFor(config.dataDir), config.authLimits, a, { currentPassword, currentCode });
      const user = await updateUser(db, a.accountId, actorOf(a), req.params.id, fields, auditWho(req));
      if (newEmail && before) {
        await mail.send({
          accountId: a.accountId,
          to: before.email,
          subject: 'Your sign-in email was changed',
          body: `The Agency Desk sign-in email of ${before.firstName} ${before.lastName} was changed from ${before.email} to ${newEmail}. If this was not you, tell your administrator.`,
        });
      }
      events.emit('userUpdated', { accountId: a.accountId, user });
      if (before && before.role !== user.role) events.emit('identityChanged', { accountId: a.accountId, userIds: [user.id] });
      return user;
    },
  );

  /*
   * Employees are created and deleted under their account, the way the spec's delete call reads
   * (DELETE /accounts/{accountId}/users/{userId}); POST /accounts/{accountId}/users is its pair.
   * The older POST /accounts/{id} would clash with the account's own PUT /accounts/{id}.
   */
  r.post(
    '/accounts/:accountId/users',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['users'],
        description: 'Adds an employee (owner and admin; an admin adds admins and employees). The new user is mailed a code to choose a password.',
        params: accountParamsSchema,
        body: employeeCreateSchema,
        response: { 201: userSchema, ...errors, 409: errorSchema },
      },
    },
    async (req, reply) => {
      const a = auth(req);
      const { user, token } = await db.tx(async (q) => {
        const created = await createEmployee(q, req.params.accountId, actorOf(a), req.body);
        const who = { ...auditWho(req), accountId: req.params.accountId };
        await recordAudit(q, who, 'employeeAdded', await userAbout(q, req.params.accountId, created.user.id), `as ${created.user.role}`);
        return created;
      });
      events.emit('userUpdated', { accountId: user.account, user });
      const [account] = await db.query<{ name: string }>('select name from accounts where id = $1', [user.account]);
      // The configured address, never the request's Host: a forged Host must not put its own site in the mail.
      const link = `${config.publicUrl}/forgot-password/${user.id}/${token}?email=${encodeURIComponent(user.email)}`;
      await mail
        .send({
          accountId: user.account,
          to: user.email,
          subject: `Welcome to ${account?.name ?? 'Agency Desk'}: choose your password`,
          body:
            `Hello ${user.firstName},\n\n` +
            `You now have a sign-in at ${account?.name ?? 'Agency Desk'}. Choose your password here:\n${link}\n\n` +
            `The link works for ${WELCOME_LINK_HOURS} hours; after that, Forgot Password on the sign-in page mails you a code.\n`,
        })
        .catch((err) => console.error('welcome mail failed', err));
      return reply.code(201).send(user);
    },
  );

  r.delete(
    '/accounts/:accountId/users/:userId',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['users'],
        description: 'Deletes an employee and ends their sessions (owner and admin; an admin never deletes an owner or super, nobody deletes themselves).',
        params: accountUserParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      const { accountId, ended } = await db.tx(async (q) => {
        const accountId = req.params.accountId;
        const about = await userAbout(q, accountId, req.params.userId);
        await deleteEmployee(q, accountId, actorOf(a), req.params.userId);
        await recordAudit(q, { ...auditWho(req), accountId }, 'employeeDeleted', about);
        return { accountId, ended: await revokeSessions(q, [req.params.userId], 'user deleted') };
      });
      endSessions(accountId, ended);
      events.emit('userDeleted', { accountId, userId: req.params.userId });
      return { message: 'User deleted' };
    },
  );

  r.put(
    '/users/:id/password',
    {
      schema: {
        tags: ['users'],
        description: 'Changes your own password.',
        params: userIdParamSchema,
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors, 429: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      if (req.params.id !== a.userId) throw forbidden('You can only change your own password.');
      const user = await loadUser(db, a.accountId, a.userId);
      if (!(await checkCurrentPassword(db, config.authLimits, a.userId, user.password_hash, req.body.currentPassword))) {
        throw badRequest('Current password is incorrect.');
      }
      const hash = await hashPassword(req.body.password);
      const ended = await db.tx(async (q) => {
        await q.query('update users set password_hash = $2 where id = $1', [a.userId, hash]);
        await recordAudit(q, auditWho(req), 'passwordChanged');
        return revokeSessions(q, [a.userId], 'password changed', a.sessionId);
      });
      endSessions(a.accountId, ended);
      return { message: 'Password updated' };
    },
  );

  r.put(
    '/users/:id/reset-password',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['users'],
        description: "Sets another user's password and signs them out.",
        params: userIdParamSchema,
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      if (req.params.id === a.userId) throw forbidden('Use Change Password for your own password.');
      await manageableUser(db, a.accountId, actorOf(a), req.params.id);
      const hash = await hashPassword(req.body.password);
      const ended = await db.tx(async (q) => {
        await manageableUser(q, a.accountId, actorOf(a), req.params.id);
        await q.query('update users set password_hash = $3 where id = $1 and account_id = $2', [req.params.id, a.accountId, hash]);
        await recordAudit(q, auditWho(req), 'passwordReset', await userAbout(q, a.accountId, req.params.id));
        return revokeSessions(q, [req.params.id], 'password reset');
      });
      endSessions(a.accountId, ended);
      return { message: 'Password reset' };
    },
  );

  r.put(
    '/users/:id/reset-mfa',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['users'],
        description: "Turns another user's MFA off, so they set it up again.",
        params: userIdParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      if (req.params.id === a.userId) throw forbidden('Use the MFA page for your own MFA.');
      await db.tx(async (q) => {
        await manageableUser(q, a.accountId, actorOf(a), req.params.id);
        await q.query(
          `update users set mfa_enabled = false, mfa_secret = null, mfa_pending_secret = null, mfa_last_step = null
            where id = $1 and account_id = $2`,
          [req.params.id, a.accountId],
        );
        await recordAudit(q, auditWho(req), 'mfaReset', await userAbout(q, a.accountId, req.params.id));
      });
      await publishUser(deps, a.accountId, req.params.id);
      return { message: 'MFA reset' };
    },
  );

  r.put(
    '/users/:id/picture',
    {
      schema: {
        tags: ['users'],
        description: 'Sets or clears (null) the avatar.',
        params: userIdParamSchema,
        body: pictureSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      const user = await db.tx(async (q) => {
        await manageableUser(q, a.accountId, actorOf(a), req.params.id);
        await q.query('update users set avatar = $3 where id = $1 and account_id = $2', [req.params.id, a.accountId, req.body.avatar]);
        return findUser(q, a.accountId, req.params.id);
      });
      if (!user) throw notFound('User not found');
      events.emit('userUpdated', { accountId: a.accountId, user });
      return user;
    },
  );

  r.post(
    '/users/:id/ghost',
    {
      schema: {
        tags: ['users'],
        description: 'Acts as another user of the account with the same session (super, owner and admin only).',
        params: userIdParamSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (req) => {
      const a = auth(req);
      if (!isAdminRole(a.realRole)) throw forbidden();
      const target = await loadUser(db, a.accountId, req.params.id);
      if (target.id === a.realUserId) throw badRequest('You cannot ghost yourself.');
      if (rank(target.role) > rank(a.realRole)) throw forbidden();
      const who = auditWho(req);
      const { ghost, about } = await db.tx(async (q) => {
        await q.query('update sessions set ghost_user_id = $2 where id = $1', [a.sessionId, target.id]);
        const about = await userAbout(q, a.accountId, target.id);
        // A ghost that stops being one person to become another ends the first.
        if (who.actingAsId) await recordAudit(q, who, 'ghostStopped', await userAbout(q, a.accountId, who.actingAsId));
        await recordAudit(q, { ...who, actingAsId: null }, 'ghostStarted', about);
        const [ghost] = await q.query<{ name: string }>(`select first_name || ' ' || last_name as name from users where id = $1`, [a.realUserId]);
        return { ghost: ghost?.name ?? 'An administrator', about };
      });
      events.emit('identityChanged', { accountId: a.accountId, sessionIds: [a.sessionId] });
      // The person is told that someone now sees and acts as them.
      await mail
        .send({
          accountId: a.accountId,
          to: target.email,
          subject: `${ghost} is using Agency Desk as you`,
          body:
            `${ghost} started using Agency Desk as you (${about.label}) at ${new Date().toISOString()} from ${req.ip}. ` +
            'What they do is recorded in the audit log under their own name. If you did not expect this, tell the owner of your agency.\n',
        })
        .catch((err: unknown) => console.error('ghost notice mail failed', err));
      return sessionResponse(db, { ...a, userId: target.id });
    },
  );
}
