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
  /** The person asked to save data (the Save-Data preference): nothing is fetched ahead. */
  saveData(): boolean;
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
    if (env.saveData()) return Promise.resolve([]);
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

/** Whether the browser says the person wants to save data. */
export function browserSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
