import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, REMOTE_NAMES } from './index';
import { ANTD_CORE, ANTD_CORE_EARLIER_KEYS, ANTD_CORE_FORMER, ANTD_CORE_SHARE_KEY, ANTD_LEFT_OUT, ROUTER_LEFT_OUT, RXJS_SHARED, sharedConfig } from './shared';
import { SURFACE_FILE, SharedSurfacePlugin, checkSurface, readLock, sharedSurface, updateLock } from './surface';

type Surface = ReturnType<typeof sharedSurface>;
type Lock = ReturnType<typeof readLock>;

const root = path.join(__dirname, '../../..');
const shellDir = path.join(root, 'shell');
const surface: Surface = sharedSurface(shellDir);
const lock: Lock = readLock();

const withKey = (s: Surface, key: string, change: (k: Surface['keys'][string] | undefined) => Surface['keys'][string] | undefined): Surface => {
  const keys = { ...s.keys };
  const changed = change(keys[key] && { ...keys[key] });
  if (changed) keys[key] = changed;
  else delete keys[key];
  return { ...s, keys };
};

test('the shell provides every key and name ever released, at the major it was released at, and the lock holds all it provides', () => {
  expect(checkSurface(surface, lock)).toEqual([]);
  // nothing the shell provides is left out of the lock (else it could leave again unnoticed)
  expect(updateLock(surface, lock, '2026-11-28')).toEqual(lock);
  // every key since the first commit, those the shell no longer draws from too
  expect(Object.keys(lock.keys)).toEqual(
    expect.arrayContaining(['react', 'antd', 'antd-core', 'antd-core-2', '@ant-design/icons', 'react-router', '@agency/contracts', 'antd/es/steps', 'zod']),
  );
  expect(lock.runtime).toEqual([surface.runtime.bundler]);
});

test('a name leaving a released key, a key no longer provided and a new major are refused; a new key is not', () => {
  const withoutTable = withKey(surface, 'antd-core-2', (k) => ({ ...k!, names: k!.names!.filter((n) => n !== 'Table') }));
  expect(checkSurface(withoutTable, lock)).toEqual([
    'antd-core-2 (released since 305e482) no longer exports Table: keep them, or share what changed under a new key',
  ]);
  expect(
    checkSurface(
      withKey(surface, '@ant-design/icons', () => undefined),
      lock,
    ),
  ).toEqual(['@ant-design/icons (released since c83fc6c) is no longer provided: a release asks for it']);
  expect(
    checkSurface(
      withKey(surface, 'react', (k) => ({ ...k!, version: '20.0.0' })),
      lock,
    ),
  ).toEqual(['react (released since c83fc6c) is provided at 20.0.0, released at major 19: share the new major under a new key']);
  // under 1.0.0 a minor is a major
  const zeroLock = { ...lock, keys: { ...lock.keys, tiny: { major: '0.4' } } };
  expect(
    checkSurface(
      withKey(surface, 'tiny', () => ({ version: '0.5.0', singleton: true })),
      zeroLock,
    ),
  ).toEqual(['tiny is provided at 0.5.0, released at major 0.4: share the new major under a new key']);
  expect(checkSurface({ ...surface, runtime: { ...surface.runtime, bundler: '9.0.0' } }, lock)).toEqual([
    `the federation runtime ${surface.runtime.bundler}, which releases were built against, is no longer lent (the shell lends 9.0.0)`,
  ]);
  // a component leaving the core under a new key: the old key keeps every name, the new one is added
  const newKey = withKey(surface, 'antd-core-5', () => ({ version: '6.6.8', singleton: true, names: ANTD_CORE.filter((n) => n !== 'Tag') }));
  expect(checkSurface(newKey, lock)).toEqual([]);
  expect(updateLock(newKey, lock, '2026-12-01').keys['antd-core-5']).toEqual({ major: '6', since: '2026-12-01', names: ANTD_CORE.filter((n) => n !== 'Tag') });
});

test('updating the lock only adds', () => {
  const gone = withKey(
    withKey(surface, '@ant-design/icons', () => undefined),
    '@agency/ui',
    (k) => ({ ...k!, names: [...k!.names!.slice(1), 'newName'] }),
  );
  const updated = updateLock({ ...gone, runtime: { ...gone.runtime, bundler: '2.10.0' } }, lock, '2026-12-01');
  expect(updated.keys['@ant-design/icons']).toEqual(lock.keys['@ant-design/icons']);
  expect(updated.keys['@agency/ui'].names).toEqual([...lock.keys['@agency/ui'].names!, 'newName'].sort());
  expect(updated.runtime).toEqual([...lock.runtime, '2.10.0']);
  expect(updated.keys.react).toEqual(lock.keys.react);
});

