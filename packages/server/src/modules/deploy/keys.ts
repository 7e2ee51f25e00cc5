// Deploy keys: created by a super user for a team's names, shown once, kept as a SHA-256 of the
// secret, revocable, expiring. A secret reads `adk_<key id, 32 hex>_<secret, 43 base64url>`: the id
// finds the row, the hash of the whole is compared in constant time.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DeployKey, DeployKeyCreate } from '@agency/contracts';
import type { Queryable } from '../../db/index';

interface KeyRow {
  id: string;
  label: string;
  names: string[];
  secret_hash: string;
  created_by: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const SECRET = /^adk_([0-9a-f]{32})_[A-Za-z0-9_-]{43}$/;

const toKey = (r: KeyRow): DeployKey => ({
  id: r.id,
  label: r.label,
  names: r.names,
  createdBy: r.created_by,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at)!,
  revokedAt: iso(r.revoked_at),
  lastUsedAt: iso(r.last_used_at),
});

/** Every key, the newest first. */
export async function listDeployKeys(db: Queryable): Promise<DeployKey[]> {
  return (await db.query<KeyRow>('select * from deploy_keys order by created_at desc, id')).map(toKey);
}

/** A new key and its secret (returned this once, never stored). */
export async function createDeployKey(db: Queryable, input: DeployKeyCreate, by: string): Promise<{ key: DeployKey; secret: string }> {
  const id = randomUUID();
  const secret = `adk_${id.replace(/-/g, '')}_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query<KeyRow>(
    `insert into deploy_keys (id, label, names, secret_hash, created_by, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int)) returning *`,
    [id, input.label, [...new Set(input.names)], hashOf(secret), by, input.expiresInDays],
  );
  return { key: toKey(row!), secret };
}

/** Revokes a key for good; null when there is no such key. */
export async function revokeDeployKey(db: Queryable, id: string, by: string): Promise<DeployKey | null> {
  const [row] = await db.query<KeyRow>(
    'update deploy_keys set revoked_at = coalesce(revoked_at, now()), revoked_by = coalesce(revoked_by, $2) where id = $1 returning *',
    [id, by],
  );
  return row ? toKey(row) : null;
}

export type KeyCheck = { ok: true; key: DeployKey } | { ok: false; reason: string };

/** The key a secret names, if it is live: not revoked, not expired, the secret its own. Its use is noted. */
export async function checkDeployKey(db: Queryable, secret: string | undefined): Promise<KeyCheck> {
  const m = secret ? SECRET.exec(secret) : null;
  if (!m) return { ok: false, reason: 'A deploy key is needed: Authorization: Bearer adk_…' };
  const id = m[1]!.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  const [row] = await db.query<KeyRow>('select * from deploy_keys where id = $1', [id]);
  const given = Buffer.from(hashOf(secret!), 'hex');
  if (!row || !timingSafeEqual(given, Buffer.from(row.secret_hash, 'hex'))) return { ok: false, reason: 'This deploy key is not known.' };
  if (row.revoked_at) return { ok: false, reason: `The deploy key "${row.label}" was revoked.` };
  if (new Date(row.expires_at).getTime() <= Date.now())
    return { ok: false, reason: `The deploy key "${row.label}" expired on ${iso(row.expires_at)!.slice(0, 10)}.` };
  await db.query('update deploy_keys set last_used_at = now() where id = $1', [id]);
  return { ok: true, key: toKey(row) };
}
