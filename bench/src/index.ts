/**
 * pnpm bench: figures for the built apps, printed as tables. Builds nothing: run `npm run build`
 * first. Starts the production server on a fresh data dir (BENCH_PORT, default 8390), measures,
 * stops it and removes the dir.
 *
 *   BENCH_RUNS            browser runs, each in a fresh context (default 5; medians are printed)
 *   BENCH_SIGNINS         sign-in requests for the API load (default 400)
 *   BENCH_ME_REQUESTS     GET /users/me requests for the API load (default 5000)
 *   BENCH_CONNECTIONS     concurrent connections for the API load (default 50)
 *   BENCH_BROWSER=0       skip the figures taken in Chromium (the API load and the other benches still run)
 *   BENCH_TASKS=0         skip the task board bench (BENCH_CONTACTS=0, BENCH_MESSAGES=0, BENCH_CAMPAIGN=0, BENCH_MOBILE=0, BENCH_PHONE=0 the others)
 *   BENCH_JSON            also write every figure to this file
 *   BENCH_VERBOSE=1       also list every JS file each page loads
 *   BENCH_START_S         how long the server may take to start on a busy machine (default 60)
 *   CHROMIUM_PATH         default /usr/bin/chromium
 */
import { rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { measureBrowser, type BrowserFigures, type JsBytes } from './browser';
import { load, type LoadResult } from './http';
import { assertBuilt, startServer } from './server';
import { remoteSizes, type RemoteSizes } from './sizes';
import { kb, ms, table } from './stats';
import { benchContacts } from './contacts';
import { benchTasks } from './tasks';
import { benchMessages } from './messages';
import { benchCampaigns } from './campaigns';
import { benchPhone } from './phone';
import { benchPhoneMix } from './phoneMix';
import { benchMobile } from './mobile';

const PORT = Number(process.env.BENCH_PORT || 8390);
const RUNS = Number(process.env.BENCH_RUNS || 5);
const SIGNINS = Number(process.env.BENCH_SIGNINS || 400);
const ME_REQUESTS = Number(process.env.BENCH_ME_REQUESTS || 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const STATS_REQUESTS = Number(process.env.BENCH_STATS_REQUESTS || 1000);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PASSWORD = 'demo-password';
/** Users without MFA, so sign-ins need no code; spread so no single user's sessions pile up. */
const SIGN_IN_USERS = ['owner@demo.test', 'admin@demo.test', 'employee@demo.test', 'employee2@demo.test', 'owner@second.test'];

const basic = (email: string) => `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}`;

async function accountOf(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/check/${encodeURIComponent(email)}`);
  const body = (await res.json()) as { accounts: Array<{ id: string }> };
  if (!body.accounts?.length) throw new Error(`No account for ${email}`);
  return body.accounts[0].id;
}

async function measureApi(url: string): Promise<LoadResult[]> {
  const users = await Promise.all(SIGN_IN_USERS.map(async (email) => ({ email, account: await accountOf(url, email) })));
  const signIn = (i: number) => {
    const u = users[i % users.length];
    return {
      headers: { authorization: basic(u.email), 'content-type': 'application/json' },
      body: JSON.stringify({ account: u.account, device: 'desktop' }),
    };
  };
  // A mobile session for the GET /users/me load, so the sign-in load's desktop sessions cannot retire it.
  const res = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { authorization: basic('owner@demo.test'), 'content-type': 'application/json' },
    body: JSON.stringify({ account: users[0].account, device: 'mobile' }),
  });
  if (!res.ok) throw new Error(`Sign-in for the load failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const me = () => ({ headers: { authorization: `Bearer ${token}` } });

  // Warm up the JIT and the database's caches first.
  await load({ name: 'warm-up', url: `${url}/api/users/me`, method: 'GET', build: me, requests: 200, connections: 10 });
  await load({ name: 'warm-up', url: `${url}/api/healthcheck`, method: 'GET', build: () => ({ headers: {} }), requests: 200, connections: 10 });
  await load({ name: 'warm-up', url: `${url}/api/auth`, method: 'POST', build: signIn, requests: 20, connections: 5 });

  const results: LoadResult[] = [];
  // The floor: the same server answering without a session or the database, in the same run.
  results.push(
    await load({
      name: 'GET /api/healthcheck (the floor)',
      url: `${url}/api/healthcheck`,
      method: 'GET',
      build: () => ({ headers: {} }),
      requests: ME_REQUESTS,
      connections: CONNECTIONS,
    }),
  );
  results.push(
    await load({ name: 'POST /api/auth (sign in)', url: `${url}/api/auth`, method: 'POST', build: signIn, requests: SIGNINS, connections: CONNECTIONS }),
  );
  results.push(
    await load({ name: 'GET /api/users/me', url: `${url}/api/users/me`, method: 'GET', build: me, requests: ME_REQUESTS, connections: CONNECTIONS }),
  );
  // What the Employee Stats widget asks on every dashboard: the whole team's month, counted from the data.
  const now = new Date();
  const monthYear = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  results.push(
    await load({
      name: 'GET /api/metrics/employee-stats (team, month)',
      url: `${url}/api/metrics/employee-stats?monthYear=${encodeURIComponent(monthYear)}`,
      method: 'GET',
      build: me,
      requests: STATS_REQUESTS,
      connections: CONNECTIONS,
    }),
  );
  return results;
}

function print(sizes: RemoteSizes[], browser: BrowserFigures | null, api: LoadResult[], startupMs: number) {
  if (browser) printBrowser(sizes, browser);
  printApi(api, startupMs);
}

function printBrowser(sizes: RemoteSizes[], browser: BrowserFigures) {
  const row = (label: string, parts: JsBytes[]) => [
    label,
    String(parts.reduce((n, p) => n + p.files, 0)),
    kb(parts.reduce((n, p) => n + p.raw, 0)),
    kb(parts.reduce((n, p) => n + p.gzip, 0)),
    kb(parts.reduce((n, p) => n + p.wire, 0)),
  ];
  const { loginJs, behindJs, dashboardJs, restJs, afterJs, routesJs } = browser;
  const firstScreen = [loginJs, behindJs, dashboardJs];
  console.log(
    table('JavaScript the browser loads (responses seen by Chromium; gzip -9 of each body; the bodies as sent)', [
      ['page', 'files', 'raw', 'gzip', 'on the wire'],
      row('/login, to draw its form', [loginJs]),
      row('/login, then the app behind it (while the person types)', [behindJs]),
      row('dashboard, added after the Sign In click to its first screen', [dashboardJs]),
      row('signed-in dashboard, JS before its first screen is drawn, total', firstScreen),
      browser.pageMarked
        ? row('then, after the first screen: widgets below it, the Voice SDK', [restJs])
        : ['then, after the first screen: widgets below it, the Voice SDK', '-', '-', '- (counted below: the build marks no page-complete)', '-'],
      row('signed-in dashboard, all JS to the page complete, total', [...firstScreen, restJs]),
      row("then, idle: every area's code (the idle preload, a prefetch)", [afterJs]),
      row('signed-in dashboard with the idle preload, total', [...firstScreen, restJs, afterJs]),
      row('then every area visited, added', [routesJs]),
      row('a session that visits every area, total', [...firstScreen, restJs, afterJs, routesJs]),
      row("/review, a client's service review page", [browser.reviewJs]),
    ]),
  );
  if (process.env.BENCH_VERBOSE === '1') {
    for (const [page, js] of [
      ['/login, to draw its form', browser.loginJs],
      ['/login, the app behind it', browser.behindJs],
      ['dashboard, added after the Sign In click to its first screen', browser.dashboardJs],
      ['after the first screen, to the page complete', browser.restJs],
      ['after the page complete, while idle (the areas)', browser.afterJs],
    ] as const) {
      console.log(table(`JS files of ${page}`, [['file', 'gzip'], ...js.list.map((f) => [f.path, kb(f.gzip)])]));
    }
  }
  const sizeRows: string[][] = [['remote', 'module', 'files', 'raw', 'gzip']];
  for (const r of sizes) {
    sizeRows.push([r.remote, 'remoteEntry.js', '1', kb(r.remoteEntry.raw), kb(r.remoteEntry.gzip)]);
    for (const e of r.exposes) sizeRows.push(['', `./${e.name}`, String(e.files), kb(e.raw), kb(e.gzip)]);
  }
  console.log(table('Remote builds (mf-*/dist: remoteEntry.js and the chunks of each exposed module)', sizeRows));

  console.log(
    table(`Times in Chromium (median of ${browser.runs.length} runs, each in a fresh context)`, [
      ['step', 'median', 'runs'],
      ['navigation → interactive login form (cold cache)', ms(browser.loginFormMs), browser.runs.map((r) => Math.round(r.loginFormMs)).join(' ')],
      ['navigation → interactive login form (reload, warm)', ms(browser.loginFormWarmMs), browser.runs.map((r) => Math.round(r.loginFormWarmMs)).join(' ')],
      ['Sign In → dashboard frame', ms(browser.dashboardFrameMs), browser.runs.map((r) => Math.round(r.dashboardFrameMs)).join(' ')],
      ['Sign In → first dashboard widget rendered', ms(browser.firstWidgetMs), browser.runs.map((r) => Math.round(r.firstWidgetMs)).join(' ')],
      ['Sign In → dashboard with its widgets rendered', ms(browser.dashboardMs), browser.runs.map((r) => Math.round(r.dashboardMs)).join(' ')],
      [
        'Sign In → first screen drawn, page idle (mark)',
        ms(medianOf(browser.runs.map((r) => r.firstScreenMs))),
        browser.runs.map((r) => (r.firstScreenMs === null ? '-' : Math.round(r.firstScreenMs))).join(' '),
      ],
      [
        "Sign In → every area's code readied (mark)",
        ms(medianOf(browser.runs.map((r) => r.areasReadyMs))),
        browser.runs.map((r) => (r.areasReadyMs === null ? '-' : Math.round(r.areasReadyMs))).join(' '),
      ],
      ['route switch to a remote not loaded yet', ms(browser.switchNewMs), `${Object.keys(browser.runs[0].switchNew).length} remotes x ${browser.runs.length}`],
      ['route switch to a remote seen before', ms(browser.switchSeenMs), `${Object.keys(browser.runs[0].switchSeen).length} remotes x ${browser.runs.length}`],
    ]),
  );
  const perRemote: string[][] = [['remote', 'first visit', 'JS it fetched (gzip, files)', 'seen before']];
  for (const remote of Object.keys(browser.runs[0].switchNew)) {
    const med = (pick: 'switchNew' | 'switchSeen') => {
      const v = browser.runs.map((r) => r[pick][remote]).sort((a, b) => a - b);
      return v[Math.ceil(v.length / 2) - 1];
    };
    const js = browser.runs[0].visitJs[remote];
    perRemote.push([remote, ms(med('switchNew')), js ? `${kb(js.gzip)} (${js.files})` : '-', ms(med('switchSeen'))]);
  }
  console.log(table('Each area, first visit after a settled dashboard, then seen before (median, tab click → its content on screen)', perRemote));
}

/** The median of the figures a build gave (NaN when it gave none). */
function medianOf(values: Array<number | null>): number {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return v.length ? v[Math.ceil(v.length / 2) - 1] : NaN;
}

function printApi(api: LoadResult[], startupMs: number) {
  console.log(
    table(`API on loopback (${CONNECTIONS} concurrent keep-alive connections; client and server share ${cpus().length} cores)`, [
      ['call', 'requests', 'req/s', 'p50', 'p90', 'p99', 'max', 'statuses'],
      ...api.map((r) => [
        r.name,
        String(r.requests),
        `${r.perSecond.toFixed(0)}/s`,
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        ms(r.max),
        Object.entries(r.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', '),
      ]),
    ]),
  );
  console.log(`\nServer start on a fresh data dir (migrate + seed + listen): ${ms(startupMs)}`);
}

async function main() {
  assertBuilt();
  console.log(`Starting the production server on a fresh data dir (port ${PORT}) ...`);
  const server = await startServer(PORT);
  try {
    const sizes = remoteSizes();
    let browser: BrowserFigures | null = null;
    if (process.env.BENCH_BROWSER !== '0') {
      process.stdout.write(`Chromium: ${RUNS} runs `);
      browser = await measureBrowser({ baseURL: server.url, chromiumPath: CHROMIUM, runs: RUNS, email: 'owner@demo.test', password: PASSWORD });
    }
    console.log(`API load: ${SIGNINS} sign-ins, ${ME_REQUESTS} GET /users/me over ${CONNECTIONS} connections ...`);
    const api = await measureApi(server.url);
    print(sizes, browser, api, server.startupMs);
    if (process.env.BENCH_JSON) {
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ when: new Date().toISOString(), sizes, browser, api, startupMs: server.startupMs }, null, 2));
      console.log(`Figures written to ${process.env.BENCH_JSON}`);
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_CONTACTS !== '0') await benchContacts();
  if (process.env.BENCH_TASKS !== '0') await benchTasks();
  if (process.env.BENCH_MESSAGES !== '0') await benchMessages();
  await benchCampaigns();
  if (process.env.BENCH_MOBILE !== '0') await benchMobile();
  if (process.env.BENCH_PHONE !== '0') {
    await benchPhone();
    await benchPhoneMix();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
