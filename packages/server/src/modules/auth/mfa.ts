import type { Db } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { AUTH_MESSAGES } from '@agency/contracts';
import { recordAudit, type AuditWho } from '../audit/trail';
import type { Sealer } from '../../sealing/crypto';
import { newTotpSecret, totpUrl, verifyTotp } from './totp';
import { openTotpSecret, sealTotpSecret } from './totpSecrets';

/** Starts MFA setup: a new pending secret, replacing any earlier pending one. MFA stays as it was until verified. */
export async function initMfa(db: Db, sealer: Sealer, accountId: string, userId: string): Promise<{ url: string; code: string }> {
  const secret = newTotpSecret();
  const [row] = await db.tx((q) =>
    q.query<{ email: string }>('update users set mfa_pending_secret = $3 where id = $1 and account_id = $2 and deleted_at is null returning email', [
      userId,
      accountId,
      sealTotpSecret(sealer, userId, secret),
    ]),
  );
  if (!row) throw notFound('User not found');
  return { url: totpUrl(secret, row.email), code: secret };
}

/** Checks a code against the pending secret and, when right, turns MFA on with that secret. */
export async function verifyMfa(db: Db, sealer: Sealer, accountId: string, userId: string, code: string, who: AuditWho): Promise<void> {
  const [row] = await db.query<{ mfa_pending_secret: string | null }>(
    'select mfa_pending_secret from users where id = $1 and account_id = $2 and deleted_at is null',
    [userId, accountId],
  );
  if (!row) throw notFound('User not found');
  const secret = row.mfa_pending_secret;
  if (!secret) throw badRequest('Start the MFA setup first');
  const step = verifyTotp(openTotpSecret(sealer, userId, secret), code, null);
  if (step === null) throw badRequest(AUTH_MESSAGES.invalidCode);
  const done = await db.tx(async (q) => {
    const rows = await q.query(
      `update users set mfa_enabled = true, mfa_secret = mfa_pending_secret, mfa_pending_secret = null, mfa_last_step = $4
        where id = $1 and account_id = $2 and mfa_pending_secret = $3 and (mfa_last_step is null or mfa_last_step < $4)
        returning id`,
      [userId, accountId, secret, step],
    );
    if (rows.length) await recordAudit(q, who, 'mfaEnabled');
    return rows;
  });
  if (!done.length) throw badRequest(AUTH_MESSAGES.invalidCode);
}
