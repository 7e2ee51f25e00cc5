// What a person's browser pays: JS bytes per page and the times that matter, in Chromium.
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { gzipSize } from './sizes';
import { median } from './stats';

export interface JsBytes {
  files: number;
  raw: number;
  gzip: number;
  /** The bytes of the bodies as sent (the server compresses them as the browser accepts). */
  wire: number;
  /** Each file: path and gzip bytes, largest first. */
  list: Array<{ path: string; gzip: number }>;
}

export interface RunFigures {
  /** What /login loads to draw its form. */
  loginJs: JsBytes;
  /** What it then loads behind itself: the app, ready for the sign-in. */
  behindJs: JsBytes;
  /** What the dashboard loads after the Sign In click, to its first screen (the app's mark first-screen-drawn). */
  dashboardJs: JsBytes;
  /**
   * What the dashboard loads after its first screen, to the page complete (the app's mark
   * page-complete): the widgets below the first screen, the Voice SDK.
   */
  restJs: JsBytes;
  /** What loads after that while the page is idle: every area's code (the idle preload, a deliberate prefetch). */
  afterJs: JsBytes;
  /** Whether the build marks the page complete (before that mark, `afterJs` holds the dashboard's rest too). */
  pageMarked: boolean;
  /** What visiting every area then adds. */
  routesJs: JsBytes;
  /** Navigation start → the login form can be typed into (cold cache). */
  loginFormMs: number;
  /** The same on a reload (warm cache). */
  loginFormWarmMs: number;
  /** Sign In click → the dashboard frame is on screen. */
  dashboardFrameMs: number;
  /** Sign In click → the first widget rendered on the dashboard. */
  firstWidgetMs: number;
  /** Sign In click → the dashboard with every widget on it rendered (or showing its error card). */
  dashboardMs: number;
  /** Sign In click → the first screen drawn (the app's mark), and → every area's code readied after it (its mark areas-ready). */
  firstScreenMs: number | null;
  areasReadyMs: number | null;
  /** Tab click → the remote's route rendered, per remote: first visit, then a second one. */
  switchNew: Record<string, number>;
  switchSeen: Record<string, number>;
  /** The JS (gzip) each first visit fetched, per remote. */
  visitJs: Record<string, JsBytes>;
}

export interface BrowserFigures {
  runs: RunFigures[];
  loginJs: JsBytes;
  /** What a client's service review page loads (mf-messages' page of its own). */
  reviewJs: JsBytes;
  behindJs: JsBytes;
  dashboardJs: JsBytes;
  restJs: JsBytes;
  afterJs: JsBytes;
  pageMarked: boolean;
  routesJs: JsBytes;
  loginFormMs: number;
  loginFormWarmMs: number;
  dashboardFrameMs: number;
  firstWidgetMs: number;
  dashboardMs: number;
  switchNewMs: number;
  switchSeenMs: number;
}

/** The areas to switch through (a tab's label, or a path the profile menu leads to), and the remote each one mounts. */
const SWITCHES: Array<[tab: string, remote: string]> = [
  ['Contacts', 'contacts'],
  ['Tasks', 'tasks'],
  ['Team', 'chat'],
  ['Messages', 'messages'],
  ['Phone', 'phone'],
  ['/account/info/billing', 'admin'],
];

const isJs = (r: Response) => {
  const type = r.headers()['content-type'] ?? '';
  return r.request().method() === 'GET' && r.status() === 200 && (/javascript/.test(type) || /\.m?js(\?|$)/.test(r.url()));
};

type Seen = { phase: string; url: string; path: string; raw: number; gzip: number; wire: number };

