#!/usr/bin/env node
// The built dist of the shell and of each remote at the earlier release point
// (e2e/compat/release-point.json), which the compatibility journeys release beside today's builds.
// Builds are cached by commit outside the clone:
//   ${AGENCY_BUILD_CACHE:-~/.cache/agency-desk/builds}/<full commit>/<shell|contacts|messages|…>
// When the commit's folder is missing, the commit's files are taken from git (git archive) into a
// temporary folder, installed from pnpm's store with nothing fetched, built without source maps,
// and every app's dist moves into the cache in one rename: an interrupted build leaves no half cache.
// Prints the folder on its last line. `--check` only says whether the cache has them (exit 1 if not).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASE_POINT_FILE = join(root, 'e2e/compat/release-point.json');

/** The commit of the earlier release point, in full. */
export function releasePoint() {
  const { commit } = JSON.parse(readFileSync(RELEASE_POINT_FILE, 'utf8'));
  if (!/^[0-9a-f]{40}$/.test(commit ?? '')) throw new Error(`${RELEASE_POINT_FILE}: "commit" must be a full 40-character commit hash.`);
  return commit;
}

export const cacheRoot = () => process.env.AGENCY_BUILD_CACHE || join(homedir(), '.cache/agency-desk/builds');
/** The apps built at a commit, as the cache names them: the shell and each remote of that commit. */
const appsOf = (tree) => ['shell', ...JSON.parse(readFileSync(join(tree, 'packages/contracts/src/remotes.json'), 'utf8')).map((r) => r.name)];
const appDir = (name) => (name === 'shell' ? 'shell' : `mf-${name}`);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const line = (text) => console.log(`  earlier builds: ${text}`);

function run(cmd, args, options) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** A cached commit is complete when its folder exists (it is renamed into place whole) and has every app's entry. */
function complete(dir) {
  if (!existsSync(dir)) return false;
  const apps = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return (
    existsSync(join(dir, 'build.json')) &&
    apps.includes('shell') &&
    apps.every((a) => existsSync(join(dir, a, a === 'shell' ? 'index.html' : 'remoteEntry.js')))
  );
}

/** Returns the cache folder of `commit` (one sub-folder per app), building it first when missing. */
export function earlierBuilds(commit = releasePoint()) {
  const started = Date.now();
  const target = join(cacheRoot(), commit);
  if (complete(target)) {
    line(`${commit.slice(0, 12)} cached in ${target} (${seconds(Date.now() - started)})`);
    return target;
  }
  if (existsSync(target)) {
    line(`${target} is incomplete: removing it and building again`);
    rmSync(target, { recursive: true, force: true });
  }
  if (run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root }).status !== 0) {
    throw new Error(
      `The earlier release point ${commit} (${RELEASE_POINT_FILE.slice(root.length + 1)}) is not in this clone's history.\n` +
        `A shallow clone? Fetch the whole history (git fetch --unshallow) or clone without --depth.`,
    );
  }
  mkdirSync(cacheRoot(), { recursive: true });
  const tree = mkdtempSync(join(tmpdir(), `agency-desk-${commit.slice(0, 12)}-`));
  // the finished dists are gathered beside the cache (same file system) and renamed into place
  const staging = mkdtempSync(join(cacheRoot(), `.${commit.slice(0, 12)}-`));
  try {
    let t = Date.now();
    const archive = run('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', commit, tree], { cwd: root });
    if (archive.status !== 0) throw new Error(`git archive of ${commit} failed:\n${archive.output}`);
    line(`files of ${commit.slice(0, 12)} in ${tree} (${seconds(Date.now() - t)})`);

    // The commit's pnpm, when it pins the one this clone has installed, is that one (nothing to fetch).
    const pinned = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).config?.pnpm;
    if (pinned(tree) === pinned(root) && existsSync(join(root, '.tools'))) symlinkSync(join(root, '.tools'), join(tree, '.tools'));

    t = Date.now();
    const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CI: 'true' };
    let install = run(process.execPath, ['scripts/pnpm.mjs', 'install', '--frozen-lockfile', '--offline', '--reporter=append-only'], { cwd: tree, env });
    if (install.status !== 0) {
      line('installing offline failed; installing from the store first (--prefer-offline)');
      install = run(process.execPath, ['scripts/pnpm.mjs', 'install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], { cwd: tree, env });
    }
    if (install.status !== 0) throw new Error(`Installing ${commit.slice(0, 12)}'s dependencies failed:\n${install.output}`);
    line(`installed (${seconds(Date.now() - t)})`);

    t = Date.now();
    const build = run('npm', ['run', 'build'], { cwd: tree, env: { ...env, MF_SOURCE_MAPS: '0' } });
    if (build.status !== 0) throw new Error(`Building ${commit.slice(0, 12)} failed:\n${build.output}`);
    line(`built (${seconds(Date.now() - t)})`);

    const apps = appsOf(tree);
    for (const app of apps) cpSync(join(tree, appDir(app), 'dist'), join(staging, app), { recursive: true });
    // what the journeys say of these builds: the commit, its version (the footer's) and its subject
    const subject = run('git', ['log', '-1', '--format=%s', commit], { cwd: root }).output.trim();
    const { version } = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8'));
    writeFileSync(join(staging, 'build.json'), `${JSON.stringify({ commit, version, subject, apps }, null, 2)}\n`);
    if (!complete(staging)) throw new Error(`The build of ${commit.slice(0, 12)} left an app without its entry file (in ${staging}).`);
    chmodSync(staging, 0o755); // mkdtemp's folder is its owner's alone
    try {
      renameSync(staging, target);
    } catch (err) {
      // another run cached it meanwhile: theirs is as good
      if (!complete(target)) throw err;
    }
    line(`cached in ${target} (${seconds(Date.now() - started)} in all)`);
    return target;
  } finally {
    rmSync(tree, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    line('temporary tree removed');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv.includes('--check')) {
      const dir = join(cacheRoot(), releasePoint());
      console.log(dir);
      process.exit(complete(dir) ? 0 : 1);
    }
    console.log(earlierBuilds());
  } catch (err) {
    console.error(`✖ ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
