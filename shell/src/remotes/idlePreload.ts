import { ADMIN_ROLES, REMOTES, type RemoteName } from '@agency/contracts';

/**
 * An area a person opens from the frame (a top tab or the profile menu), the remote that draws it
 * and the roles that may open it (every role when none are named).
 */
export interface Area {
  key: string;
  remote: RemoteName;
  roles?: readonly string[];
}

/**
 * Every area, in the order their code is readied after the first screen: the top tabs in their
 * order, then the profile menu's. The admin remote draws Account (admin roles) and each person's
 * own Profile and Settings (every role), so every role opens every remote today; a remote only an
 * area of other roles draws is left out.
 */
export const AREAS: readonly Area[] = [
  ...REMOTES.filter((r) => r.tab)
    .sort((a, b) => a.tab!.order - b.tab!.order)
    .map((r) => ({ key: r.tab!.key, remote: r.name })),
  { key: 'profile', remote: 'admin' },
  { key: 'account', remote: 'admin', roles: ADMIN_ROLES },
];

/** The remotes whose areas this role may open, each once, in the areas' order. */
export function remotesFor(role: string, areas: readonly Area[] = AREAS): RemoteName[] {
  const r = role.toLowerCase();
  const open = areas.filter((a) => !a.roles || a.roles.includes(r)).map((a) => a.remote);
  return [...new Set(open)];
}

/** One piece of what a first visit needs: loaded (fetched and readied, never mounted) when the page is idle. */
export interface PreloadStep {
  key: string;
  load: () => Promise<unknown>;
}

export interface IdleEnv {
  /** Calls `work` when the page is next idle. */
  whenIdle(work: () => void): void;
  /** Nothing is fetched ahead (Save-Data, a slow connection, a phone: browserHoldsBack). */
  holdBack(): boolean;
}

/**
 * Loads steps one at a time, each when the page is idle, so that what the person does meanwhile is
 * never queued behind more than one of them. Each step is asked for once per page: asked again (a
 * sign-in with another role), only the steps not asked for before run. A step that fails is left to
 * the area that needs it (it shows its error card and Retry). Resolves with the keys loaded.
 */
export function createIdlePreloader(env: IdleEnv) {
  const asked = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();
  return function preload(steps: readonly PreloadStep[]): Promise<string[]> {
    if (env.holdBack()) return Promise.resolve([]);
    const fresh = steps.filter((s) => !asked.has(s.key));
    for (const s of fresh) asked.add(s.key);
    const run = queue.then(async () => {
      const loaded: string[] = [];
      for (const step of fresh) {
        await new Promise<void>((resolve) => env.whenIdle(resolve));
        try {
          await step.load();
          loaded.push(step.key);
        } catch {
          // the area shows it when opened
        }
      }
      return loaded;
    });
    queue = run;
    return run;
  };
}

/** What the browser tells of its connection (the Network Information API, where there is one) and its screen. */
export interface Surroundings {
  connection?: { saveData?: boolean; effectiveType?: string };
  /** Whether a media query matches (window.matchMedia). */
  matches?: (query: string) => boolean;
}

/** Connections the browser rates this slow or slower (effectiveType): what the page needs comes first, alone. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);
/** A phone: a touch screen as its main pointer, or a phone's width (the frame's phone layout). */
export const PHONE_QUERIES = ['(pointer: coarse)', '(max-width: 600px)'];

/**
 * Why nothing is fetched ahead of the person (the areas not opened yet), or null when it may be:
 * they asked to save data (Save-Data), the browser rates the connection slow, or this is a phone,
 * often on a mobile network, where every byte fetched ahead competes with the page they opened.
 */
export function fetchAheadHeldBack({ connection, matches }: Surroundings): 'save-data' | 'slow-connection' | 'phone' | null {
  if (connection?.saveData === true) return 'save-data';
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return 'slow-connection';
  if (matches && PHONE_QUERIES.some((query) => matches(query))) return 'phone';
  return null;
}

/** Whether this browser holds back fetching ahead (fetchAheadHeldBack of what it tells now). */
export function browserHoldsBack(): boolean {
  const connection = (navigator as Navigator & { connection?: Surroundings['connection'] }).connection;
  const matches = typeof window.matchMedia === 'function' ? (query: string) => window.matchMedia(query).matches : undefined;
  return fetchAheadHeldBack({ connection, matches }) !== null;
}
