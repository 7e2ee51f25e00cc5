import { test as base, expect } from '@playwright/test';
import { serverUrl } from './env';

/**
 * The journeys' test. Each Playwright worker has a server and an agency of its own (started by
 * support/global-setup.ts): `baseURL` is this worker's, so relative URLs (page.goto('/contacts'),
 * request.get('/api/…'), and contexts a journey opens with browser.newContext()) reach its server and
 * no journey meets another worker's data. Before each journey, the server must still answer.
 */
export const test = base.extend<{ serverUp: void }>({
  // (Playwright's `use`, named otherwise here: the React hooks rule reads a property's `use(…)` as a hook)
  baseURL: async ({}, provide, testInfo) => {
    await provide(serverUrl(testInfo.parallelIndex));
  },
  serverUp: [
    async ({ request, baseURL }, use, testInfo) => {
      const up = await request.get('/api/healthcheck', { timeout: 10_000 }).then(
        (r) => r.ok(),
        () => false,
      );
      if (!up) throw new Error(`This worker's server at ${baseURL} does not answer any more. See e2e/reports/server-${testInfo.parallelIndex}.log.`);
      await use();
    },
    { auto: true },
  ],
});
export { expect };
