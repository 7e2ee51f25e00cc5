import { test as base, expect } from '@playwright/test';
import { BASE_URL } from './env';

/** The journeys' test: before each, make sure the server the global setup started still answers. */
export const test = base.extend<{ serverUp: void }>({
  serverUp: [
    async ({ request }, use) => {
      const up = await request.get('/api/healthcheck', { timeout: 10_000 }).then(
        (r) => r.ok(),
        () => false,
      );
      if (!up) throw new Error(`The journeys' server at ${BASE_URL} does not answer any more. See e2e/reports/server.log.`);
      await use();
    },
    { auto: true },
  ],
});
export { expect };
