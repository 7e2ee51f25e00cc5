/**
 * The signed-in pages a day's work crosses, each with the remote drawn there and whether an
 * employee may open it (owners and admins open them all). The journeys that walk every main page
 * (navigation, the clean console, accessibility) walk this one list.
 */
export const MAIN_PAGES: ReadonlyArray<{ path: string; remote: string; employee: boolean }> = [
  { path: '/contacts', remote: 'contacts', employee: true },
  { path: '/users', remote: 'contacts', employee: false },
  { path: '/messages', remote: 'messages', employee: true },
  { path: '/campaigns', remote: 'messages', employee: false },
  { path: '/phone-log', remote: 'phone', employee: true },
  { path: '/chat', remote: 'chat', employee: true },
  { path: '/tasks', remote: 'tasks', employee: true },
  { path: '/admin/tasks', remote: 'tasks', employee: false },
  { path: '/account/info', remote: 'admin', employee: false },
  { path: '/account/settings', remote: 'admin', employee: false },
  { path: '/profile', remote: 'admin', employee: true },
];

/** The main pages of an owner or of an employee, as [path, remote]. */
export const mainPagesOf = (who: 'owner' | 'employee'): Array<[path: string, remote: string]> =>
  MAIN_PAGES.filter((p) => who === 'owner' || p.employee).map((p) => [p.path, p.remote]);
