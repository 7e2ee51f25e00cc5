/**
 * The first screen on a phone (`src/mobile.ts`, also runnable alone with
 * `node_modules/.bin/tsx bench/src/mobile.ts`; BENCH_MOBILE=0 skips it in `pnpm bench`): Chromium set
 * as Lighthouse's mobile profile sets it (390 x 844 at 3x, a touch screen; Slow 4G: 150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up; the CPU 4x slower), a fresh context (cold cache) each run,
 * for /login, the dashboard signed in and a link to /contacts signed in. It prints, as medians over
 * BENCH_MOBILE_RUNS (default 3): Largest Contentful Paint, "usable" (the page's first real content:
 * the Sign In button, the first widget, the first client) and the bytes on the wire until then.
 *
 *   BENCH_MOBILE_PORT   the server's port (default 8660)
 *   BENCH_MOBILE_RUNS   runs per page (default 3)
 */
import { rmSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { assertBuilt, startServer } from './server';
import { signInThroughPage } from './signIn';
import { kb, median, ms, table } from './stats';

const PORT = Number(process.env.BENCH_MOBILE_PORT || 8660);
const RUNS = Number(process.env.BENCH_MOBILE_RUNS || 3);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PASSWORD = 'demo-password';

/** Lighthouse's mobile profile. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** The pages measured: where, signed in or not, and what on it is its first real content (a script run in the page). */
const PAGES: Array<{ name: string; path: string; signedIn: boolean; usable: string }> = [
  { name: '/login', path: '/login', signedIn: false, usable: `[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Sign In')` },
  {
    name: '/ (the dashboard, signed in)',
    path: '/',
    signedIn: true,
    usable: `!!document.querySelector('[data-testid="dashboard"] [data-widget] [data-remote-state="mounted"] .ant-app')`,
  },
  { name: '/contacts from a link, signed in', path: '/contacts', signedIn: true, usable: `!!document.querySelector('[data-testid="contact-row"]')` },
];

/** In each page: the latest Largest Contentful Paint, and the moment (performance.now()) its first real content shows. */
const WATCH = (usable: string) => `
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => { if (window.__usableAt === undefined && (${usable})) window.__usableAt = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
`;

interface Run {
  lcp: number;
  usable: number;
  bytes: number;
}

async function measurePage(
  browser: Browser,
  base: string,
  page: (typeof PAGES)[number],
  storageState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined,
): Promise<Run> {
  const context = await browser.newContext({ ...PHONE, storageState, ignoreHTTPSErrors: true });
  try {
    await context.addInitScript(WATCH(page.usable));
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    let counting = true;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      if (counting) bytes += e.encodedDataLength;
    });
    await tab.goto(`${base}${page.path}`, { waitUntil: 'commit', timeout: 120_000 });
    await tab.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, null, { timeout: 120_000, polling: 50 });
    counting = false;
    // the LCP entries of what was drawn by then arrive a frame or two later
    await tab.waitForTimeout(1_000);
    const { lcp, usable } = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number; __usableAt: number };
      return { lcp: w.__lcp, usable: w.__usableAt };
    });
    return { lcp, usable, bytes };
  } finally {
    await context.close();
  }
}

export async function benchMobile(): Promise<void> {
  assertBuilt();
  console.log(`\nThe first screen on a phone (Lighthouse's mobile profile), ${RUNS} runs a page, port ${PORT} ...`);
  const server = await startServer(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const signingIn = await browser.newContext({ ignoreHTTPSErrors: true });
    const tab = await signingIn.newPage();
    await signInThroughPage(tab, server.url, 'owner@demo.test', PASSWORD);
    const signedIn = await signingIn.storageState();
    await signingIn.close();
    const rows: string[][] = [];
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measurePage(browser, server.url, page, page.signedIn ? signedIn : undefined));
      rows.push([page.name, ms(median(runs.map((r) => r.lcp))), ms(median(runs.map((r) => r.usable))), kb(median(runs.map((r) => r.bytes)))]);
    }
    console.log(table('The first screen on a phone (medians; cold cache)', [['page', 'LCP', 'usable', 'bytes on the wire until usable'], ...rows]));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('mobile.ts')) {
  benchMobile().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
