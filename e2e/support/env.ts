import { join } from 'node:path';

/**
 * Ports: the server of worker i listens on E2E_PORT + 2i and its phone signalling on the port after
 * it (8310-8311 for one worker, 8310-8313 for two). A journey that starts a server of its own takes free
 * ports from the system (support/server.ts).
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 8310);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * E2E_WORKERS: how many browsers run journeys side by side, each against a server and an agency of
 * its own. Two unless told (E2E_WORKERS=1 for one at a time, on a machine busy with other work).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

/** Which worker this process is (Playwright sets TEST_PARALLEL_INDEX in its workers; 0 outside them). */
export function workerIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0) || 0;
}

export const serverPort = (index: number) => E2E_PORT + 2 * index;
export const serverUrl = (index: number) => `http://127.0.0.1:${serverPort(index)}`;

/** The address of this worker's server. */
export const BASE_URL = serverUrl(workerIndex());

/** The folder the global setup made for this run: one data dir per worker inside (set before the workers start). */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run the journeys through playwright.config.ts (its global setup starts the servers).');
  return dir;
}

export const dataDirOf = (root: string, index: number) => join(root, `worker-${index}`);
export const templateDirOf = (root: string) => join(root, 'template');

/** What a server of this run starts from (support/server.ts, dataDirFromTemplate). */
export const templateDir = () => templateDirOf(runDir());

/** This worker's data dir: its server's embedded database and releases. */
export function dataDir(): string {
  return dataDirOf(runDir(), workerIndex());
}