test('the hand-kept lists of shared.js agree with the lock', () => {
  // what left a whole key before any release drew it, and only that, stays out
  expect([...ANTD_LEFT_OUT].sort()).toEqual([...lock.leftOut.antd].sort());
  expect([...ROUTER_LEFT_OUT].sort()).toEqual([...lock.leftOut['react-router-dom']].sort());
  for (const name of ANTD_LEFT_OUT) expect(lock.keys.antd.names).not.toContain(name);
  for (const name of ROUTER_LEFT_OUT) expect(lock.keys['react-router-dom'].names).not.toContain(name);
  // the core's earlier keys are every core key released but the current one
  const coreKeys = Object.keys(lock.keys).filter((k) => /^antd-core(-\d+)?$/.test(k));
  expect([...ANTD_CORE_EARLIER_KEYS, ANTD_CORE_SHARE_KEY].sort()).toEqual(coreKeys.sort());
  // a name an earlier core held and the current one does not is a former core name
  for (const key of ANTD_CORE_EARLIER_KEYS) for (const name of lock.keys[key].names!) expect([...ANTD_CORE, ...ANTD_CORE_FORMER]).toContain(name);
  expect([...RXJS_SHARED].sort()).toEqual(expect.arrayContaining(lock.keys.rxjs.names!));
});

test("the shell's build writes its surface into its dist", () => {
  const shell = createConfig({ role: 'host', name: 'shell', appDir: shellDir, mode: 'production' });
  const plugin = shell.plugins.find((p: object) => p instanceof SharedSurfacePlugin) as SharedSurfacePlugin;
  expect(plugin).toBeDefined();
  const tasks = createConfig({ role: 'remote', name: 'tasks', appDir: path.join(root, 'mf-tasks'), mode: 'production' });
  expect(tasks.plugins.some((p: object) => p instanceof SharedSurfacePlugin)).toBe(false);
  // run it as webpack would, on a compilation that records what is emitted
  const emitted: Record<string, string> = {};
  const compilation = {
    hooks: { processAssets: { tap: (_o: unknown, fn: () => void) => fn() } },
    emitAsset: (name: string, source: { source: () => string }) => (emitted[name] = source.source()),
  };
  plugin.apply({
    webpack: {
      Compilation: { PROCESS_ASSETS_STAGE_REPORT: 5000 },
      sources: {
        RawSource: class {
          constructor(private s: string) {}
          source = () => this.s;
        },
      },
    },
    hooks: { thisCompilation: { tap: (_n: string, fn: (c: typeof compilation) => void) => fn(compilation) } },
  });
  const written = JSON.parse(emitted[SURFACE_FILE]) as Surface;
  expect(written).toEqual(surface);
  expect(written.runtime).toEqual({ bundler: expect.stringMatching(/^\d+\.\d+\.\d+$/), enhanced: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  expect(written.keys['antd-core-3']).toMatchObject({ version: expect.any(String), singleton: true, names: expect.arrayContaining(['Button', 'Tag']) });
});

test('a remote released while @ant-design/icons was shared finds every icon in the shell, loaded only when it asks', () => {
  const hostShared = sharedConfig({ role: 'host', appDir: shellDir }) as Record<string, { shareKey?: string; import?: string; singleton?: boolean }>;
  const [request, icons] = Object.entries(hostShared).find(([, e]) => e.shareKey === '@ant-design/icons')!;
  // provided by its path (a module given by name is provided only when the shell imports it), under
  // a request nothing imports: the shell's own icons stay bundled, and this module loads only for such a remote
  expect(request).not.toBe('@ant-design/icons');
  expect(path.isAbsolute(icons.import ?? '')).toBe(true);
  expect(icons.singleton).toBe(true);
  const source = readFileSync(icons.import!, 'utf8');
  // the icons contacts, messages and admin drew at 4132c2f, and the package's own helpers
  for (const name of ['default', 'IconProvider', 'createFromIconfontCN', 'UserOutlined', 'PhoneOutlined', 'SearchOutlined', 'PushpinFilled', 'StarFilled'])
    expect(source).toMatch(new RegExp(`[{ ]${name}[,} ]`));
  expect(source).toMatch(/^export \{ default, [\w, ]+ \} from '@ant-design\/icons';$/m);
  expect(surface.keys['@ant-design/icons'].names).toHaveLength(lock.keys['@ant-design/icons'].names!.length);
  // remotes bundle the icons they draw and ask the shell for none of the earlier keys
  const remoteShared = sharedConfig({ role: 'remote', appDir: path.join(root, 'mf-contacts') }) as Record<string, { shareKey?: string }>;
  const remoteKeys = Object.entries(remoteShared).map(([r, e]) => e.shareKey ?? r);
  for (const key of ['@ant-design/icons', 'react-router', '@agency/contracts', 'antd/es/steps', ...ANTD_CORE_EARLIER_KEYS])
    expect(remoteKeys).not.toContain(key);
});

test("every key today's remotes take from the shell is provided, and locked", () => {
  for (const name of REMOTE_NAMES) {
    const remoteShared = sharedConfig({ role: 'remote', appDir: path.join(root, `mf-${name}`) }) as Record<string, { shareKey?: string; import?: false }>;
    for (const [request, entry] of Object.entries(remoteShared)) {
      const key = entry.shareKey ?? request;
      expect({ remote: name, key, provided: key in surface.keys }).toEqual({ remote: name, key, provided: true });
      expect(lock.keys[key]).toBeDefined();
    }
  }
});
