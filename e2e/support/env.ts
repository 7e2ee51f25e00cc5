export const E2E_PORT = Number(process.env.E2E_PORT || 8310);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The data dir the global setup created (set before the workers start). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts (its global setup starts the server).');
  return dir;
}
