import { REMOTE_MODULES, REMOTE_NAMES, REMOTES, remoteDescriptor } from './index';

test('every remote is described once, in the order of REMOTE_NAMES', () => {
  expect(REMOTES.map((r) => r.name)).toEqual([...REMOTE_NAMES]);
  expect(Object.keys(REMOTE_MODULES)).toEqual([...REMOTE_NAMES]);
});

test('descriptors are complete: a title, a dev port of its own, routes, tabs in distinct places', () => {
  for (const r of REMOTES) {
    expect(r.title).toBeTruthy();
    expect(r.routes.length).toBeGreaterThan(0);
    expect(REMOTE_MODULES[r.name]).toContain('app');
  }
  const ports = REMOTES.map((r) => r.port);
  expect(new Set(ports).size).toBe(ports.length);
  expect(ports.every((p) => p > 3000 && p < 3100)).toBe(true);
  const orders = REMOTES.flatMap((r) => (r.tab ? [r.tab.order] : []));
  expect(new Set(orders).size).toBe(orders.length);
  expect(remoteDescriptor('chat').title).toBe('Team chat');
  expect(() => remoteDescriptor('nope' as never)).toThrow('Unknown remote: nope');
});
