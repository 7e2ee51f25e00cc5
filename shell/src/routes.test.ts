import { activeTab, REMOTE_ROUTES, TOP_TABS } from './routes';

test('every remote route comes from its descriptor', () => {
  expect(REMOTE_ROUTES).toEqual([
    { path: 'contacts/*', remote: 'contacts' },
    { path: 'users', remote: 'contacts' },
    { path: 'renewals', remote: 'contacts' },
    { path: 'messages/*', remote: 'messages' },
    { path: 'walkins', remote: 'messages' },
    { path: 'campaigns/*', remote: 'messages' },
    { path: 'report/*', remote: 'messages' },
    { path: 'phone-log/*', remote: 'phone' },
    { path: 'chat/*', remote: 'chat' },
    { path: 'tasks/*', remote: 'tasks' },
    { path: 'admin/tasks', remote: 'tasks' },
    { path: 'account/*', remote: 'admin' },
    { path: 'profile/*', remote: 'admin' },
  ]);
});

test('the top tabs follow the Dashboard in their order, with their badges', () => {
  expect(TOP_TABS).toEqual([
    { key: 'dashboard', label: 'Dashboard', path: '/' },
    { key: 'tasks', label: 'Tasks', path: '/tasks', badge: 'tasks' },
    { key: 'team', label: 'Team', path: '/chat', badge: 'team' },
    { key: 'contacts', label: 'Contacts', path: '/contacts' },
    { key: 'messages', label: 'Messages', path: '/messages', badge: 'messages' },
    { key: 'phone', label: 'Phone', path: '/phone-log', badge: 'phone' },
  ]);
});

test.each([
  ['/', 'dashboard'],
  ['/tasks/b1', 'tasks'],
  ['/chat', 'team'],
  ['/contacts/c1', 'contacts'],
  ['/users', 'contacts'],
  ['/renewals', 'contacts'],
  ['/walkins', 'messages'],
  ['/messages/inbox', 'messages'],
  ['/phone-log', 'phone'],
  ['/account/settings', null],
])('%s lights the %s tab', (path, tab) => {
  expect(activeTab(path)).toBe(tab);
});
