import type { Db } from '../../db/index';
import type { Sealer } from '../../sealing/crypto';

/*
 * TOTP secrets are sealed and bound to their user: users.mfa_secret and users.mfa_pending_secret
 * hold sealed values only. A secret stored before sealing (or seeded) is sealed at start-up.
 */
export const totpBinding = (userId: string) => `users:${userId}:totp`;
const binding = totpBinding;
const SEALED = /^v[12]:/;

export const sealTotpSecret = (sealer: Sealer, userId: string, secret: string): string => sealer.seal(secret, binding(userId));
export const openTotpSecret = (sealer: Sealer, userId: string, stored: string): string => sealer.open(stored, binding(userId));

/** Seals every TOTP secret still stored readable. Returns how many users it sealed. */
export async function sealReadableTotpSecrets(db: Db, sealer: Sealer): Promise<number> {
  const rows = await db.query<{ id: string; mfa_secret: string | null; mfa_pending_secret: string | null }>(
    `select id, mfa_secret, mfa_pending_secret from users where mfa_secret !~ '^v[12]:' or mfa_pending_secret !~ '^v[12]:'`,
  );
  const seal = (id: string, v: string | null) => (v === null || SEALED.test(v) ? v : sealTotpSecret(sealer, id, v));
  await db.tx(async (q) => {
    for (const r of rows) {
      await q.query('update users set mfa_secret = $2, mfa_pending_secret = $3 where id = $1', [
        r.id,
        seal(r.id, r.mfa_secret),
        seal(r.id, r.mfa_pending_secret),
      ]);
    }
  });
  return rows.length;
}
