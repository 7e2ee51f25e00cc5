import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The inline scripts of the shell's pages (index.html, the sign-in page: the theme is set before the first paint), as CSP
 * hash sources: they may run, and no other inline script may.
 */
export function inlineScriptHashes(pages: string[]): string[] {
  const hashes = new Set<string>();
  for (const page of pages) for (const hash of pageHashes(page)) hashes.add(hash);
  return [...hashes];
}

const hashesByPage = new Map<string, { mtimeMs: number; hashes: string[] }>();
/** One page's inline script hashes, read again only when the file changed (a shell release's never does). */
function pageHashes(page: string): string[] {
  if (!existsSync(page)) return [];
  const { mtimeMs } = statSync(page);
  const known = hashesByPage.get(page);
  if (known && known.mtimeMs === mtimeMs) return known.hashes;
  const html = readFileSync(page, 'utf8');
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  hashesByPage.set(page, { mtimeMs, hashes });
  return hashes;
}

/**
 * The Content-Security-Policy the shell and every remote run under: scripts only from this origin
 * (and the dev servers DEV_REMOTES names), no inline script but the shell's own hashed ones, no
 * eval, no plugins, never framed by another site. Styles may be inline: antd writes its styles at
 * run time.
 */
export function contentSecurityPolicy(o: {
  scriptHashes: string[];
  extraOrigins: string[];
  host?: string;
  signalPort?: number | null;
  /** Other sites pictures come from (GIPHY's, when its key is set). */
  imageOrigins?: string[];
}): string {
  // This origin's socket (some browsers do not count ws: under 'self'); a Host that is not a plain host[:port] adds nothing.
  const host = o.host && /^[a-z0-9.\-]+(:\d{1,5})?$/i.test(o.host) ? o.host : null;
  const sockets = host ? [`ws://${host}`, `wss://${host}`] : [];
  // The local carrier's phone signalling: the same host, its own TLS port (https: the phone asks once that it answers before it registers).
  if (host && o.signalPort) sockets.push(`wss://${host.replace(/:\d+$/, '')}:${o.signalPort}`, `https://${host.replace(/:\d+$/, '')}:${o.signalPort}`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...o.scriptHashes, ...o.extraOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(o.imageOrigins ?? [])],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    // blob: the phone's sounds, made in the page and read by the Voice SDK.
    'connect-src': ["'self'", 'blob:', ...sockets, ...o.extraOrigins],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Origins of the DEV_REMOTES manifests, whose scripts the shell loads in development. */
export function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: DEV_REMOTES ignores it too
    }
  }
  return [...origins];
}

const isTls = (req: FastifyRequest) => req.protocol === 'https';

/**
 * Every answer carries the security headers: the CSP (a page that sets its own, the API docs,
 * keeps it), nosniff, a referrer policy that never sends a path to another site, and HSTS when
 * the request came over TLS (directly, or through a proxy TRUST_PROXY believes).
 */
export function securityHeaders(
  app: FastifyInstance,
  /** shellPages: the pages of the shell served now (a function: those of its active release, which a shell release changes). */
  o: { shellPages: string[] | (() => string[]); devRemoteUrls: string[]; signalPort?: () => number | null; imageOrigins?: string[] },
): void {
  const shellPages = typeof o.shellPages === 'function' ? o.shellPages : () => o.shellPages as string[];
  const extraOrigins = originsOf(o.devRemoteUrls);
  let scriptHashes = inlineScriptHashes(shellPages());
  app.addHook('onSend', async (req, reply) => {
    // a page is answered with the hashes of the shell served now; other answers run no inline script
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) scriptHashes = inlineScriptHashes(shellPages());
    if (!reply.hasHeader('content-security-policy'))
      reply.header(
        'content-security-policy',
        contentSecurityPolicy({ scriptHashes, extraOrigins, host: req.headers.host, signalPort: o.signalPort?.(), imageOrigins: o.imageOrigins }),
      );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isTls(req)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
