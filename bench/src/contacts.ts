/**
 * Contacts at scale: seeds 100,000 clients into a fresh data dir (a bench-only generator, not the
 * demo seed), starts the production server on it, and prints
 *   - API: first page of the list, search p50/p95 (names, co-applicants, phones, email), letter
 *     jump, letter counts, the tag list with its dynamic counts, GET /clients/{id}/full p99;
 *   - Chromium (when the shell and remotes are built): the list on screen, search to screen,
 *     letter jump to screen, scroll frame times.
 *
 *   BENCH_CONTACTS          clients to seed (default 100000)
 *   BENCH_CONTACTS_PORT     server port (default 8640)
 *   CHROMIUM_PATH           default /usr/bin/chromium
 *
 * Run alone: node_modules/.bin/tsx bench/src/contacts.ts
 */
import { signInThroughPage } from './signIn';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { openPglite, migrate, seedIfEmpty, DEMO_ACCOUNTS, generateClients, type GeneratedClients } from '../../packages/server/src/index';
import { ms, percentile as pct, table } from './stats';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

export interface ContactsFigures {
  clients: number;
  seedSeconds: number;
  api: Record<string, number>;
  browser: Record<string, number> | { skipped: string };
}

const percentile = (values: number[], p: number) =>
  pct(
    [...values].sort((a, b) => a - b),
    p,
  );
const round = (n: number) => Math.round(n * 10) / 10;

