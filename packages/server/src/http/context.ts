import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, SESSION_IDLE_MS, type Role } from '@agency/contracts';
import type { Queryable } from '../db/index';
import { hashToken } from '../sealing/tokens';
import { unauthorized } from './errors';

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

interface SessionRow {
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
const SEEN_EVERY_MS = 60_000;

export async function resolveSession(db: Queryable, token: string): Promise<AuthContext> {
  const [row] = await db.query<SessionRow>(
    `select s.id, s.account_id, s.user_id, s.ghost_user_id, s.expires_at, s.last_seen_at, s.revoked_at, s.revoked_reason,
            u.role as real_role, g.role as ghost_role,
            (not u.mfa_enabled and (u.role = 'super' or a.mfa_required)) as mfa_enrolment_required
       from sessions s
       join users u on u.id = s.user_id and u.deleted_at is null
       join accounts a on a.id = s.account_id
       left join users g on g.id = s.ghost_user_id and g.deleted_at is null
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) throw unauthorized();
  if (row.revoked_at) throw unauthorized(row.revoked_reason === 'superseded' ? AUTH_MESSAGES.sessionInvalid : 'Unauthorized');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw unauthorized('Session expired');
  // Unused for the idle time (no request, no open socket), as the screen would have signed out.
  const idleFor = Date.now() - new Date(row.last_seen_at).getTime();
  if (idleFor >= SESSION_IDLE_MS) throw unauthorized('Session expired');
  if (idleFor >= SEEN_EVERY_MS) await db.query('update sessions set last_seen_at = now() where id = $1', [row.id]);
  const acting = row.ghost_user_id && row.ghost_role ? { id: row.ghost_user_id, role: row.ghost_role } : { id: row.user_id, role: row.real_role };
  return {
    sessionId: row.id,
    accountId: row.account_id,
    userId: acting.id,
    role: acting.role,
    realUserId: row.user_id,
    realRole: row.real_role,
    token,
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
