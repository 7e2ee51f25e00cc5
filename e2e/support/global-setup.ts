// Before the journeys: for each worker a fresh data dir (an embedded database migrated once for
// the run and every remote released from its built dist, copied from the run's template) and a
// production server of its own on the worker's port, which seeds the demo agency into it. The
// returned function stops the servers and removes the dirs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { assertBuilt, buildServerBundle, dataDirFromTemplate, prepareTemplate, startServer, type RunningServer } from './server';
import { dataDirOf, serverPort, templateDirOf } from './env';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const root = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const outDir = join(__dirname, '..', 'reports');
  mkdirSync(outDir, { recursive: true });
  // Workers inherit this: each finds its data dir in it (support/env.ts), where the specs release
  // and roll back remotes, and the template a journey's own server starts from.
  process.env.E2E_RUN_DIR = root;
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(root, { recursive: true, force: true });
    else console.log(`E2E data kept in ${root}`);
  };
  try {
    await Promise.all([prepareTemplate(templateDirOf(root)), buildServerBundle()]);
    const indexes = Array.from({ length: Math.max(1, config.workers) }, (_, i) => i);
    await Promise.all(
      indexes.map(async (i) => {
        const dataDir = dataDirFromTemplate(templateDirOf(root), dataDirOf(root, i));
        // seeding and starting two servers at once on a busy 2-core machine takes a while
        servers.push(await startServer({ port: serverPort(i), dataDir, logFile: join(outDir, `server-${i}.log`), timeoutMs: 180_000 }));
      }),
    );
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
