import { AREAS, browserHoldsBack, createIdlePreloader, fetchAheadHeldBack, remotesFor, type Area, type PreloadStep } from './idlePreload';

/** Lets every promise already settled run on (a step's load and the next wait for idle). */
async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** An idle page the test controls: each callback waits until the test says the page is idle. */
function idlePage() {
  const waiting: Array<() => void> = [];
  return {
    env: { whenIdle: (work: () => void) => void waiting.push(work), holdBack: () => false },
    waiting,
    /** The page goes idle once: the oldest waiting callback runs, then its step's load settles. */
    async idle() {
      await flush();
      waiting.shift()?.();
      await flush();
    },
  };
}

const step = (key: string, loaded: string[], fail = false): PreloadStep => ({
  key,
  load: async () => {
    if (fail) throw new Error(`${key} could not be loaded`);
    loaded.push(key);
  },
});

describe('the idle preload', () => {
  it('loads nothing until the page is idle, then one step per idle moment, in order', async () => {
    const page = idlePage();
    const loaded: string[] = [];
    const preload = createIdlePreloader(page.env);
    const done = preload([step('antd', loaded), step('tasks', loaded), step('chat', loaded)]);
    await Promise.resolve();
    expect(loaded).toEqual([]);
    await page.idle();
    expect(loaded).toEqual(['antd']);
    await page.idle();
    expect(loaded).toEqual(['antd', 'tasks']);
    await page.idle();
    await expect(done).resolves.toEqual(['antd', 'tasks', 'chat']);
    expect(page.waiting).toHaveLength(0);
  });

  it('asks for each step once per page: asked again, only the steps not asked for before run', async () => {
    const page = idlePage();
    const loaded: string[] = [];
    const preload = createIdlePreloader(page.env);
    const first = preload([step('antd', loaded), step('tasks', loaded)]);
    const second = preload([step('antd', loaded), step('tasks', loaded), step('admin', loaded)]);
    for (let i = 0; i < 3; i++) await page.idle();
    await expect(first).resolves.toEqual(['antd', 'tasks']);
    await expect(second).resolves.toEqual(['admin']);
    expect(loaded).toEqual(['antd', 'tasks', 'admin']);
    expect(page.waiting).toHaveLength(0);
  });

  it('goes on past a step that fails (its area shows the failure when opened)', async () => {
    const page = idlePage();
    const loaded: string[] = [];
    const done = createIdlePreloader(page.env)([step('antd', loaded), step('chat', loaded, true), step('phone', loaded)]);
    for (let i = 0; i < 3; i++) await page.idle();
    await expect(done).resolves.toEqual(['antd', 'phone']);
  });

  it('fetches nothing ahead when the browser holds back (Save-Data, a slow connection, a phone)', async () => {
    const page = idlePage();
    const loaded: string[] = [];
    const preload = createIdlePreloader({ ...page.env, holdBack: () => true });
    await expect(preload([step('antd', loaded), step('tasks', loaded)])).resolves.toEqual([]);
    expect(page.waiting).toHaveLength(0);
    expect(loaded).toEqual([]);
  });
});

describe('fetching ahead on this connection and screen', () => {
  const desktop = (query: string) => query === '(pointer: fine)';
  const phone = (query: string) => query === '(pointer: coarse)' || query === '(max-width: 600px)';

  it('goes ahead on a desktop on a fast connection, or where the browser tells nothing of its connection', () => {
    expect(fetchAheadHeldBack({ connection: { effectiveType: '4g', saveData: false }, matches: desktop })).toBeNull();
    expect(fetchAheadHeldBack({ matches: desktop })).toBeNull();
    expect(fetchAheadHeldBack({})).toBeNull();
  });

  it('holds back when the person asked to save data, whatever the connection', () => {
    expect(fetchAheadHeldBack({ connection: { effectiveType: '4g', saveData: true }, matches: desktop })).toBe('save-data');
  });

  it.each(['slow-2g', '2g', '3g'])('holds back on a connection the browser rates %s', (effectiveType) => {
    expect(fetchAheadHeldBack({ connection: { effectiveType }, matches: desktop })).toBe('slow-connection');
  });

  it('holds back on a phone (a touch screen, or a phone’s width), even on a fast connection', () => {
    expect(fetchAheadHeldBack({ connection: { effectiveType: '4g' }, matches: phone })).toBe('phone');
    expect(fetchAheadHeldBack({ matches: (query) => query === '(max-width: 600px)' })).toBe('phone');
    expect(fetchAheadHeldBack({ matches: (query) => query === '(pointer: coarse)' })).toBe('phone');
  });

  it('reads the browser: its connection and media queries', () => {
    const nav = navigator as Navigator & { connection?: unknown };
    const saved = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query === '(pointer: coarse)', media: query })) as unknown as typeof window.matchMedia;
    try {
      expect(browserHoldsBack()).toBe(true);
      window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
      expect(browserHoldsBack()).toBe(false);
      Object.defineProperty(nav, 'connection', { value: { effectiveType: '3g', saveData: false }, configurable: true });
      expect(browserHoldsBack()).toBe(true);
    } finally {
      window.matchMedia = saved;
      Reflect.deleteProperty(nav, 'connection');
    }
  });
});

describe('the areas a role may open', () => {
  it('every role opens every remote: the tabs in their order, then the admin remote (Profile and Settings are everyone’s)', () => {
    for (const role of ['employee', 'admin', 'owner', 'super']) expect(remotesFor(role)).toEqual(['tasks', 'chat', 'contacts', 'messages', 'phone', 'admin']);
    expect(AREAS.find((a) => a.key === 'account')?.roles).toEqual(['super', 'owner', 'admin']);
  });

  it('a remote only areas of other roles draw is left out', () => {
    const areas: Area[] = [
      { key: 'contacts', remote: 'contacts' },
      { key: 'account', remote: 'admin', roles: ['owner', 'admin'] },
      { key: 'profile', remote: 'contacts' },
    ];
    expect(remotesFor('Employee', areas)).toEqual(['contacts']);
    expect(remotesFor('Owner', areas)).toEqual(['contacts', 'admin']);
  });
});
