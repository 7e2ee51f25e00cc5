import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';
import { REMOTES, SHELL_RELEASE, SHELL_RELEASE_META } from '@agency/contracts';
import { activeReleases, listReleases, readActive, remotesManifest, type ActiveReleases } from './remotes';
import { CHANGE_NOTES_DIR, hasRelease, RECORDS_DIR } from './release';
import { acceptedEncoding, compressedPage, PRECOMPRESS_MIN_BYTES } from './precompress';
import type { SharedReleases } from './shared';

const HASHED = /\.[0-9a-f]{8}\.js$/;
/** The names of a file's compressed variants (precompress.ts). */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

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

/** A shell's page with its release named in a <meta> (the shell served from its build folder has none), and `hints` at the end of its head. */
export function shellPage(dir: string, file: string, release: string | null, hints = ''): string {
  const html = readFileSync(join(dir, file), 'utf8');
  const named = release ? html.replace(/<head>/i, `<head><meta name="${SHELL_RELEASE_META}" content="${release}" />`) : html;
  return hints ? named.replace(/<\/head>/i, `${hints}</head>`) : named;
}

/** The remote whose area draws this path of the app (remotes.json's routes: `contacts/*`, `users`), if one does. */
export function remoteOfPath(path: string): string | null {
  const at = path.replace(/\/+$/, '') || '/';
  for (const remote of REMOTES) {
    for (const route of remote.routes) {
      const base = `/${route.replace(/\/\*$/, '')}`;
      if (at === base || (route.endsWith('/*') && at.startsWith(`${base}/`))) return remote.name;
    }
  }
  return null;
}

interface ReleaseFiles {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[] } } }>;
}
/** A release's mf-manifest.json, read once (a release never changes). */
const releaseManifests = new Map<string, ReleaseFiles | null>();
function releaseManifest(file: string): ReleaseFiles | null {
  if (!releaseManifests.has(file)) {
    let read: ReleaseFiles | null = null;
    try {
      read = JSON.parse(readFileSync(file, 'utf8')) as ReleaseFiles;
    } catch {
      // not there (yet) or not readable: no hints
    }
    if (read) releaseManifests.set(file, read);
    return read;
  }
  return releaseManifests.get(file) ?? null;
}

/**
 * For a page of the app that a remote's area draws (a link to /contacts, /messages/…), hints that
 * let the browser fetch the area's code beside the shell's instead of after it: its active
 * release's mf-manifest.json, its remoteEntry.js and the chunks its `app` module needs, from the
 * release's manifest. Nothing for another page, or a remote not released.
 */
export function areaHints(releasesDir: string, path: string): string {
  const remote = remoteOfPath(path);
  const active = remote ? readActive(releasesDir)[remote]?.active : undefined;
  if (!remote || !active) return '';
  const folder = `/remotes/${remote}/${active}/`;
  const manifest = releaseManifest(join(releasesDir, remote, active, 'mf-manifest.json'));
  if (!manifest) return '';
  const entry = manifest.metaData?.remoteEntry;
  const scripts = [
    entry?.name ? `${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name}` : 'remoteEntry.js',
    ...(manifest.exposes?.find((e) => e.name.replace(/^\.\//, '') === 'app')?.assets?.js?.sync ?? []),
  ];
  const safe = (file: string) => /^[A-Za-z0-9._/-]+$/.test(file) && !file.split('/').includes('..');
  // the manifest is read with fetch() (hence as=fetch, crossorigin: the same request's mode), the scripts by <script> tags
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${folder}mf-manifest.json" />`,
    ...scripts.filter(safe).map((file) => `<link rel="preload" as="script" href="${folder}${file}" />`),
  ].join('');
}

/** A page's HTML, compressed as the request accepts (a page is answered for many paths: the answer varies with Accept-Encoding). */
function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html').header('Vary', 'Accept-Encoding');
  const encoding = Buffer.byteLength(html) >= PRECOMPRESS_MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(html);
  return reply.header('Content-Encoding', encoding).send(compressedPage(html, encoding));
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

  /**
   * The registry's own file lists every release each remote ever had; browsers get only what is
   * active now, in the same shape (`{ name: { active, history: [active] } }`).
   */
  app.get('/remotes/active.json', async (_req, reply) => {
    await shared?.pull();
    reply.header('Cache-Control', 'no-cache');
    const now: ActiveReleases = {};
    for (const [name, { active }] of Object.entries(readActive(config.releasesDir))) now[name] = { active, history: [active] };
    return now;
  });

  /** A release's files never change; of the shell's, only the hashed ones (index.html, main.js are read again). */
  const cacheControlOf = (file: string) => {
    // a file's compressed variant is sent as the file itself
    const path = file.replace(PRECOMPRESSED_SUFFIX, '');
    const inRelease = path.startsWith(config.releasesDir + sep) && !path.startsWith(join(config.releasesDir, SHELL_RELEASE) + sep);
    return inRelease || HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  };

  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/remotes/',
    index: false,
    // a release's files compressed as it was released (precompress.ts), sent as the request accepts,
    // with `Vary: Accept-Encoding` (also what reply.sendFile sends: the shell's files)
    preCompressed: true,
    // the releases' records (who released, notes) and the notes of changes are the operators', not the browsers'
    // (nor is the shell served from here: at / from its active release)
    allowedPath: (pathName, root) => {
      const path = pathName.replace(/^\/+/, '');
      // from the registry's folder, only a file inside a release's folder (<name>/<release>/...), never its own files
      const inRegistry = resolve(String(root)) === resolve(config.releasesDir);
      if (inRegistry && path.split('/').filter(Boolean).length < 3) return false;
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
      return sendPage(req, reply, shellPage(shell.active, page, shell.release));
    }
    const released = wantsPage ? releasedPage(config.releasesDir, path) : null;
    if (released) {
      reply.header('Cache-Control', 'no-cache');
      return sendPage(req, reply, released);
    }
    if (wantsPage && existsSync(join(shell.active, 'index.html'))) {
      reply.header('Cache-Control', 'no-cache');
      return sendPage(req, reply, shellPage(shell.active, 'index.html', shell.release, areaHints(config.releasesDir, path)));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
