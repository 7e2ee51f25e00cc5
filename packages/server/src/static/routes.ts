import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';
import { SHELL_RELEASE, SHELL_RELEASE_META } from '@agency/contracts';
import { activeReleases, listReleases, readActive, remotesManifest } from './remotes';
import { CHANGE_NOTES_DIR, hasRelease, RECORDS_DIR } from './release';
import type { SharedReleases } from './shared';

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

/**
 * The folders the shell's files are found in: its active release, then (for hashed files only: the
 * chunks a page loaded before a shell release still asks for) its earlier releases, newest first.
 * With no shell released (development, tests), its build folder.
 */
export function shellFolders(releasesDir: string, shellDir: string): { active: string; earlier: string[]; release: string | null } {
  const active = readActive(releasesDir)[SHELL_RELEASE]?.active;
  if (!active || !hasRelease(releasesDir, SHELL_RELEASE, active)) return { active: shellDir, earlier: [], release: null };
  const earlier = listReleases(releasesDir, SHELL_RELEASE)
    .filter((r) => r !== active)
    .reverse()
    .map((r) => join(releasesDir, SHELL_RELEASE, r));
  return { active: join(releasesDir, SHELL_RELEASE, active), earlier, release: active };
}

/** A shell's page with its release named in a <meta> (the shell served from its build folder has none). */
export function shellPage(dir: string, file: string, release: string | null): string {
  const html = readFileSync(join(dir, file), 'utf8');
  return release ? html.replace(/<head>/i, `<head><meta name="${SHELL_RELEASE_META}" content="${release}" />`) : html;
}

/** A path's file under a folder, or null: never outside it. */
function fileIn(dir: string, path: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(path).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!rel || rel.split('/').some((part) => part === '..' || part === '.' || part === '') || rel.includes('\0')) return null;
  const file = join(dir, rel);
  return existsSync(file) && statSync(file).isFile() ? rel : null;
}

/** Serves the shell at / from its active release, released remotes under /remotes and remotes.json, all on the API's origin. */
/** A remote's file under /remotes/<name>/<release>/<path> (never a record, never the shell's folder). */
const REMOTE_FILE = /^\/remotes\/([a-z][a-z0-9-]*)\/([A-Za-z0-9][A-Za-z0-9._+-]*)\/(.+)$/;

/**
 * With `shared` (RELEASES_STORE=database or storage), what is active is read from the database before it is
 * answered, and a release's file this process has not copied yet is copied on its first request.
 */
export async function staticRoutes(app: FastifyInstance, config: ServerConfig, shared: SharedReleases | null = null) {
  app.get('/remotes.json', async (_req, reply) => {
    await shared?.pull();
    reply.header('Cache-Control', 'no-cache');
    return { ...remotesManifest(config.releasesDir), ...devRemotes(process.env.DEV_REMOTES) };
  });

  /** What is active now: the shell's release and each remote's, read by the shell to tell staff that a newer one is. */
  app.get('/active-releases.json', async (_req, reply) => {
    await shared?.pull();
    reply.header('Cache-Control', 'no-cache');
    return activeReleases(config.releasesDir);
  });

  /** A release's files never change; of the shell's, only the hashed ones (index.html, main.js are read again). */
  const cacheControlOf = (path: string) => {
    const inRelease = path.startsWith(config.releasesDir + sep) && !path.startsWith(join(config.releasesDir, SHELL_RELEASE) + sep);
    return inRelease || HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  };

  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/remotes/',
    index: false,
    // the releases' records (who released, notes) and the notes of changes are the operators', not the browsers'
    // (nor is the shell served from here: at / from its active release)
    allowedPath: (pathName) => {
      const path = pathName.replace(/^\/+/, '');
      return !path.startsWith(`${RECORDS_DIR}/`) && !path.startsWith(`${CHANGE_NOTES_DIR}/`) && !path.startsWith(`${SHELL_RELEASE}/`);
    },
    // (also what reply.sendFile sends: the shell's files, where only the hashed ones never change)
    setHeaders: (res, path) => res.header('Cache-Control', cacheControlOf(path)),
  });

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const reading = req.method === 'GET' || req.method === 'HEAD';
    // a release's file this process has not copied from the database yet
    const remoteFile = shared && reading ? REMOTE_FILE.exec(path) : null;
    if (
      remoteFile &&
      remoteFile[1] !== RECORDS_DIR &&
      remoteFile[1] !== CHANGE_NOTES_DIR &&
      remoteFile[1] !== SHELL_RELEASE &&
      !remoteFile[2].startsWith('.')
    ) {
      const [, name, release, rest] = remoteFile;
      const dir = join(config.releasesDir, name, release);
      const rel = (await shared!.fetch(name, release)) ? fileIn(dir, `/${rest}`) : null;
      if (rel) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        return reply.sendFile(rel, dir);
      }
    }
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const servable = reading && !path.startsWith('/api/') && !path.startsWith('/remotes/');
    if (shared && servable && !isFile) await shared.pull();
    const shell = shellFolders(config.releasesDir, config.shellDir);
    // The shell's files, from its active release (a hashed chunk also from an earlier one)
    if (servable && isFile) {
      const dirs = HASHED.test(path) ? [shell.active, ...shell.earlier] : [shell.active];
      for (const dir of dirs) {
        const rel = fileIn(dir, path);
        if (!rel) continue;
        if (rel.endsWith('.html')) break; // pages are served by their paths
        reply.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(rel, dir);
      }
      // a chunk of a shell release this process has not copied yet
      const earlier = shared && HASHED.test(path) && !path.endsWith('.html') ? await shared.releaseWithFile(SHELL_RELEASE, path.replace(/^\/+/, '')) : null;
      if (earlier && (await shared!.fetch(SHELL_RELEASE, earlier))) {
        const dir = join(config.releasesDir, SHELL_RELEASE, earlier);
        const rel = fileIn(dir, path);
        if (rel) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          return reply.sendFile(rel, dir);
        }
      }
    }
    const wantsPage = servable && !isFile;
    // The sign-in page on a full load is a build of its own, without the app (shell/src/public).
    const page = wantsPage ? standalonePage(shell.active, path) : null;
    if (page) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(shellPage(shell.active, page, shell.release));
    }
    const released = wantsPage ? releasedPage(config.releasesDir, path) : null;
    if (released) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(released);
    }
    if (wantsPage && existsSync(join(shell.active, 'index.html'))) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(shellPage(shell.active, 'index.html', shell.release));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
