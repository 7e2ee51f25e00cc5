import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, isAdminRole, type Role } from '@agency/contracts';
import type { Db } from '../db/index';
import { hashToken } from '../modules/auth/tokens';
import { forbidden, unauthorized } from './errors';

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
  revoked_at: Date | null;
  revoked_reason: string | null;
  real_role: Role;
  ghost_role: Role | null;
}

export async function resolveSession(db: Db, token: string): Promise<AuthContext> {
  const [row] = await db.query<SessionRow>(
    `select s.id, s.account_id, s.user_id, s.ghost_user_id, s.expires_at, s.revoked_at, s.revoked_reason,
            u.role as real_role, g.role as ghost_role
       from sessions s
       join users u on u.id = s.user_id and u.deleted_at is null
       left join users g on g.id = s.ghost_user_id and g.deleted_at is null
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) throw unauthorized();
  if (row.revoked_at) throw unauthorized(row.revoked_reason === 'superseded' ? AUTH_MESSAGES.sessionInvalid : 'Unauthorized');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw unauthorized('Session expired');
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
  };
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

/** preHandler: the request must carry a live session. */
export function requireAuth(db: Db) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    req.auth = await resolveSession(db, token);
  };
}

/** preHandler (after requireAuth): the acting user must have one of these roles. */
export function requireRole(...roles: Array<Role | 'admin-roles'>) {
  return async (req: FastifyRequest) => {
    const role = req.auth?.role;
    const ok = roles.some((r) => (r === 'admin-roles' ? isAdminRole(role) : r === role));
    if (!ok) throw forbidden();
  };
}

export function auth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
