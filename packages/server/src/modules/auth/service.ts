import { randomUUID } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { AUTH_MESSAGES, type AccountSummary, type Session } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { badRequest, unauthorized } from '../../http/errors';
import { findAccount, findUser } from '../users/mapping';
import { newToken } from './tokens';
import { verifyTotp } from './totp';

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => argonHash(password, ARGON);
export const verifyPassword = (hash: string, password: string) => argonVerify(hash, password).catch(() => false);

export async function accountsForEmail(db: Queryable, email: string): Promise<AccountSummary[]> {
  return db.query<AccountSummary>(
    `select a.id, a.name, a.db_name as "dbName"
       from users u join accounts a on a.id = u.account_id
      where lower(u.email) = lower($1) and u.deleted_at is null
      order by a.name`,
    [email.trim()],
  );
}

interface CredentialRow {
  id: string;
  password_hash: string;
  role: string;
  mfa_enabled: boolean;
  mfa_secret: string | null;
  mfa_last_step: string | null;
}

export function parseBasic(header: string | undefined): { email: string; password: string } {
  if (!header?.startsWith('Basic ')) throw badRequest('Email and password are required');
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 1) throw badRequest('Email and password are required');
  return { email: decoded.slice(0, i).trim(), password: decoded.slice(i + 1) };
}

/** Checks email + password (+ TOTP code when MFA is on) for one account. Returns the user id. */
export async function checkCredentials(
  db: Db,
  input: { accountId: string; email: string; password: string; code?: string },
): Promise<string> {
  const [row] = await db.query<CredentialRow>(
    `select id, password_hash, role, mfa_enabled, mfa_secret, mfa_last_step
       from users where account_id = $1 and lower(email) = lower($2) and deleted_at is null`,
    [input.accountId, input.email],
  );
  const ok = row ? await verifyPassword(row.password_hash, input.password) : false;
  if (!row || !ok) throw unauthorized(AUTH_MESSAGES.invalidLogin);
  if (row.mfa_enabled && row.mfa_secret) {
    if (!input.code) throw unauthorized(AUTH_MESSAGES.mfaRequired);
    const step = verifyTotp(row.mfa_secret, input.code, row.mfa_last_step === null ? null : Number(row.mfa_last_step));
    if (step === null) throw unauthorized(AUTH_MESSAGES.invalidCode);
    await db.query('update users set mfa_last_step = $2 where id = $1', [row.id, step]);
  }
  return row.id;
}

/** Opens a session. A desktop sign-in retires the user's other desktop sessions ('Session Invalid'). */
export async function openSession(
  db: Db,
  opts: { accountId: string; userId: string; device: 'desktop' | 'mobile'; ip?: string; hours: number },
): Promise<string> {
  const { token, hash } = newToken();
  await db.tx(async (q) => {
    if (opts.device === 'desktop') {
      await q.query(
        `update sessions set revoked_at = now(), revoked_reason = 'superseded'
          where user_id = $1 and device = 'desktop' and revoked_at is null`,
        [opts.userId],
      );
    }
    await q.query(
      `insert into sessions (id, token_hash, account_id, user_id, device, ip, expires_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))`,
      [randomUUID(), hash, opts.accountId, opts.userId, opts.device, opts.ip ?? null, opts.hours],
    );
  });
  return token;
}

/** The session view the client keeps: who is acting, their account, and the admin behind a ghost. */
export async function describeSession(
  db: Queryable,
  ctx: { accountId: string; userId: string; realUserId: string },
): Promise<Omit<Session, 'token' | 'expiresAt'>> {
  const [user, account] = await Promise.all([findUser(db, ctx.accountId, ctx.userId), findAccount(db, ctx.accountId)]);
  if (!user || !account) throw unauthorized();
  const ghostedBy = ctx.realUserId !== ctx.userId ? await findUser(db, ctx.accountId, ctx.realUserId) : null;
  const mfaSetupRequired = !user.mfaEnabled && (account.mfaRequired || user.role === 'super');
  return { user, account, ghostedBy, mfaSetupRequired };
}
