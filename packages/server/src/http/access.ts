import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLES, AUTH_MESSAGES, type Role } from '@agency/contracts';
import type { Queryable } from '../db/index';
import { bearerToken, resolveSession, type AuthContext } from './context';
import { forbidden, notFound, unauthorized } from './errors';
import type { SessionCache } from './sessionCache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The roles that may call the route; any signed-in role when absent. */
    roles?: readonly Role[];
  }
}

/*
 * Deny by default: every route under /api needs a live session, except the ones listed here.
 * A route is named as registered: 'METHOD /api/path/:param'. A webhook or a public page added
 * later is one line in this list, and nowhere else.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/healthcheck',
  'GET /api/config',
  'GET /api/auth/check/:email',
  'POST /api/auth',
  'POST /api/auth/forgot-password',
  'POST /api/auth/forgot-password/verify',
  'GET /api/service-review/:id',
  'POST /api/service-review/:id',
  'GET /api/service-review/:id/:reviewId',
  'POST /api/service-review/:id/:reviewId',
  // The carrier's signed webhooks (checked against X-Twilio-Signature in modules/sms/webhooks.ts).
  'POST /api/carrier/sms/inbound',
  'POST /api/carrier/sms/status',
  // The local carrier's own, for its CLI: fail the next text to a number (signed the same way).
  'POST /api/carrier/sms/fail-next',
  // Its voice webhooks (checked the same way in modules/phone/webhooks.ts).
  'POST /api/carrier/voice/incoming',
  'POST /api/carrier/voice/outgoing',
  'POST /api/carrier/voice/dial',
  'POST /api/carrier/voice/dial-event',
  'POST /api/carrier/voice/transfer',
  'POST /api/carrier/voice/recording',
  'POST /api/carrier/voice/ivr',
  'POST /api/carrier/voice/status',
  'POST /api/carrier/voice/queue-wait',
  'POST /api/carrier/voice/queue-left',
  'POST /api/carrier/voice/queue-take',
  'POST /api/carrier/voice/voicemail',
  'POST /api/carrier/voice/conference-join',
  'POST /api/carrier/voice/conference-event',
  'POST /api/carrier/voice/conference-call',
  // Texted pictures: the carrier fetches them without a session; the address carries a 256-bit token.
  'GET /api/media/sms/:id/:token',
  // The GIFs shipped with the app (drawn in code, the same for everyone), for chat's <img> tags.
  'GET /api/gifs/:file',
  // Call-flow recordings the carrier plays to callers; the address carries a 256-bit token.
  'GET /api/media/call-flow/:id/:token',
  // Publishing a release with a deploy key instead of a session (checked in modules/deploy/routes.ts).
  'GET /api/releases/shell-surface',
  'POST /api/releases/:name/publish/missing',
  'PUT /api/releases/:name/publish/files/:sha256',
  'POST /api/releases/:name/publish',
  // The payment provider's signed webhook (checked against Stripe-Signature in modules/billing/routes.ts).
  'POST /api/billing/stripe/webhook',
];

/** What a session that must first enrol in MFA may still do: enrol, see who it is, sign out. */
export const ENROLMENT_ROUTES: readonly string[] = ['POST /api/auth/mfa/init', 'POST /api/auth/mfa/verify', 'GET /api/users/me', 'DELETE /api/auth'];

const publicRoutes = new Set(PUBLIC_ROUTES);
const enrolmentRoutes = new Set(ENROLMENT_ROUTES);

/** A route of the API as registered (for the tests that walk every route). */
export interface ApiRoute {
  method: string;
  url: string;
}

/** The route a request reached, as PUBLIC_ROUTES names it (HEAD answers as its GET). */
export function routeKey(req: FastifyRequest): string | null {
  const url = req.routeOptions.url;
  if (!url) return null;
  return `${req.method === 'HEAD' ? 'GET' : req.method} ${url}`;
}

/**
 * The account a request under /accounts/:accountId acts on: the caller's own, or any existing
 * account for a super user.
 */
export async function accountInScope(q: Queryable, a: Pick<AuthContext, 'accountId' | 'role'>, accountId: string): Promise<string> {
  if (accountId === a.accountId) return accountId;
  if (a.role !== 'super') throw forbidden();
  const [row] = await q.query('select 1 from accounts where id = $1', [accountId]);
  if (!row) throw notFound('Account not found');
  return accountId;
}

/**
 * Registers the one access check of the API scope, in this order: the session (unless the route
 * is public), MFA enrolment, the route's roles, and the account scope of /accounts/:accountId.
 * Every route registered after it in the scope is added to `table`.
 */
export function accessControl(api: FastifyInstance, db: Queryable, sessions: SessionCache, table: ApiRoute[] = []): ApiRoute[] {
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  api.addHook('onRequest', async (req) => {
    const key = routeKey(req);
    if (key === null || publicRoutes.has(key)) return; // not found, or public
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const session = await resolveSession(db, token, sessions);
    req.auth = session;
    if (session.mfaEnrolmentRequired && !enrolmentRoutes.has(key)) throw forbidden(AUTH_MESSAGES.mfaSetupRequired);
    const roles = req.routeOptions.config.roles;
    if (roles && !roles.includes(session.role)) throw forbidden();
    const accountId = (req.params as Record<string, string | undefined> | undefined)?.accountId;
    if (accountId !== undefined) await accountInScope(db, session, accountId);
  });
  return table;
}

/** An onRequest hook for pages outside the API scope (the docs): a live owner's or admin's session. */
export const adminsOnly =
  (db: Queryable, sessions: SessionCache) =>
  async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const session = await resolveSession(db, token, sessions);
    if (session.mfaEnrolmentRequired || !(ADMIN_ROLES as readonly Role[]).includes(session.role)) throw forbidden();
  };
