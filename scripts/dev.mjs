#!/usr/bin/env node
// npm run dev [-- <remote> ...]: the API and the shell in watch mode, plus any named remote on its
// own dev server (the shell then loads that remote from it instead of its active release).
import { spawn } from 'node:child_process';
import { ensurePnpm } from './pnpm.mjs';
import { REMOTE_DESCRIPTORS, REMOTES, root } from './steps.mjs';

const PORTS = Object.fromEntries(REMOTE_DESCRIPTORS.map((r) => [r.name, r.port]));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((r) => !REMOTES.includes(r));
if (unknown.length) {
  console.error(`Unknown remote: ${unknown.join(', ')}. Remotes: ${REMOTES.join(', ')}`);
  process.exit(2);
}
const pnpm = ensurePnpm();
const devRemotes = wanted.map((r) => `${r}=http://localhost:${PORTS[r]}/mf-manifest.json`).join(',');
const env = { ...process.env, DEV_REMOTES: devRemotes };
const filters = ['./shell', './packages/server', ...wanted.map((r) => `./mf-${r}`)].flatMap((f) => ['--filter', f]);
console.log(
  `API http://localhost:${process.env.PORT ?? 8080} · shell http://localhost:3000${wanted.length ? ` · ${wanted.map((r) => `${r} :${PORTS[r]}`).join(' · ')}` : ''}`,
);
const child = spawn(process.execPath, [pnpm, 'run', '-r', '--parallel', ...filters, 'dev'], { stdio: 'inherit', cwd: root, env });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
