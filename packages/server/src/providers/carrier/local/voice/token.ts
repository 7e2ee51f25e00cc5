import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The local carrier's access tokens: `{identity, exp}` signed with the carrier's key. The Device
 * never reads its token; only our signalling server does, at `listen`.
 */
export function signVoiceToken(key: string, identity: string, ttlSeconds: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ identity, exp: Math.floor(now / 1000) + ttlSeconds })).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The identity and seconds left of a valid token, or null. */
export function verifyVoiceToken(key: string, token: unknown, now = Date.now()): { identity: string; ttl: number } | null {
  if (typeof token !== 'string') return null;
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { identity, exp } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { identity?: unknown; exp?: unknown };
    const ttl = Number(exp) - Math.floor(now / 1000);
    if (typeof identity !== 'string' || !identity || !(ttl > 0)) return null;
    return { identity, ttl };
  } catch {
    return null;
  }
}
