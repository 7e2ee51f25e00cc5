import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';
import { listReleases, readActive, remotesManifest } from './remotes';
import { RECORDS_DIR } from './release';

const HASHED = /\.[0-9a-f]{8}\.js$/;

/**
 * In development, DEV_REMOTES ("contacts=http://localhost:3001/mf-manifest.json,...") points
 * remotes at their watch-mode dev servers instead of their active releases.
 */
export function devRemotes(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(
    value
      .split(',')
      .map((pair) => pair.split('=').map((s) => s.trim()))
      .filter((p): p is [string, string] => p.length === 2 && !!p[0] && /^https?:\/\//.test(p[1])),
  );
}

/** Serves the shell at /, released remotes under /remotes and remotes.json, all on the API's origin. */
/** The shell's pages that stand alone (built into shell/dist/public), by the paths they serve. */
export const STANDALONE_PAGES: Array<{ path: RegExp; file: string }> = [
  { path: /^\/login\/?$/, file: 'public/login.html' },
  // and an emailed link: /forgot-password/:userId/:token
  { path: /^\/forgot-password(\/[^/]+\/[^/]+)?\/?$/, file: 'public/forgot-password.html' },
  // a session that must set up MFA first (the page sends anyone without a session to /login)
  { path: /^\/mfa-setup\/?$/, file: 'public/mfa-setup.html' },
];

/**
 * Remotes' pages that stand alone, served from the remote's active release (released and rolled
 * back with it): a client's service review, /review/{accountId}?review={reviewId}.
 */
export const RELEASED_PAGES: Array<{ path: RegExp; remote: string; file: string }> = [
  { path: /^\/review(\/[^/]+)?\/?$/, remote: 'messages', file: 'public/review.html' },
];

/** The file of a standalone page for this path, if it was built. */
export function standalonePage(shellDir: string, path: string): string | null {
  const page = STANDALONE_PAGES.find((p) => p.path.test(path));
  return page && existsSync(join(shellDir, page.file)) ? page.file : null;
}

/**
 * A remote's page for this path from its active release: the HTML, with a <base> at the release's
 * folder, where the page's files are. The page stands alone, so when the active release is one
 * from before the page (a rollback) it comes from the newest release that has it.
 */
export function releasedPage(releasesDir: string, path: string): string | null {
  const page = RELEASED_PAGES.find((p) => p.path.test(path));
  const active = page && readActive(releasesDir)[page.remote]?.active;
  if (!page || !active) return null;
  const release = [active, ...listReleases(releasesDir, page.remote).reverse()].find((r) => existsSync(join(releasesDir, page.remote, r, page.file)));
  if (!release) return null;
  const folder = `/remotes/${page.remote}/${release}/${dirname(page.file)}/`;
  return readFileSync(join(releasesDir, page.remote, release, page.file), 'utf8').replace(/<head>/i, `<head><base href="${folder}" />`);
}

export async function staticRoutes(app: FastifyInstance, config: ServerConfig) {
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { ...remotesManifest(config.releasesDir), ...devRemotes(process.env.DEV_REMOTES) };
  });

  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    // the releases' records (who released, notes) are the operators', not the browsers'
    allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith(`${RECORDS_DIR}/`),
    setHeaders: (res) => res.header('Cache-Control', 'public, max-age=31536000, immutable'),
  });

  const shellIndex = join(config.shellDir, 'index.html');
  if (existsSync(config.shellDir)) {
    await app.register(fastifyStatic, {
      root: config.shellDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (res, path) => res.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const wantsPage = req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/remotes/') && !/\.[a-z0-9]+$/i.test(path);
    // The sign-in page on a full load is a build of its own, without the app (shell/src/public).
    const page = standalonePage(config.shellDir, path);
    if (wantsPage && page) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').sendFile(page, config.shellDir);
    }
    const released = wantsPage ? releasedPage(config.releasesDir, path) : null;
    if (released) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(released);
    }
    if (wantsPage && existsSync(shellIndex)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').sendFile('index.html', config.shellDir);
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
