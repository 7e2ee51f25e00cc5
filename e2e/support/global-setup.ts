// Before the journeys: a fresh data dir, every remote released into it from its built dist, and
// the production server on E2E_PORT. The returned function stops the server and removes the dir.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, remotesCli, startServer } from './server';
import { E2E_PORT } from './env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  const outDir = join(__dirname, '..', 'reports');
  mkdirSync(outDir, { recursive: true });
  remotesCli(dataDir, ['release', 'all']);
  const server = await startServer({ port: E2E_PORT, dataDir, logFile: join(outDir, 'server.log') });
  // Workers inherit these: the specs release and roll back remotes in the same data dir.
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    else console.log(`E2E data kept in ${dataDir}`);
  };
}