class JsMeter {
  private pending: Array<Promise<Seen | null>> = [];
  phase = 'login';
  constructor(page: Page) {
    page.on('response', (r) => {
      if (!isJs(r)) return;
      const phase = this.phase;
      this.pending.push(
        Promise.all([r.body(), r.request().sizes()]).then(
          ([b, sizes]) => ({ phase, url: r.url(), path: new URL(r.url()).pathname, raw: b.length, gzip: gzipSize(b), wire: sizes.responseBodySize }),
          () => null,
        ),
      );
    });
  }
  /** Moves what a phase loaded to another phase, for the files `pick` chooses. */
  async relabel(from: string, to: string, pick: (url: string) => boolean) {
    for (const x of await Promise.all(this.pending)) if (x && x.phase === from && pick(x.url)) x.phase = to;
  }
  /**
   * What was fetched in these phases (and, with `only`, whose path passes it): each file once, in
   * the phase it was first seen (the files are immutable: seen again, it came from the cache).
   */
  async total(phase: string | string[], only: (path: string) => boolean = () => true): Promise<JsBytes> {
    const phases = [phase].flat();
    const seen = new Set<string>();
    const first = (await Promise.all(this.pending)).filter((x): x is Seen => {
      if (!x || seen.has(x.url)) return false;
      seen.add(x.url);
      return true;
    });
    const all = first.filter((x) => phases.includes(x.phase) && only(x.path));
    return {
      files: all.length,
      raw: all.reduce((s, x) => s + x.raw, 0),
      gzip: all.reduce((s, x) => s + x.gzip, 0),
      wire: all.reduce((s, x) => s + x.wire, 0),
      list: all.map(({ path, gzip }) => ({ path, gzip })).sort((a, b) => b.gzip - a.gzip),
    };
  }
}

/** The app loaded behind /login is ready and waits for the sign-in (shell/src/handover.ts). */
async function appWaitingBehind(page: Page) {
  await page.waitForFunction(() => (window as unknown as { agencyHandover?: { waiting?: boolean } }).agencyHandover?.waiting === true, null, {
    timeout: 60_000,
    polling: 50,
  });
  await page.waitForLoadState('networkidle');
}

async function loginFormReadyAt(page: Page): Promise<number> {
  await page.getByLabel('Email').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
  // performance.now() counts from the navigation's start.
  return page.evaluate(() => {
    const email = document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    if (!email || email.disabled) throw new Error('The login form is not ready');
    return performance.now();
  });
}

