#!/usr/bin/env node
// npm start: install; build every app, two at a time, while the database is migrated and the demo
// agency seeded beside them; release the remotes; bundle the server and serve.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildAppsSideBySide, installDeps, must, quietly, releaseRemotes, root, step } from './steps.mjs';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
// The local product: the demo agency is seeded into an empty ./data (never under NODE_ENV=production).
const env = { DEMO_DATA: '1', ...process.env };
const tsxCli = join(root, 'node_modules/tsx/dist/cli.mjs');

installDeps();

step('Building the shell and the remotes, and preparing the database beside them');
// The database's migrations and seed take a core of their own; the server then starts on it at once.
const preparing = quietly(process.execPath, [tsxCli, 'packages/server/src/cli/prepare.ts'], { env });
// A first start needs no source maps (npm run build makes them).
await buildAppsSideBySide({ sourceMaps: false });
const prepared = await preparing;
if (prepared.status !== 0) {
  console.error(prepared.output);
  must(prepared.status, 'Preparing the database');
}
console.log(`  ${prepared.output.trim().split('\n').pop()}`);

releaseRemotes(env);
step('Bundling the server');
// The server runs as it does in production: one bundle started by node, not through tsx.
// (imported only now: esbuild is there once the install is done)
const { buildServer } = await import('../packages/server/scripts/build.mjs');
const bundle = await buildServer();
step(`Starting the server (${seconds()} since npm start)`);
const r = spawnSync(process.execPath, ['--enable-source-maps', bundle], { stdio: 'inherit', cwd: root, env });
process.exit(r.status ?? 0);
