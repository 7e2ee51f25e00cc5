// The steps npm start and npm test share.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Every remote, as packages/contracts/src/remotes.json describes it. */
export const REMOTE_DESCRIPTORS = JSON.parse(readFileSync(join(root, 'packages/contracts/src/remotes.json'), 'utf8'));
export const REMOTES = REMOTE_DESCRIPTORS.map((r) => r.name);

export function step(title) {
  console.log(`\n▶ ${title}`);
}

export function must(status, what) {
  if (status !== 0) {
    console.error(`\n✖ ${what} failed.`);
    process.exit(status || 1);
  }
}

export function installDeps() {
  step('Installing dependencies');
  must(pnpm(['install', '--frozen-lockfile', '--reporter=append-only'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } }), 'Install');
}

export function buildApps() {
  step('Building the shell and the remotes');
  must(pnpm(['--workspace-concurrency=2', '--filter', './shell', '--filter', './mf-*', 'run', 'build']), 'Build');
}

export function tsx(args, options = {}) {
  return spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), ...args], { stdio: 'inherit', cwd: root, ...options }).status ?? 1;
}

/** Releases the shell's and each remote's build; a build released before keeps whatever release is active. */
export function releaseRemotes(env = process.env) {
  step('Releasing the shell and the remotes');
  must(tsx(['packages/server/src/cli/remotes.ts', 'release', 'all', '--only-new'], { env }), 'Release');
}
