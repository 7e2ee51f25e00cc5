import { BUS_VERSION } from '@agency/bus';
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), getInstance: jest.fn() }));

const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
const json = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) } as Response);
/** The bus's version one minor back (what a remote released before the last bus release was built against). */
const PREVIOUS_MINOR = BUS_VERSION.replace(/^(\d+)\.(\d+)\..*$/, (_, major: string, minor: string) => `${major}.${Number(minor) - 1}.0`);
const REMOTES = { tasks: '/remotes/tasks/1.0.0/mf-manifest.json' };
const release = (busVersion: string) => ({ exposes: [{ name: './app' }, { name: './background' }], shared: [{ name: '@agency/bus', version: busVersion }] });

let fetchMock: jest.Mock;
let registry: typeof import('./registry');
let loadRemote: jest.Mock;
let registerRemotes: jest.Mock;
/** The shell's own federation instance: the keys it provides. */
const SHELL = { options: { shared: { '@agency/bus': [{ version: BUS_VERSION }] } } };
beforeEach(() => {
  // a fresh registry (nothing cached) and the runtime mock it sees
  jest.resetModules();
  registry = jest.requireActual('./registry');
  let getInstance: jest.Mock;
  ({ loadRemote, registerRemotes, getInstance } = jest.requireMock('@module-federation/enhanced/runtime'));
  getInstance.mockReturnValue(SHELL);
  loadRemote.mockResolvedValue(lifecycles);
  fetchMock = jest.fn();
  global.fetch = fetchMock;
});

test('a release built against the previous minor version of the bus loads under this shell', async () => {
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : release(PREVIOUS_MINOR)));
  await expect(registry.loadRemoteModule('tasks', 'app')).resolves.toBe(lifecycles);
  expect(loadRemote).toHaveBeenCalledWith('tasks/app');
  await expect(registry.remoteExposes('tasks')).resolves.toEqual(['app', 'background']);
});

test('a release built against a newer major version is refused with the reason', async () => {
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : release('2.0.0')));
  await expect(registry.loadRemoteModule('tasks', 'app')).rejects.toThrow(
    `This module needs a newer version of the app (2.0.0; this page runs ${BUS_VERSION}). Reload the page to update.`,
  );
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a release that takes a key this shell does not provide is refused before it loads: it needs a newer shell', async () => {
  const needsIcons = {
    ...release(BUS_VERSION),
    shared: [...release(BUS_VERSION).shared, { name: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4' }],
  };
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : needsIcons));
  const refused = registry.loadRemoteModule('tasks', 'app');
  await expect(refused).rejects.toMatchObject({ name: 'ShellMismatchError', shell: 'newer' });
  await expect(refused).rejects.toThrow('The tasks module needs a newer shell: @ant-design/icons ^6.3.4 (the shell does not provide it).');
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a failed remotes.json read is read again by the next attempt, without a reload', async () => {
  fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
  await expect(registry.remotesReady()).rejects.toThrow('Failed to fetch');
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : release(PREVIOUS_MINOR)));
  await expect(registry.loadRemoteModule('tasks', 'app', true)).resolves.toBe(lifecycles);
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'tasks', entry: REMOTES.tasks }], { force: true });
});

test('a failed read of a release manifest is read again on Retry', async () => {
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : {}, url === '/remotes.json' ? 200 : 503));
  await expect(registry.loadRemoteModule('tasks', 'app')).rejects.toThrow('The tasks module could not be loaded.');
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : release(PREVIOUS_MINOR)));
  await expect(registry.loadRemoteModule('tasks', 'app', true)).resolves.toBe(lifecycles);
});

test("a remote whose files cannot be loaded fails in a sentence; the runtime's own message goes to the console", async () => {
  fetchMock.mockImplementation((url: string) => json(url === '/remotes.json' ? REMOTES : release(PREVIOUS_MINOR)));
  const runtimeError = new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"remoteName":"tasks"}');
  loadRemote.mockRejectedValueOnce(runtimeError);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const failure = registry.loadRemoteModule('tasks', 'app');
    await expect(failure).rejects.toHaveProperty('message', 'The tasks module could not be loaded.');
    await expect(failure).rejects.toHaveProperty('cause', runtimeError);
    expect(logged).toHaveBeenCalledWith(runtimeError);
  } finally {
    logged.mockRestore();
  }
});

test('remotes.json that does not arrive in time fails with a clear message', async () => {
  fetchMock.mockImplementation(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
  );
  await expect(registry.loadRemotesManifest(20)).rejects.toThrow(registry.REMOTES_JSON_TIMEOUT_MESSAGE);
});
