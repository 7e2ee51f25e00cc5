import { AUTH_MESSAGES, IDENTITY_MESSAGES, type IdentityConfirm } from '@agency/contracts';
import type { AuthLimits } from '../../config';
import type { Db } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { recordAudit, type AuditWho } from '../audit/trail';
import type { Sealer } from '../../sealing/crypto';
import { addHit, takeBack } from './rate-limit';
import { spendTotpCode, verifyPassword } from './service';

/**
 * Every check of a signed-in person's current password (changing the password or the email, turning
 * MFA off or setting it up again) goes through here and shares one count per person: at most
 * `currentPasswordPerPerson` wrong ones in the window, from any session and address, so a borrowed
 * session cannot guess the password. The try is counted before the password is checked (parallel
 * guesses cannot pass the limit); past the limit it answers 429, even with the right password; the
 * right password clears the count.
 */
export async function checkCurrentPassword(db: Db, limits: AuthLimits, userId: string, passwordHash: string, password: string): Promise<boolean> {
  const key = `cp:${userId}`;
  const allowed = await db.tx(async (q) => {
    if ((await addHit(q, key, limits.windowMinutes)) <= limits.currentPasswordPerPerson) return true;
    await takeBack(q, key, limits.windowMinutes);
    return false;
  });
  if (!allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  if (!(await verifyPassword(passwordHash, password))) return false;
  await db.query('delete from auth_failures where key = $1', [key]);
  return true;
}

/*
 * Changes that would let a borrowed session take an account over (turning MFA off, setting it up
 * again with a new secret, changing one's own email) need the person themselves: the current
 * password, and the current code when MFA is on. Refusals are 400, not 401: a wrong password here
 * must not sign the person out.
 */
export async function confirmIdentity(db: Db, sealer: Sealer, limits: AuthLimits, a: AuthContext, confirm: IdentityConfirm | null | undefined): Promise<void> {
  if (a.userId !== a.realUserId) throw forbidden(IDENTITY_MESSAGES.notWhileGhosting);
  const [row] = await db.query<{ password_hash: string; mfa_enabled: boolean; mfa_secret: string | null }>(
    'select password_hash, mfa_enabled, mfa_secret from users where id = $1 and account_id = $2 and deleted_at is null',
    [a.userId, a.accountId],
  );
  if (!row) throw notFound('User not found');
  if (!confirm?.currentPassword) throw badRequest(IDENTITY_MESSAGES.passwordNeeded);
  if (!(await checkCurrentPassword(db, limits, a.userId, row.password_hash, confirm.currentPassword))) throw badRequest(IDENTITY_MESSAGES.wrongPassword);
  if (row.mfa_enabled && row.mfa_secret) {
    if (!confirm.currentCode) throw badRequest(IDENTITY_MESSAGES.codeNeeded);
    if (!(await spendTotpCode(db, sealer, a.userId, row.mfa_secret, confirm.currentCode))) throw badRequest(AUTH_MESSAGES.invalidCode);
  }
}

/** Whether the user has MFA on now. */
export async function mfaEnabled(db: Db, a: Pick<AuthContext, 'accountId' | 'userId'>): Promise<boolean> {
  const [row] = await db.query<{ mfa_enabled: boolean }>('select mfa_enabled from users where id = $1 and account_id = $2', [a.userId, a.accountId]);
  return !!row?.mfa_enabled;
}

/** Turns the user's own MFA off, unless their role or account requires it. Returns the address to tell. */
export async function turnMfaOff(db: Db, a: AuthContext, who: AuditWho): Promise<string> {
  const [row] = await db.query<{ required: boolean; email: string }>(
    `select (u.role = 'super' or acc.mfa_required) as required, u.email
       from users u join accounts acc on acc.id = u.account_id
      where u.id = $1 and u.account_id = $2`,
    [a.userId, a.accountId],
  );
  if (!row) throw notFound('User not found');
  if (row.required) throw forbidden(IDENTITY_MESSAGES.mfaStillRequired);
  await db.tx(async (q) => {
    await q.query(
      'update users set mfa_enabled = false, mfa_secret = null, mfa_pending_secret = null, mfa_last_step = null where id = $1 and account_id = $2',
      [a.userId, a.accountId],
    );
    await recordAudit(q, who, 'mfaTurnedOff');
  });
  return row.email;
}
