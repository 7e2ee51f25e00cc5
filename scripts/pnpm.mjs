#!/usr/bin/env node
// Runs the pinned pnpm, installing it into .tools/ on first use so a machine with only Node and npm works.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).config.pnpm;
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs');
const pnpmBinCjs = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function installedVersion() {
  const pkg = join(toolsDir, 'node_modules', 'pnpm', 'package.json');
  return existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).version : null;
}

export function ensurePnpm() {
  if (installedVersion() !== pinned) {
    console.log(`Installing pnpm ${pinned} into .tools/ ...`);
    // --ignore-scripts: pnpm's install script only puts its native binary in place of the package's
    // bins, which this script does not run (bin/pnpm.mjs starts that binary itself)
    const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', toolsDir, `pnpm@${pinned}`], {
      stdio: 'inherit',
      cwd: root,
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return existsSync(pnpmBin) ? pnpmBin : pnpmBinCjs;
}

export function pnpm(args, options = {}) {
  const bin = ensurePnpm();
  const r = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', cwd: root, ...options });
  return r.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(pnpm(process.argv.slice(2)));
}
