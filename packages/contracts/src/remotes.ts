import type { RemoteName } from './config';

/**
 * The modules the shell may load from each remote, by exposed name. It is the type contract
 * between a remote's build (its exposes.json may expose only these) and the shell (which can ask
 * only for these): a misspelt slot or expose fails the type-check or the exposes test, not a page.
 * A name listed here but not yet exposed by a release simply stays out (the shell reads each
 * release's mf-manifest.json).
 */
export const REMOTE_MODULES = {
  contacts: ['app', 'widget-follow-up'],
  messages: ['app', 'review', 'widget-scheduled-messages', 'widget-campaigns', 'widget-service-reviews', 'widget-referrals'],
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
