#!/usr/bin/env node
// npm start: install, build every app, release the remotes, migrate, seed the demo agency and serve.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { installDeps, buildApps, releaseRemotes, root } from './steps.mjs';

installDeps();
buildApps();
releaseRemotes();
const r = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'packages/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
  // The local product: the demo agency is seeded into an empty ./data (never under NODE_ENV=production).
  env: { DEMO_DATA: '1', ...process.env },
});
process.exit(r.status ?? 0);