async function waitForServer(url: string, child: ChildProcess, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/healthcheck`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not start');
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

async function measureApi(url: string, token: string, seeded: GeneratedClients): Promise<Record<string, number>> {
  const get = (path: string) => timed(() => fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } }));
  const repeat = async (n: number, path: (i: number) => string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await get(path(i)));
    return out;
  };
  const s = seeded.samples;
  await repeat(20, () => '/clients?limit=50'); // warm up
  const firstPage = await repeat(50, () => '/clients?limit=50');
  const queries = [
    ...s.slice(0, 60).map((c) => c.lastName.slice(0, 3)),
    ...s.slice(60, 120).map((c) => c.firstName.slice(0, 2)),
    ...s.slice(120, 180).map((c) => `${c.firstName} ${c.lastName.slice(0, 2)}`),
    ...s.slice(180, 240).map((c) => c.mobilePhone.slice(-4)),
    ...s.slice(240, 300).map((c) => `(${c.mobilePhone.slice(1, 4)}) ${c.mobilePhone.slice(4, 7)}-${c.mobilePhone.slice(7)}`),
    ...s.slice(300, 360).map((c) => c.email.slice(0, 6)),
  ];
  const search = await repeat(queries.length, (i) => `/clients?limit=50&search=${encodeURIComponent(queries[i])}`);
  const letters = 'abcdefghijklmnopqrstuvwxyz#';
  const letter = await repeat(54, (i) => `/clients?limit=50&letter=${encodeURIComponent(letters[i % letters.length])}`);
  const letterCounts = await repeat(10, () => '/clients/letters');
  const tags = await repeat(5, () => '/tags?sort=name&limit=100');
  await repeat(20, (i) => `/clients/${seeded.ids[i]}/full`);
  const full = await repeat(300, (i) => `/clients/${seeded.ids[(i * 331) % seeded.ids.length]}/full`);
  // Renewals: pages of the 30/60/90-day windows, a filter, and a page deep in the 90 days.
  const renewalsOf = (query: string) => `/accounts/${DEMO_ACCOUNTS.demo.id}/renewals?${query}`;
  const windows = ['days=30', 'days=60', 'days=90', 'days=90&carrier=Allstate', 'days=90&line=Auto&page=3', 'days=90&page=40'];
  await repeat(12, (i) => renewalsOf(windows[i % windows.length])); // warm up
  const renewals = await repeat(120, (i) => renewalsOf(`${windows[i % windows.length]}&pageSize=25`));
  return {
    listFirstPageP50: round(percentile(firstPage, 50)),
    listFirstPageP95: round(percentile(firstPage, 95)),
    searchP50: round(percentile(search, 50)),
    searchP95: round(percentile(search, 95)),
    searchMax: round(Math.max(...search)),
    letterJumpP50: round(percentile(letter, 50)),
    letterJumpP95: round(percentile(letter, 95)),
    letterCountsP50: round(percentile(letterCounts, 50)),
    tagListWithDynamicCountsP50: round(percentile(tags, 50)),
    fullP50: round(percentile(full, 50)),
    fullP99: round(percentile(full, 99)),
    renewalsPageP50: round(percentile(renewals, 50)),
    renewalsPageP95: round(percentile(renewals, 95)),
  };
}

/** Runs `act` in the page and answers the ms until `done` holds (checked on every DOM change). */
async function toScreen(page: Page, act: string, done: string): Promise<number> {
  await page.evaluate(
    ([actSrc, doneSrc]) => {
      const w = window as unknown as { __t0: number; __at?: number };
      delete w.__at;
      const isDone = new Function(`return (${doneSrc})`) as () => boolean;
      const check = () => {
        if (w.__at === undefined && isDone()) {
          w.__at = performance.now();
          observer.disconnect();
        }
      };
      // on every DOM change, and on every frame for what changes without one
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      const frame = () => {
        check();
        if (w.__at === undefined) requestAnimationFrame(frame);
      };
      w.__t0 = performance.now();
      new Function(actSrc)();
      requestAnimationFrame(frame);
    },
    [act, done],
  );
  await page
    .waitForFunction(() => (window as unknown as { __at?: number }).__at !== undefined, null, { timeout: 30_000, polling: 20 })
    .catch((err: Error) => {
      throw new Error(`${err.message}: waiting for ${done}`);
    });
  return page.evaluate(() => {
    const w = window as unknown as { __t0: number; __at: number };
    return w.__at - w.__t0;
  });
}

const ROWS = '[data-testid="contact-row"]';

async function measureBrowser(url: string, seeded: GeneratedClients): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let page: Page | undefined;
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
    page = await context.newPage();
    await signInThroughPage(page, url, 'owner@demo.test', 'demo-password');
    await page.getByRole('tab', { name: 'Contacts' }).first().waitFor({ timeout: 30_000 });

    // The list on screen: from the Contacts tab click to rows rendered (the remote loaded once before).
    const clickContacts = `[...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Contacts').click()`;
    const rowsShown = `document.querySelectorAll('${ROWS}').length > 5`;
    const firstVisit = await toScreen(page, clickContacts, rowsShown);
    const listShown: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.evaluate(`[...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Dashboard')?.click()`);
      await page.waitForURL((u) => !u.pathname.startsWith('/contacts'));
      await page.waitForTimeout(300);
      listShown.push(await toScreen(page, clickContacts, rowsShown));
    }

    // Search to screen: typing the query (as one input event) until a matching row shows.
    const box = page.getByLabel('Search contacts');
    const searches: number[] = [];
    for (const c of seeded.samples.slice(0, 20)) {
      await box.fill('');
      await page.waitForTimeout(150);
      const q = `${c.firstName} ${c.lastName}`;
      const typed = `const el = document.querySelector('input[aria-label="Search contacts"]');
        const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        set.call(el, ${JSON.stringify(q)}); el.dispatchEvent(new Event('input', { bubbles: true }));`;
      const shown = `[...document.querySelectorAll('${ROWS}')].some((r) => r.textContent.includes(${JSON.stringify(c.lastName)}))
        && [...document.querySelectorAll('${ROWS}')].every((r) => r.textContent.includes(${JSON.stringify(c.lastName)}))`;
      searches.push(await toScreen(page, typed, shown));
    }
    await box.fill('');
    await page.waitForTimeout(300);

    // Letter jump to screen.
    const jumps: number[] = [];
    for (const l of ['m', 'r', 'w', 'c', 'j', 'b']) {
      const click = `document.querySelector('[role="tab"][aria-label="Letter ${l.toUpperCase()}"]').click()`;
      // the list jumps: the first row in view starts with the letter (rows above it are overscan)
      const shown = `(() => {
        const top = document.querySelector('[data-testid="contact-list"]').getBoundingClientRect().top;
        const first = [...document.querySelectorAll('${ROWS}')].find((r) => r.getBoundingClientRect().top >= top - 1);
        return !!first && (first.querySelector('a')?.textContent ?? '').trim().toLowerCase().startsWith('${l}');
      })()`;
      jumps.push(await toScreen(page, click, shown));
    }

    // Scroll frame times: the list scrolled by 300 px a frame for 3 s.
    const frames = await page.evaluate(async () => {
      const list = document.querySelector('[data-testid="contact-list"]');
      const scroller = [...(list?.querySelectorAll('*') ?? [])].find((el) => el.scrollHeight > el.clientHeight + 10) as HTMLElement | undefined;
      if (!scroller) throw new Error('No scrolling list found');
      const times: number[] = [];
      let last = performance.now();
      const end = last + 3000;
      await new Promise<void>((done) => {
        const step = (t: number) => {
          times.push(t - last);
          last = t;
          scroller.scrollTop += 300;
          if (t < end) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      });
      return times.slice(1);
    });
    return {
      listFirstVisitMs: round(firstVisit),
      listShownMedianMs: round(percentile(listShown, 50)),
      listShownMaxMs: round(Math.max(...listShown)),
      searchToScreenP50: round(percentile(searches, 50)),
      searchToScreenP95: round(percentile(searches, 95)),
      letterJumpToScreenP50: round(percentile(jumps, 50)),
      letterJumpToScreenMax: round(Math.max(...jumps)),
      scrollFrames: frames.length,
      scrollFrameP50: round(percentile(frames, 50)),
      scrollFrameP95: round(percentile(frames, 95)),
      scrollFrameMax: round(Math.max(...frames)),
      scrollFramesOver25ms: frames.filter((f) => f > 25).length,
    };
  } catch (err) {
    const texts = await page
      ?.evaluate(`[...document.querySelectorAll('${ROWS}')].map((r) => (r.querySelector('a')?.textContent ?? '').slice(0, 30))`)
      .catch(() => []);
    console.error('rows at the failure:', JSON.stringify(texts));
    const shot = join(tmpdir(), 'contacts-bench-failure.png');
    await page?.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${err instanceof Error ? err.message : err} (screen at the failure: ${shot}, at ${page?.url()})`);
  } finally {
    await browser.close();
  }
}

const API_LABELS: Record<string, string> = {
  listFirstPageP50: 'GET /clients, first page of 50: p50',
  listFirstPageP95: 'GET /clients, first page of 50: p95',
  searchP50: 'search (names, co names, phones any format, email): p50',
  searchP95: 'search: p95',
  searchMax: 'search: slowest',
  letterJumpP50: 'letter jump (GET /clients?letter=): p50',
  letterJumpP95: 'letter jump: p95',
  letterCountsP50: 'GET /clients/letters: p50',
  tagListWithDynamicCountsP50: 'GET /tags with dynamic counts: p50',
  fullP50: 'GET /clients/{id}/full: p50',
  fullP99: 'GET /clients/{id}/full: p99',
  renewalsPageP50: 'GET /accounts/{id}/renewals, a page of 25 (30/60/90 days, filters, deep pages): p50',
  renewalsPageP95: 'GET /accounts/{id}/renewals, a page of 25: p95',
};
const BROWSER_LABELS: Record<string, string> = {
  listFirstVisitMs: 'Contacts tab click → rows on screen (remote not loaded yet)',
  listShownMedianMs: 'Contacts tab click → rows on screen (median of 5)',
  listShownMaxMs: 'Contacts tab click → rows on screen (slowest of 5)',
  searchToScreenP50: 'search typed → matching rows on screen: p50',
  searchToScreenP95: 'search typed → matching rows on screen: p95',
  letterJumpToScreenP50: 'letter click → its rows on screen: p50',
  letterJumpToScreenMax: 'letter click → its rows on screen: slowest',
  scrollFrameP50: 'scroll frame time: p50',
  scrollFrameP95: 'scroll frame time: p95',
  scrollFrameMax: 'scroll frame time: slowest',
};

function print(f: ContactsFigures) {
  console.log(
    table(`Contacts API with ${f.clients.toLocaleString('en-US')} clients (sequential requests on loopback)`, [
      ['call', 'time'],
      ...Object.entries(f.api).map(([k, v]) => [API_LABELS[k] ?? k, `${v} ms`]),
    ]),
  );
  if ('skipped' in f.browser) {
    console.log(`\nContacts in Chromium: skipped, ${f.browser.skipped}`);
    return;
  }
  const b = f.browser;
  console.log(
    table('Contacts in Chromium', [
      ['step', 'time'],
      ...Object.entries(BROWSER_LABELS).map(([k, label]) => [label, ms(b[k])]),
      ['scroll frames over 25 ms', `${b.scrollFramesOver25ms} of ${b.scrollFrames}`],
    ]),
  );
  console.log(`\nSeeding ${f.clients.toLocaleString('en-US')} clients took ${f.seedSeconds} s.`);
}

export async function benchContacts(opts: { clients?: number; port?: number } = {}): Promise<ContactsFigures> {
  const count = opts.clients ?? Number(process.env.BENCH_CONTACTS || 100_000);
  const port = opts.port ?? Number(process.env.BENCH_CONTACTS_PORT || 8640);
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-contacts-'));
  let server: ChildProcess | undefined;
  try {
    const t0 = performance.now();
    const db = await openPglite(join(dataDir, 'db'));
    await migrate(db);
    await seedIfEmpty(db);
    const seeded = await generateClients(db, DEMO_ACCOUNTS.demo.id, count);
    await db.close();
    const seedSeconds = round((performance.now() - t0) / 1000);
    console.log(`contacts: seeded ${count} clients in ${seedSeconds} s`);

    const built = existsSync(join(ROOT, 'shell/dist/index.html')) && existsSync(join(ROOT, 'mf-contacts/dist/mf-manifest.json'));
    if (built) {
      const release = spawnSync(TSX, [join(ROOT, 'packages/server/src/cli/remotes.ts'), 'release', 'all'], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: 'ignore',
      });
      if (release.status !== 0) throw new Error('Releasing the remotes failed');
    }
    server = spawn(TSX, [join(ROOT, 'packages/server/src/main.ts')], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForServer(url, server);
    const auth = await fetch(`${url}/api/auth`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('owner@demo.test:demo-password').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ account: DEMO_ACCOUNTS.demo.id, device: 'mobile' }),
    });
    const { token } = (await auth.json()) as { token: string };
    const api = await measureApi(url, token, seeded);
    const browser = built ? await measureBrowser(url, seeded) : { skipped: 'build the shell and the remotes first (npm run build)' };
    const figures = { clients: count, seedSeconds, api, browser };
    print(figures);
    return figures;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchContacts().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
