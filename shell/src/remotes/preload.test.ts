import { loadRemoteModule, remoteExposes } from './registry';
import { preloadFirstModules } from './preload';

jest.mock('./registry', () => ({ loadRemoteModule: jest.fn(), remoteExposes: jest.fn() }));

const exposes = remoteExposes as jest.Mock;
const load = loadRemoteModule as jest.Mock;

test("behind /login, the code of the widgets on the dashboard's first screen, the phone drawer and the background modules is loaded where it is released", async () => {
  exposes.mockImplementation(async (remote: string) =>
    remote === 'admin'
      ? []
      : remote === 'phone'
        ? ['app', 'drawer', 'widget-queues']
        : remote === 'tasks'
          ? ['app', 'background']
          : ['app', 'widget-follow-up', 'widget-renewals', 'widget-campaigns'],
  );
  load.mockImplementation(async (remote: string, expose: string) => {
    if (expose === 'drawer') throw new Error('The phone module could not be loaded.');
    return { remote, expose };
  });
  await expect(preloadFirstModules()).resolves.toBeUndefined();
  const loaded = load.mock.calls.map(([remote, expose]) => `${remote}/${expose}`);
  expect(loaded).toEqual(expect.arrayContaining(['phone/widget-queues', 'phone/drawer', 'tasks/background', 'contacts/widget-follow-up']));
  // nothing its release does not expose (admin's widgets here), nor the widgets below the first screen
  expect(loaded.filter((m) => m.startsWith('admin/') || m.startsWith('messages/'))).toEqual([]);
  expect(loaded).not.toContain('contacts/widget-renewals');
});
