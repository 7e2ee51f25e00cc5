// The steps npm start and npm test share.
import { fork, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm } from './pnpm.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Every remote, as packages/contracts/src/remotes.json describes it. */
export const REMOTE_DESCRIPTORS = JSON.parse(readFileSync(join(root, 'packages/contracts/src/remotes.json'), 'utf8'));
export const REMOTES = REMOTE_DESCRIPTORS.map((r) => r.name);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function step(title) {
  console.log(`\n▶ ${title}`);
}

export function must(status, what) {
  if (status !== 0) {
    console.error(`\n✖ ${what} failed.`);
    process.exit(status || 1);
  }
}

/** Installs the workspace as the lockfile says; pnpm's own output is printed only when it fails. */
export function installDeps() {
  step('Installing dependencies');
  const started = Date.now();
  const bin = ensurePnpm();
  const r = spawnSync(process.execPath, [bin, 'install', '--frozen-lockfile', '--reporter=append-only'], {
    cwd: root,
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) console.error(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`);
  must(r.status ?? 1, 'Install');
  console.log(`  installed in ${seconds(Date.now() - started)}`);
}

/** The apps, the longest build first, so that the build left last while the others are done is a short one. */
export const APPS = ['shell', 'mf-messages', 'mf-contacts', 'mf-admin', 'mf-phone', 'mf-tasks', 'mf-chat'];

/** Runs a command with its output kept: printed only if it fails. Resolves with its status and output. */
export function quietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

/**
 * Builds every app, `jobs` at a time (one per core: a build keeps a core busy), printing a line as
 * each is done and the output of any that fails. Each of the `jobs` is one process that builds app
 * after app (mf-build build-queue): webpack warmed up by one build takes much less CPU for the next.
 * `sourceMaps: false` leaves the source maps out (a first start does not need them; `npm run build`
 * makes them).
 */
export async function buildAppsSideBySide({ jobs = 2, sourceMaps = true } = {}) {
  const env = { ...process.env, NODE_ENV: 'production', ...(sourceMaps ? {} : { MF_SOURCE_MAPS: '0' }) };
  const cli = join(root, 'packages/mf-build/src/cli.js');
  const queue = [...APPS];
  const failed = [];
  const worker = async () => {
    const builder = fork(cli, ['build-queue'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let crashOutput = '';
    builder.stdout.on('data', (d) => (crashOutput += d));
    builder.stderr.on('data', (d) => (crashOutput += d));
    const ended = new Promise((resolve) => builder.on('exit', (code, signal) => resolve({ status: 1, output: `${crashOutput}(ended: ${signal ?? code})` })));
    for (let app = queue.shift(); app; app = queue.shift()) {
      if (!builder.connected) {
        console.error(`\n✖ ${app} did not build: its build process ended.\n${crashOutput}`);
        failed.push(app);
        continue;
      }
      const started = Date.now();
      builder.send(join(root, app));
      const { status, output } = await Promise.race([new Promise((resolve) => builder.once('message', resolve)), ended]);
      if (status === 0) console.log(`  ${app} built in ${seconds(Date.now() - started)}`);
      else {
        console.error(`\n✖ ${app} did not build:\n${output}`);
        failed.push(app);
      }
    }
    // No app follows: the process ends once its builds are done; npm start goes on after it has.
    if (builder.connected) builder.send({ done: true });
    await ended;
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  if (failed.length) must(1, `Building ${failed.join(', ')}`);
}

export function tsx(args, options = {}) {
  return spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), ...args], { stdio: 'inherit', cwd: root, ...options }).status ?? 1;
}

/** Releases the shell's and each remote's build; a build released before keeps whatever release is active. */
export function releaseRemotes(env = process.env) {
  step('Releasing the shell and the remotes');
  must(tsx(['packages/server/src/cli/remotes.ts', 'release', 'all', '--only-new'], { env }), 'Release');
}
