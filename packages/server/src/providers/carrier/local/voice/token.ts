import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The local carrier's access tokens: `{identity, exp, sid}` signed with the carrier's key, `sid`
 * being the session the API issued the token to (tools holding the key, the carrier CLI and the
 * bench, sign tokens of no session). The Device never reads its token; only our signalling server
 * does, at `listen`, and it refuses a token whose session has ended.
 */
export function signVoiceToken(key: string, identity: string, ttlSeconds: number, now = Date.now(), sessionId?: string): string {
  const body = Buffer.from(JSON.stringify({ identity, exp: Math.floor(now / 1000) + ttlSeconds, ...(sessionId ? { sid: sessionId } : {}) })).toString(
    'base64url',
  );
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The identity, seconds left and session of a valid token, or null. */
export function verifyVoiceToken(key: string, token: unknown, now = Date.now()): { identity: string; ttl: number; sessionId: string | null } | null {
  if (typeof token !== 'string') return null;
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { identity, exp, sid } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { identity?: unknown; exp?: unknown; sid?: unknown };
    const ttl = Number(exp) - Math.floor(now / 1000);
    if (typeof identity !== 'string' || !identity || !(ttl > 0)) return null;
    return { identity, ttl, sessionId: typeof sid === 'string' && sid ? sid : null };
  } catch {
    return null;
  }
}
