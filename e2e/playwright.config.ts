import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_PATH, E2E_WORKERS } from './support/env';

const CI = !!process.env.CI;
/** The journeys of calls with several parties (a conference, a transfer, coaching). */
const CALLS = /\/phone\.spec\.ts$/;

/**
 * Journeys across the shell and the remotes, against the production build served the way
 * `npm start` serves it, on fresh data dirs each run (see support/global-setup.ts). Nothing is
 * built here: build first (`npm test` does).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // Two browsers unless E2E_WORKERS (or --workers) says otherwise, each against a server, a
  // database and releases of its own (support/global-setup.ts, support/fixtures.ts), so a journey
  // that releases a remote or changes the agency's settings meets no journey of the other worker.
  // A file's journeys run in order in one worker: several of them build on the one before.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT || './reports/results.json' }]],
  use: {
    // this worker's server: support/fixtures.ts sets it for every journey
    baseURL: BASE_URL,
    // A person who asked their system for less motion: menus and dialogs open at once, so a click
    // never lands on a menu still sliding into place (the app follows prefers-reduced-motion).
    reducedMotion: 'reduce',
    headless: true,
    // No trace recording: on this machine it came to cost two to three times a journey's own time
    // (47 s instead of 17.5 s for the same journey), taking CI past 40 minutes. A failure keeps its
    // screenshot and error context.
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The phone: the local carrier's signalling runs on its own self-signed certificate, and
    // Chromium's fake microphone (a beep) and fake media prompts stand in for a headset.
    ignoreHTTPSErrors: true,
    permissions: ['microphone'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: CALLS },
    // The calls' journeys hear each other through the local carrier, which mixes their audio in real
    // time on the server's event loop: run beside another journey on this 2-core machine, the server
    // fell seconds behind, the phones' signalling went quiet for 15 s and the Voice SDK dropped it.
    // They run after the others, alone.
    { name: 'calls', use: { browserName: 'chromium' }, testMatch: CALLS, dependencies: ['chromium'] },
  ],
});
