import type { RemoteName } from './config';
import descriptors from './remotes.json';

/** A top tab of the shell that opens a remote. */
export interface RemoteTab {
  key: string;
  label: string;
  /** Where the tab leads. */
  path: string;
  /** Place among the top tabs (the Dashboard is 1). */
  order: number;
  badge?: 'tasks' | 'team' | 'messages' | 'phone';
  /** Paths (and everything under them) that light this tab. */
  paths: string[];
}

/**
 * One remote, described once (remotes.json, which the build, the scripts, jest and the tests read
 * too): its federation name, the title its areas and errors show, its dev server port, the shell
 * routes it owns, and its top tab. A new remote is one entry there (and its name in REMOTE_NAMES).
 */
export interface RemoteDescriptor {
  name: RemoteName;
  title: string;
  port: number;
  routes: string[];
  tab?: RemoteTab;
}

export const REMOTES: readonly RemoteDescriptor[] = descriptors as RemoteDescriptor[];

export function remoteDescriptor(name: RemoteName): RemoteDescriptor {
  const d = REMOTES.find((r) => r.name === name);
  if (!d) throw new Error(`Unknown remote: ${name}`);
  return d;
}

/**
 * The modules the shell may load from each remote, by exposed name. It is the type contract
 * between a remote's build (its exposes.json may expose only these) and the shell (which can ask
 * only for these): a misspelt slot or expose fails the type-check or the exposes test, not a page.
 * A name listed here but not yet exposed by a release simply stays out (the shell reads each
 * release's mf-manifest.json).
 */
export const REMOTE_MODULES = {
  contacts: ['app', 'widget-follow-up', 'background', 'widget-renewals'],
  messages: ['app', 'widget-scheduled-messages', 'widget-campaigns', 'widget-service-reviews', 'widget-referrals'],
  phone: ['app', 'drawer', 'widget-queues'],
  chat: ['app'],
  tasks: ['app', 'background'],
  admin: ['app', 'widget-urgent-tasks', 'widget-account-balance', 'widget-usage', 'widget-employee-stats'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RemoteModuleName<R extends RemoteName> = (typeof REMOTE_MODULES)[R][number];

// Lifecycles take single-spa's props; `never` lets any remote's props type through.
type Lifecycle = (props: never) => Promise<unknown>;

/** What every exposed module is: single-spa parcel lifecycles (createRemoteLifecycles builds them). */
export interface RemoteLifecycles {
  bootstrap: Lifecycle | Lifecycle[];
  mount: Lifecycle | Lifecycle[];
  unmount: Lifecycle | Lifecycle[];
  update?: Lifecycle | Lifecycle[];
}
