import { getInstance } from '@module-federation/enhanced/runtime';
import { checkShellFit, runningShell, ShellMismatchError, type ReleaseManifest } from './shellFit';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

/** A remote's manifest as its build writes it: what it takes from the shell and the runtime it was built on. */
const manifest = (shared: Array<[string, string, string]>, pluginVersion = '2.9.2'): ReleaseManifest => ({
  metaData: { pluginVersion },
  shared: shared.map(([name, version, requiredVersion]) => ({ name, version, requiredVersion, singleton: true })),
});

afterEach(() => {
  delete globalThis._AGENCY_BUNDLER_RUNTIME;
});

test("the page's shell is what its federation instance provides and the runtime it lends", () => {
  (getInstance as jest.Mock).mockReturnValue({ options: { shared: { react: [{ version: '19.3.1' }], 'antd-core-3': [{ version: '6.6.8' }] } } });
  globalThis._AGENCY_BUNDLER_RUNTIME = { version: '2.9.2' };
  expect(runningShell()).toEqual({ keys: { react: ['19.3.1'], 'antd-core-3': ['6.6.8'] }, runtime: '2.9.2' });

  expect(() => checkShellFit('contacts', manifest([['react', '19.3.1', '^19.3.1']]))).not.toThrow();
  let refused: unknown;
  try {
    checkShellFit('contacts', manifest([['@ant-design/icons', '6.3.4', '^6.3.4']]));
  } catch (err) {
    refused = err;
  }
  expect(refused).toBeInstanceOf(ShellMismatchError);
  expect((refused as ShellMismatchError).shell).toBe('newer');
  expect((refused as ShellMismatchError).message).toBe('The contacts module needs a newer shell: @ant-design/icons ^6.3.4 (the shell does not provide it).');
});

test('a release built on an earlier federation runtime, or a major the shell moved past, needs an older shell', () => {
  const shell = { keys: { react: ['20.0.0'] }, runtime: '2.10.0' };
  expect(() => checkShellFit('admin', manifest([['react', '19.3.1', '^19.3.1']], '2.9.2'), shell)).toThrow(
    'The admin module needs an older shell: react ^19.3.1 (the shell provides 20.0.0); the federation runtime 2.9.2 (the shell lends 2.10.0).',
  );
});

test('with no federation instance there is nothing to check', () => {
  (getInstance as jest.Mock).mockReturnValue(null);
  expect(runningShell()).toBeNull();
  expect(() => checkShellFit('contacts', manifest([['anything', '1.0.0', '^1.0.0']]))).not.toThrow();
});