async function switchTo(page: Page, tab: string, remote: string): Promise<number> {
  await page.evaluate(
    ([name, r]) => {
      const w = window as unknown as { __t0: number; __doneAt?: number };
      const el = name.startsWith('/') ? null : [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.trim().startsWith(name)); // the label, then its badge's count
      if (!el && !name.startsWith('/')) throw new Error(`No tab ${name}`);
      delete w.__doneAt;
      const check = () => {
        const area = document.querySelector(`main [data-remote="${r}"][data-remote-state="mounted"]`);
        if (area && area.textContent?.trim() && w.__doneAt === undefined) {
          w.__doneAt = performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      w.__t0 = performance.now();
      // a path: where the profile menu leads, through the app's one router
      if (el) el.click();
      else (globalThis as unknown as { __agencyDeskBus__: { navigate(to: string): void } }).__agencyDeskBus__.navigate(name);
    },
    [tab, remote],
  );
  await page
    .waitForFunction(() => (window as unknown as { __doneAt?: number }).__doneAt !== undefined, null, { timeout: 30_000, polling: 50 })
    .catch((err: Error) => {
      throw new Error(`Switching to ${tab} (${remote}) did not render within 30 s: ${err.message}` + page.url());
    });
  return page.evaluate(() => {
    const w = window as unknown as { __t0: number; __doneAt: number };
    return w.__doneAt - w.__t0;
  });
}

/**
 * Runs in every page of the context: after a Sign In click (its time in sessionStorage), notes when
 * the dashboard frame and then every widget are on screen (window.__frameAt, __widgetsAt; epoch ms).
 */
const WATCH_DASHBOARD = `(() => {
  if (!sessionStorage.getItem('bench.signInAt')) return;
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    const dash = document.querySelector('[data-testid="dashboard"]');
    if (dash && window.__frameAt === undefined) window.__frameAt = now();
    const widgets = [...document.querySelectorAll('[data-testid="dashboard"] [data-widget]')];
    // A widget has rendered once its parcel's root (the remote's antd App) is in the page.
    const rendered = (s) => !!s.querySelector('[data-remote-state="mounted"] .ant-app');
    if (widgets.some(rendered) && window.__firstWidgetAt === undefined) window.__firstWidgetAt = now();
    const settled = widgets.length > 0 && widgets.every((s) => {
      const state = s.querySelector('[data-remote-state]')?.getAttribute('data-remote-state');
      return state === 'error' || (state === 'mounted' && rendered(s));
    });
    if (settled && window.__widgetsAt === undefined) {
      window.__widgetsAt = now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

async function oneRun(browser: Browser, baseURL: string, email: string, password: string): Promise<RunFigures> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  // tsx keeps function names with an `__name` helper, which the functions sent to the page call.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  // every file of a session is kept in the resource timings (what loads after the first screen is told apart by them)
  await context.addInitScript('performance.setResourceTimingBufferSize && performance.setResourceTimingBufferSize(5000);');
  await context.addInitScript(WATCH_DASHBOARD);
  try {
    const page = await context.newPage();
    const meter = new JsMeter(page);

    await page.goto('/login', { waitUntil: 'commit' });
    const loginFormMs = await loginFormReadyAt(page);
    // What /login loads to draw, then what it loads behind itself (the app, while the person types).
    meter.phase = 'behind';
    await appWaitingBehind(page);
    // The page's own build is under /public/; the rest is the app it loads behind itself.
    const ownFile = (path: string) => path.startsWith('/public/');
    const loginJs = await meter.total('login', ownFile);

    meter.phase = 'reload';
    await page.reload({ waitUntil: 'commit' });
    const loginFormWarmMs = await loginFormReadyAt(page);
    await appWaitingBehind(page);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    // The email's one account is chosen once its accounts are looked up.
    await page.waitForFunction(() => !!document.querySelector<HTMLSelectElement>('select')?.value, null, { polling: 50 });
    meter.phase = 'dashboard';
    // The click's time is kept in the tab; the page watches for the frame and the widgets (and so
    // would a page the app loads afresh, should it have to).
    await page.evaluate(() => sessionStorage.setItem('bench.signInAt', String(performance.timeOrigin + performance.now())));
    await page.evaluate(WATCH_DASHBOARD);
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Sign In')!.click());
    await page.waitForFunction(() => (window as unknown as { __widgetsAt?: number }).__widgetsAt !== undefined, null, { timeout: 60_000, polling: 50 });
    const { frame, first, widgets } = await page.evaluate(() => {
      const w = window as unknown as { __frameAt: number; __firstWidgetAt: number; __widgetsAt: number };
      const t0 = Number(sessionStorage.getItem('bench.signInAt'));
      return { frame: w.__frameAt - t0, first: w.__firstWidgetAt - t0, widgets: w.__widgetsAt - t0 };
    });
    // The first screen, then what loads after it while the page is idle (the app marks both); a
    // build without the marks is given 3 s of quiet, as the figures before them were taken.
    const marked = await page
      .waitForFunction(() => performance.getEntriesByName('areas-ready').length > 0, null, { timeout: 120_000, polling: 100 })
      .then(
        () => true,
        () => false,
      );
    if (!marked) await page.waitForTimeout(3_000);
    // every widget slot asks its remote's manifest: the last answers land before counting
    await page.waitForLoadState('networkidle');
    const marks = await page.evaluate(() => {
      const t0 = Number(sessionStorage.getItem('bench.signInAt')) - performance.timeOrigin;
      const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
      const starts: Record<string, number> = {};
      for (const e of performance.getEntriesByType('resource')) starts[e.name] ??= e.startTime;
      return { t0, firstScreen: at('first-screen-drawn'), complete: at('page-complete'), ready: at('areas-ready'), starts };
    });
    // before the first screen: the dashboard; then, to the page complete: its rest; then: the areas' prefetch
    if (marks.firstScreen !== null) await meter.relabel('dashboard', 'rest', (url) => (marks.starts[url] ?? 0) >= marks.firstScreen!);
    await meter.relabel('rest', 'after', (url) => marks.complete === null || (marks.starts[url] ?? 0) >= marks.complete);
    // what the app loads behind /login without holding the sign-in for it (the widgets' code) may
    // land after the reload began: first seen then, it is still the app behind /login
    const behindJs = await meter.total(['login', 'behind', 'reload'], (path) => !ownFile(path));
    const dashboardJs = await meter.total('dashboard');
    const restJs = await meter.total('rest');
    const afterJs = await meter.total('after');

    const switchNew: Record<string, number> = {};
    const switchSeen: Record<string, number> = {};
    const visitJs: Record<string, JsBytes> = {};
    let here = '';
    for (const [tab, remote] of SWITCHES) {
      meter.phase = `visit:${remote}`;
      switchNew[remote] = await switchTo(page, tab, remote);
      // what the area loads as it mounts lands before the next one is opened
      await page.waitForLoadState('networkidle');
      here = remote;
    }
    for (const [, remote] of SWITCHES) visitJs[remote] = await meter.total(`visit:${remote}`);
    meter.phase = 'routes';
    for (const [tab, remote] of SWITCHES) {
      // Away (to another remote) and back, so the remote mounts again from what is already loaded.
      const away = SWITCHES.find(([, r]) => r !== remote && r !== here)!;
      await switchTo(page, away[0], away[1]);
      switchSeen[remote] = await switchTo(page, tab, remote);
      here = remote;
    }
    await page.waitForLoadState('networkidle');
    const routesJs = await meter.total(['routes', ...SWITCHES.map(([, remote]) => `visit:${remote}`)]);
    return {
      loginJs,
      behindJs,
      dashboardJs,
      restJs,
      afterJs,
      pageMarked: marks.complete !== null,
      routesJs,
      firstScreenMs: marks.firstScreen === null ? null : marks.firstScreen - marks.t0,
      areasReadyMs: marks.ready === null ? null : marks.ready - marks.t0,
      visitJs,
      loginFormMs,
      loginFormWarmMs,
      dashboardFrameMs: frame,
      firstWidgetMs: first,
      dashboardMs: widgets,
      switchNew,
      switchSeen,
    };
  } finally {
    await context.close();
  }
}

/** What a client's service review page loads to draw (a link naming no agency: its message). */
async function reviewPageJs(browser: Browser, baseURL: string): Promise<JsBytes> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const meter = new JsMeter(page);
    await page.goto('/review/none?review=none');
    await page.getByTestId('review-failed').waitFor({ timeout: 60_000 });
    return await meter.total('login');
  } finally {
    await context.close();
  }
}

export async function measureBrowser(o: { baseURL: string; chromiumPath: string; runs: number; email: string; password: string }): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: o.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const runs: RunFigures[] = [];
    for (let i = 0; i < o.runs; i++) {
      runs.push(await oneRun(browser, o.baseURL, o.email, o.password));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    const reviewJs = await reviewPageJs(browser, o.baseURL);
    const all = (pick: (r: RunFigures) => Record<string, number>) => runs.flatMap((r) => Object.values(pick(r)));
    return {
      runs,
      loginJs: runs[0].loginJs,
      reviewJs,
      behindJs: runs[0].behindJs,
      dashboardJs: runs[0].dashboardJs,
      restJs: runs[0].restJs,
      afterJs: runs[0].afterJs,
      pageMarked: runs[0].pageMarked,
      routesJs: runs[0].routesJs,
      loginFormMs: median(runs.map((r) => r.loginFormMs)),
      loginFormWarmMs: median(runs.map((r) => r.loginFormWarmMs)),
      dashboardFrameMs: median(runs.map((r) => r.dashboardFrameMs)),
      firstWidgetMs: median(runs.map((r) => r.firstWidgetMs)),
      dashboardMs: median(runs.map((r) => r.dashboardMs)),
      switchNewMs: median(all((r) => r.switchNew)),
      switchSeenMs: median(all((r) => r.switchSeen)),
    };
  } finally {
    await browser.close();
  }
}
