import { randomUUID } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { AUTH_MESSAGES, type AuthCheckResponse, type Session } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { badRequest, unauthorized } from '../../http/errors';
import { controlCharMessage, hasControlChar } from '../../http/controlChars';
import { findAccount, findUser } from '../accounts/members';
import { newToken } from '../../sealing/tokens';
import type { Sealer } from '../../sealing/crypto';
import { verifyTotp } from './totp';
import { openTotpSecret } from './totpSecrets';

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => argonHash(password, ARGON);
export const verifyPassword = (hash: string, password: string) => argonVerify(hash, password).catch(() => false);

/** The accounts an email signs in to, as the sign-in page shows them (id and name only: it is asked before any password). */
export async function accountsForEmail(db: Queryable, email: string): Promise<AuthCheckResponse['accounts']> {
  return db.query<AuthCheckResponse['accounts'][number]>(
    `select a.id, a.name
       from users u join accounts a on a.id = u.account_id
      where lower(u.email) = lower($1) and u.deleted_at is null
      order by a.name`,
    [email.trim()],
  );
}

interface CredentialRow {
  id: string;
  email: string;
  password_hash: string;
  mfa_enabled: boolean;
  mfa_secret: string | null;
}

const CREDENTIAL_COLUMNS = 'id, email, password_hash, mfa_enabled, mfa_secret';

export function parseBasic(header: string | undefined): { email: string; password: string } {
  if (!header?.startsWith('Basic ')) throw badRequest('Email and password are required');
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 1) throw badRequest('Email and password are required');
  if (hasControlChar(decoded)) throw badRequest(controlCharMessage('header authorization'));
  return { email: decoded.slice(0, i).trim(), password: decoded.slice(i + 1) };
}

// Checked when the email is unknown, so an unknown email takes as long to refuse as a wrong password.
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword('no such user, no such password'));

/**
 * Uses a TOTP code once: stores its time step unless that step (or a later one) was used already.
 * One statement, so two requests racing with the same code cannot both win.
 */
export async function spendTotpCode(db: Db, sealer: Sealer, userId: string, sealedSecret: string, code: string): Promise<boolean> {
  const step = verifyTotp(openTotpSecret(sealer, userId, sealedSecret), code, null);
  if (step === null) return false;
  const rows = await db.tx((q) =>
    q.query('update users set mfa_last_step = $2 where id = $1 and (mfa_last_step is null or mfa_last_step < $2) returning id', [userId, step]),
  );
  return rows.length === 1;
}

/** Password, then the TOTP code when MFA is on. Throws the message the client shows. */
async function verifyCredentials(db: Db, sealer: Sealer, row: CredentialRow | undefined, password: string, code: string | undefined): Promise<string> {
  const ok = row ? await verifyPassword(row.password_hash, password) : (await verifyPassword(await unknownUserHash(), password), false);
  if (!row || !ok) throw unauthorized(AUTH_MESSAGES.invalidLogin);
  if (row.mfa_enabled && row.mfa_secret) {
    if (!code) throw unauthorized(AUTH_MESSAGES.mfaRequired);
    if (!(await spendTotpCode(db, sealer, row.id, row.mfa_secret, code))) throw unauthorized(AUTH_MESSAGES.invalidCode);
  }
  return row.id;
}

/** Checks email + password (+ TOTP code when MFA is on) for one account. Returns the user id. */
export async function checkCredentials(db: Db, sealer: Sealer, input: { accountId: string; email: string; password: string; code?: string }): Promise<string> {
  const [row] = await db.query<CredentialRow>(
    `select ${CREDENTIAL_COLUMNS} from users where account_id = $1 and lower(email) = lower($2) and deleted_at is null`,
    [input.accountId, input.email],
  );
  return verifyCredentials(db, sealer, row, input.password, input.code);
}

/**
 * The lock screen's unlock: the session must still be live and the credentials must be those of
 * the user who signed in to it (the admin, not the ghost, while ghosting). Nothing is revoked or
 * renewed; the caller answers with the same session.
 */
export async function checkUnlock(
  db: Db,
  sealer: Sealer,
  ctx: AuthContext,
  input: { accountId: string; email: string; password: string; code?: string },
): Promise<void> {
  const [row] = await db.query<CredentialRow>(`select ${CREDENTIAL_COLUMNS} from users where id = $1 and account_id = $2`, [ctx.realUserId, ctx.accountId]);
  const sameUser = ctx.accountId === input.accountId && row && row.email.toLowerCase() === input.email.toLowerCase();
  await verifyCredentials(db, sealer, sameUser ? row : undefined, input.password, input.code);
}

/** Opens a session. A desktop sign-in retires the user's other desktop sessions ('Session Invalid'). */
export async function openSession(
  db: Db,
  opts: { accountId: string; userId: string; device: 'desktop' | 'mobile'; ip?: string; hours: number },
): Promise<{ token: string; sessionId: string; expiresAt: string; superseded: string[] }> {
  const { token, hash } = newToken();
  const sessionId = randomUUID();
  return db.tx(async (q) => {
    // One live session per person and device kind: a new sign-in retires the older one of its kind.
    const superseded = await q.query<{ id: string }>(
      `update sessions set revoked_at = now(), revoked_reason = 'superseded'
        where user_id = $1 and device = $2 and revoked_at is null
        returning id`,
      [opts.userId, opts.device],
    );
    const [row] = await q.query<{ expires_at: Date }>(
      `insert into sessions (id, token_hash, account_id, user_id, device, ip, expires_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))
       returning expires_at`,
      [sessionId, hash, opts.accountId, opts.userId, opts.device, opts.ip ?? null, opts.hours],
    );
    return { token, sessionId, expiresAt: new Date(row.expires_at).toISOString(), superseded: superseded.map((r) => r.id) };
  });
}

/** Ends every live session of these users but `keep`. Returns the ended session ids. */
export async function revokeSessions(q: Queryable, userIds: string[], reason: string, keep?: string): Promise<Array<{ id: string; account_id: string }>> {
  return q.query<{ id: string; account_id: string }>(
    `update sessions set revoked_at = now(), revoked_reason = $2
      where user_id = any($1::uuid[]) and revoked_at is null and ($3::uuid is null or id <> $3::uuid)
      returning id, account_id`,
    [userIds, reason, keep ?? null],
  );
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

/** The full session answer (sign-in, unlock, ghost, unghost): the token stays what it was. */
export async function sessionResponse(
  db: Queryable,
  ctx: { token: string; expiresAt: string; accountId: string; userId: string; realUserId: string },
): Promise<Session> {
  return { token: ctx.token, expiresAt: ctx.expiresAt, ...(await describeSession(db, ctx)) };
}
