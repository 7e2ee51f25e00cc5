import { REMOTES, type RemoteName, type RemoteTab } from '@agency/contracts';

/** Which remote owns which authenticated route (the shell mounts it there), from each remote's descriptor. */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName }> = REMOTES.flatMap((r) => r.routes.map((path) => ({ path, remote: r.name })));

export type TopTab = Omit<RemoteTab, 'order' | 'paths'>;

const remoteTabs = REMOTES.flatMap((r) => (r.tab ? [r.tab] : [])).sort((a, b) => a.order - b.order);

/** The Dashboard, then each remote's tab in its order. */
export const TOP_TABS: TopTab[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/' },
  ...remoteTabs.map(({ key, label, path, badge }) => ({ key, label, path, ...(badge ? { badge } : {}) })),
];

/** The tab a path belongs to, so navigation from inside a remote moves the active tab. */
export function activeTab(pathname: string): string | null {
  if (pathname === '/') return 'dashboard';
  return remoteTabs.find((t) => t.paths.some((base) => pathname.startsWith(base)))?.key ?? null;
}
