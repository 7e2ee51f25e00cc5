import type { RemoteName } from '@agency/contracts';

/** Which remote owns which authenticated route (the shell mounts it there). */
export const REMOTE_ROUTES: Array<{ path: string; remote: RemoteName }> = [
  { path: 'contacts/*', remote: 'contacts' },
  { path: 'users', remote: 'contacts' },
  { path: 'messages/*', remote: 'messages' },
  { path: 'walkins', remote: 'messages' },
  { path: 'campaigns/*', remote: 'messages' },
  { path: 'report/*', remote: 'messages' },
  { path: 'phone-log', remote: 'phone' },
  { path: 'chat/*', remote: 'chat' },
  { path: 'tasks/*', remote: 'tasks' },
  { path: 'admin/tasks', remote: 'tasks' },
  { path: 'account/*', remote: 'admin' },
  { path: 'profile/*', remote: 'admin' },
];

export interface TopTab {
  key: string;
  label: string;
  path: string;
  badge?: 'tasks' | 'team' | 'messages' | 'phone';
}

export const TOP_TABS: TopTab[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/' },
  { key: 'tasks', label: 'Tasks', path: '/tasks', badge: 'tasks' },
  { key: 'team', label: 'Team', path: '/chat', badge: 'team' },
  { key: 'contacts', label: 'Contacts', path: '/contacts' },
  { key: 'messages', label: 'Messages', path: '/messages', badge: 'messages' },
  { key: 'phone', label: 'Phone', path: '/phone-log', badge: 'phone' },
];

/** The tab a path belongs to, so navigation from inside a remote moves the active tab. */
export function activeTab(pathname: string): string | null {
  if (pathname === '/') return 'dashboard';
  if (pathname.startsWith('/tasks')) return 'tasks';
  if (pathname.startsWith('/chat')) return 'team';
  if (pathname.startsWith('/contacts') || pathname.startsWith('/users')) return 'contacts';
  if (pathname.startsWith('/messages') || pathname.startsWith('/walkins')) return 'messages';
  if (pathname.startsWith('/phone-log')) return 'phone';
  return null;
}
