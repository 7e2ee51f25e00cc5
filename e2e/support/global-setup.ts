// Before the journeys: a fresh data dir for each worker, every remote released into it from its
// built dist, and a production server of its own (its own embedded database, seeded with the demo
// agency) on the worker's port. The returned function stops the servers and removes the dirs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { assertBuilt, remotesCliAsync, startServer, type RunningServer } from './server';
import { dataDirOf, serverPort } from './env';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const root = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const outDir = join(__dirname, '..', 'reports');
  mkdirSync(outDir, { recursive: true });
  // Workers inherit this: each finds its data dir in it (support/env.ts), where the specs release
  // and roll back remotes.
  process.env.E2E_RUN_DIR = root;
  const indexes = Array.from({ length: Math.max(1, config.workers) }, (_, i) => i);
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(root, { recursive: true, force: true });
    else console.log(`E2E data kept in ${root}`);
  };
  try {
    await Promise.all(
      indexes.map(async (i) => {
        const dataDir = dataDirOf(root, i);
        mkdirSync(dataDir);
        await remotesCliAsync(dataDir, ['release', 'all']);
        servers.push(await startServer({ port: serverPort(i), dataDir, logFile: join(outDir, `server-${i}.log`), timeoutMs: 120_000 }));
      }),
    );
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
