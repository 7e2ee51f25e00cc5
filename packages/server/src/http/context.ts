import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, SESSION_IDLE_MS, type Role } from '@agency/contracts';
import type { Queryable } from '../db/index';
import { hashToken } from '../sealing/tokens';
import { unauthorized } from './errors';
import type { SessionCache } from './sessionCache';

/** Who is asking: every tenant-scoped query takes accountId from here and nowhere else. */
export interface AuthContext {
  sessionId: string;
  accountId: string;
  /** The user the request acts as (the ghosted user while ghosting). */
  userId: string;
  role: Role;
  /** The signed-in user's own id (differs from userId while ghosting). */
  realUserId: string;
  realRole: Role;
  token: string;
  /** The token's hash, by which the session is stored and kept in memory. */
  tokenHash: string;
  /** When the session ends (ISO time). */
  expiresAt: string;
  /** The signed-in user must enrol in MFA first (a super user, or the account requires it): the session can only enrol or sign out. */
  mfaEnrolmentRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** A session as the database has it, with who it acts as: what a verified session is cached as. */
export interface SessionRow {
  id: string;
  account_id: string;
  user_id: string;
  ghost_user_id: string | null;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  real_role: Role;
  ghost_role: Role | null;
  mfa_enrolment_required: boolean;
}

/** How often a session's use is written down (at most once a minute, not on every request). */
export const SEEN_EVERY_MS = 60_000;

/**
 * Who a bearer token is, in at most one database round trip, and none while `cache` holds the
 * session (plus the write of its use, once a minute).
 */
export async function resolveSession(db: Queryable, token: string, cache?: SessionCache): Promise<AuthContext> {
  const hash = hashToken(token);
  const cached = cache?.lookup(hash, Date.now());
  if (cached) return contextOf(cached, token, hash);
  const mark = cache?.mark();
  const [row] = await db.query<SessionRow>(
    `select s.id, s.account_id, s.user_id, s.ghost_user_id, s.expires_at, s.last_seen_at, s.revoked_at, s.revoked_reason,
            u.role as real_role, g.role as ghost_role,
            (not u.mfa_enabled and (u.role = 'super' or a.mfa_required)) as mfa_enrolment_required
       from sessions s
       join users u on u.id = s.user_id and u.deleted_at is null
       join accounts a on a.id = s.account_id
       left join users g on g.id = s.ghost_user_id and g.deleted_at is null
      where s.token_hash = $1`,
    [hash],
  );
  if (!row) throw unauthorized();
  if (row.revoked_at) throw unauthorized(row.revoked_reason === 'superseded' ? AUTH_MESSAGES.sessionInvalid : 'Unauthorized');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw unauthorized('Session expired');
  // Unused for the idle time (no request, no open socket), as the screen would have signed out.
  const idleFor = Date.now() - new Date(row.last_seen_at).getTime();
  if (idleFor >= SESSION_IDLE_MS) throw unauthorized('Session expired');
  if (idleFor >= SEEN_EVERY_MS) {
    await db.query('update sessions set last_seen_at = now() where id = $1', [row.id]);
    row.last_seen_at = new Date();
  }
  if (cache && mark !== undefined) cache.keep(hash, row, mark);
  return contextOf(row, token, hash);
}

function contextOf(row: SessionRow, token: string, tokenHash: string): AuthContext {
  const acting = row.ghost_user_id && row.ghost_role ? { id: row.ghost_user_id, role: row.ghost_role } : { id: row.user_id, role: row.real_role };
  return {
    sessionId: row.id,
    accountId: row.account_id,
    userId: acting.id,
    role: acting.role,
    realUserId: row.user_id,
    realRole: row.real_role,
    token,
    tokenHash,
    expiresAt: new Date(row.expires_at).toISOString(),
    mfaEnrolmentRequired: row.mfa_enrolment_required,
  };
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

export function auth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
