import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, REMOTE_NAMES } from './index';
import { PAGE_REACT_MODULES } from '../../../shell/src/remotes/reactFromThePage';
import shellConfigs from '../../../shell/webpack.config.js';
import {
  ANTD_CORE,
  ANTD_CORE_EARLIER_KEYS,
  ANTD_CORE_FORMER,
  ANTD_CORE_SHARE_KEY,
  ANTD_LEFT_OUT,
  ROUTER_LEFT_OUT,
  RXJS_SHARED,
  SHARED_ONCE,
  SINGLETONS,
  sharedAliases,
  sharedConfig,
} from './shared';

const root = path.join(__dirname, '../../..');
const federationOf = (config: { plugins: Array<{ _options?: Record<string, unknown> }> }) =>
  config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')?._options as Record<string, unknown>;

const shareKeys = (shared: Record<string, { shareKey?: string }>) => Object.entries(shared).map(([request, entry]) => entry.shareKey ?? request);

test('the remote names come from the one descriptor', () => {
  expect(REMOTE_NAMES).toEqual(['contacts', 'messages', 'phone', 'chat', 'tasks', 'admin']);
});

test("a remote's config takes its port, exposes and standalone mode by default", () => {
  delete process.env.MF_STANDALONE;
  const config = createConfig({ role: 'remote', name: 'tasks', appDir: path.join(root, 'mf-tasks'), mode: 'production' });
  expect(config.devServer.port).toBe(3005);
  expect(config.entry).toEqual({});
  const mf = federationOf(config);
  expect(mf.exposes).toEqual({ './app': './src/lifecycles.ts', './background': './src/backgroundLifecycles.tsx' });
  expect(mf.filename).toBe('remoteEntry.js');
  expect(mf.experiments).toEqual({ externalRuntime: true, optimization: { target: 'web', disableRemote: true } });
  process.env.MF_STANDALONE = '1';
  const alone = createConfig({ role: 'remote', name: 'tasks', appDir: path.join(root, 'mf-tasks'), mode: 'development' });
  expect(alone.entry).toHaveProperty('main');
  expect(federationOf(alone).experiments).toBeUndefined();
  delete process.env.MF_STANDALONE;
});

test("remotes run on the shell's federation bundler runtime; the shell lends it", () => {
  const shell = createConfig({ role: 'host', name: 'shell', appDir: path.join(root, 'shell'), mode: 'production' });
  const lending = (federationOf(shell).runtimePlugins as string[]).find((file) => file.endsWith('lend-bundler-runtime.js'))!;
  expect(readFileSync(lending, 'utf8')).toMatch(/globalThis\._AGENCY_BUNDLER_RUNTIME = \{ version: "[\d.]+", bundlerRuntime, attachShareScopeMap \}/);
  // the one that swaps a module for a file (antd's isBright is swapped by a function, antdIsBright.js)
  const replacementOf = (config: { plugins: object[] }) =>
    config.plugins.find((p) => p.constructor.name === 'NormalModuleReplacementPlugin' && typeof (p as { newResource: unknown }).newResource === 'string') as
      { resourceRegExp: RegExp; newResource: string } | undefined;
  expect(replacementOf(shell)).toBeUndefined();
  const tasks = createConfig({ role: 'remote', name: 'tasks', appDir: path.join(root, 'mf-tasks'), mode: 'production' });
  const borrowing = replacementOf(tasks)!;
  expect(borrowing.resourceRegExp.test('/x/@module-federation/webpack-bundler-runtime/dist/bundler.js')).toBe(true);
  const shim = readFileSync(borrowing.newResource, 'utf8');
  // the shell's functions, this container's own state and instance
  expect(shim).toContain('bundlerRuntime: { ...lent.bundlerRuntime, S: {}, remotes: undefined, initContainerEntry }');
  expect(shim).toMatch(/import \{ init \} from ".*@module-federation\/runtime\/dist\/index\.js";/);
  expect(shim).toContain("throw new Error('This module needs a newer version of the app. Reload the page to update.')");
});

test('an unknown remote is refused', () => {
  expect(() => createConfig({ role: 'remote', name: 'billing', appDir: path.join(root, 'mf-tasks') })).toThrow(
    'billing is not in packages/contracts/src/remotes.json',
  );
});

test('the shell serves on 3000 and provides the singletons; remotes bring none of them', () => {
  const shell = createConfig({ role: 'host', name: 'shell', appDir: path.join(root, 'shell'), mode: 'production' });
  expect(shell.devServer.port).toBe(3000);
  expect(federationOf(shell).experiments).toEqual({ provideExternalRuntime: true, optimization: { target: 'web' } });
  // one build of the runtime the shell lends, not its CommonJS and ES builds side by side
  expect(shell.resolve.alias['@module-federation/runtime-core$']).toMatch(/runtime-core\/dist\/index\.js$/);
  const hostShared = sharedConfig({ role: 'host', appDir: path.join(root, 'shell') });
  // antd is shared in two parts: its core, and the whole under its own key for remotes built before
  expect(hostShared['antd-full']).toMatchObject({ shareKey: 'antd', singleton: true });
  expect(hostShared['antd-core']).toMatchObject({ shareKey: ANTD_CORE_SHARE_KEY, singleton: true, version: hostShared['antd-full'].version });
  const coreKeys = [ANTD_CORE_SHARE_KEY, ...ANTD_CORE_EARLIER_KEYS];
  // and the keys it shared before, for the remotes released then (shared.js, EARLIER_KEYS)
  const earlierKeys = Object.values(hostShared as Record<string, { shareKey?: string; import?: string }>)
    .filter((e) => e.shareKey && e.import && path.isAbsolute(e.import))
    .map((e) => e.shareKey);
  expect(earlierKeys).toEqual(expect.arrayContaining(['@ant-design/icons', 'react-router', '@agency/contracts', ...ANTD_CORE_EARLIER_KEYS]));
  expect(shareKeys(hostShared).every((k) => SINGLETONS.includes(k) || SHARED_ONCE.includes(k) || coreKeys.includes(k) || earlierKeys.includes(k))).toBe(true);
  const busVersion = (JSON.parse(readFileSync(path.join(root, 'packages/bus/package.json'), 'utf8')) as { version: string }).version;
  expect(hostShared['@agency/bus']).toMatchObject({ singleton: true, version: busVersion, requiredVersion: `^${busVersion}` });
  const remoteShared = sharedConfig({ role: 'remote', appDir: path.join(root, 'mf-tasks') });
  expect(shareKeys(remoteShared)).toEqual(expect.arrayContaining([...SINGLETONS, ANTD_CORE_SHARE_KEY]));
  // a remote takes the current core only; the earlier keys are the shell's, for remotes released before
  expect(shareKeys(remoteShared)).not.toEqual(expect.arrayContaining(ANTD_CORE_EARLIER_KEYS));
  for (const [request, entry] of Object.entries(remoteShared))
    if (SINGLETONS.includes(entry.shareKey ?? request) || request === 'antd-core') expect(entry).toMatchObject({ singleton: true, import: false });
  // what is shared only to be loaded once stays a remote's own fallback, for a shell without it
  expect(remoteShared.zod).toMatchObject({ singleton: false });
  expect(remoteShared.zod).not.toHaveProperty('import');
});

test('a remote released with an earlier antd core finds every component it drew from it in the shell', () => {
  sharedAliases(path.join(root, 'shell')); // writes the shared parts, as the shell's build does
  const hostShared = sharedConfig({ role: 'host', appDir: path.join(root, 'shell') }) as Record<string, { shareKey?: string; import?: string }>;
  expect(ANTD_CORE_EARLIER_KEYS).not.toContain(ANTD_CORE_SHARE_KEY);
  for (const key of ANTD_CORE_EARLIER_KEYS) {
    const provided = Object.values(hostShared).find((e) => e.shareKey === key);
    // provided by its path: a shared module given by name is provided only when the shell imports it
    expect(path.isAbsolute(provided?.import ?? '')).toBe(true);
    const earlier = readFileSync(provided!.import!, 'utf8');
    for (const name of [...ANTD_CORE, ...ANTD_CORE_FORMER])
      expect(earlier).toMatch(new RegExp(`^export \\{ default as ${name} \\} from 'antd/es/[\\w-]+';$`, 'm'));
  }
  for (const name of ANTD_CORE_FORMER) expect(ANTD_CORE).not.toContain(name);
});

test('the earlier react-router key is all of react-router, its router and contexts those of the shared react-router-dom', () => {
  const shell = path.join(root, 'shell');
  const aliases = sharedAliases(shell);
  const hostShared = sharedConfig({ role: 'host', appDir: shell }) as Record<string, { shareKey?: string; import?: string }>;
  const earlier = readFileSync(Object.values(hostShared).find((e) => e.shareKey === 'react-router')!.import!, 'utf8');
  // the whole package comes from another build of it, which no other module imports (so none keeps framework mode's server)
  expect(earlier).toMatch(/^export \* from 'react-router-whole';$/m);
  expect(aliases['react-router-whole$']).toMatch(/react-router\/dist\/production\/index\.mjs$/);
  expect(readFileSync(aliases['react-router-dom$'], 'utf8')).not.toContain('react-router-whole');
  const fromTheRouter = earlier.match(/^export \{ ([^}]*) \} from 'react-router';$/m)![1].split(', ');
  const shared = readFileSync(aliases['react-router-dom$'], 'utf8')
    .match(/^export \{ ([^}]*) \} from 'react-router';$/m)![1]
    .split(', ');
  expect(fromTheRouter).toEqual(expect.arrayContaining([...shared, 'RouterProvider', 'UNSAFE_FetchersContext', 'UNSAFE_FrameworkContext']));
  for (const name of ROUTER_LEFT_OUT) expect(fromTheRouter).not.toContain(name);
});

test("behind the sign-in page the shell takes the page's React: its build carries the runtime plugin that does", () => {
  const [shell] = shellConfigs as Array<Parameters<typeof federationOf>[0]>;
  expect(federationOf(shell).runtimePlugins).toContain(path.join(root, 'shell/src/remotes/reactFromThePage.ts'));
  // what the page lends is shared by the shell as one instance
  for (const request of PAGE_REACT_MODULES) expect(SINGLETONS).toContain(request);
});

test('the shared list stays the design: only what must be one instance, nothing stateless', () => {
  // A library added here ships whole to every page (a shared module is not tree-shaken): change this
  // list only with the bench's figures before and after.
  expect(SINGLETONS).toEqual([
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    'react-router-dom',
    'antd',
    '@ant-design/cssinjs',
    'rxjs',
    '@agency/bus',
    '@agency/api-client',
    '@agency/ui',
  ]);
  for (const stateless of ['zod', '@agency/contracts', 'moment-timezone', 'dayjs', 'socket.io-client', '@ant-design/icons'])
    expect(SINGLETONS).not.toContain(stateless);
  // Loaded once instead of once per app (measured both ways: zod shared whole is 92 KB gzip, a
  // tree-shaken copy 35 to 39 KB in each of the five apps the dashboard loads): the dashboard 1,364
  // KB -> 1,284 KB, a session visiting every remote 1,652 KB -> 1,505 KB.
  expect(SHARED_ONCE).toEqual(['zod']);
  for (const stateless of ['@agency/contracts', 'moment-timezone', 'dayjs', 'socket.io-client', '@ant-design/icons'])
    expect(SHARED_ONCE).not.toContain(stateless);
});

test('the shared antd and react-router-dom are the parts the apps may draw, written for each app', () => {
  const aliases = sharedAliases(path.join(root, 'mf-tasks'));
  const whole = readFileSync(aliases['antd-full$'], 'utf8');
  expect(whole).toContain("export { default as Button } from 'antd/es/button';");
  expect(whole).toContain("export { default as Upload } from 'antd/es/upload';");
  for (const name of ANTD_LEFT_OUT) expect(whole).not.toContain(` as ${name} }`);
  const core = readFileSync(aliases['antd-core$'], 'utf8');
  expect(core).toContain("export { default as Button } from 'antd/es/button';");
  expect(core).not.toContain(' as Upload }');
  // `antd` takes each name from the part that holds it, and is free of side effects so that the
  // build imports straight from that part (a module drawing only core components loads no more)
  const split = readFileSync(aliases.antd$, 'utf8');
  expect(split).toContain(`export { ${ANTD_CORE.join(', ')} } from 'antd-core';`);
  expect(split).toMatch(/^export \{ [^}]*\bUpload\b[^}]*\} from 'antd-full';$/m);
  const rules = createConfig({ role: 'remote', name: 'tasks', appDir: path.join(root, 'mf-tasks'), mode: 'production' }).module.rules;
  expect(rules.some((r: { test: unknown; sideEffects?: boolean }) => r.sideEffects === false && typeof r.test === 'function' && r.test(aliases.antd$))).toBe(
    true,
  );
  // antd's rc-components say nothing of side effects (they have none): without the rule, every module they reach is kept
  const sideEffectFree = rules.find((r: { test: unknown; sideEffects?: boolean }) => r.sideEffects === false && r.test instanceof RegExp)?.test as RegExp;
  expect(sideEffectFree.test('/x/node_modules/.pnpm/y/node_modules/@rc-component/form/es/index.js')).toBe(true);
  expect(sideEffectFree.test('/x/node_modules/antd/es/index.js')).toBe(false);
  const router = readFileSync(aliases['react-router-dom$'], 'utf8');
  for (const name of ['BrowserRouter', 'Routes', 'Route', 'useNavigate', 'createBrowserRouter', 'UNSAFE_LocationContext'])
    expect(router).toMatch(new RegExp(`[{ ]${name}[,} ]`));
  expect(router).toContain("export { RouterProvider } from 'react-router/dom';");
  for (const name of [...ROUTER_LEFT_OUT, 'unstable_HistoryRouter', 'UNSAFE_createRouter']) expect(router).not.toMatch(new RegExp(`[{ ]${name}[,} ]`));
  // rxjs: the names the apps draw, from its ES build (free of side effects: nothing else is kept)
  const rxjs = readFileSync(aliases.rxjs$, 'utf8');
  expect(rxjs).toMatch(new RegExp(`^export \\{ ${RXJS_SHARED.join(', ')} \\} from ".*/rxjs/dist/esm5/index\\.js";$`, 'm'));
  expect(RXJS_SHARED).toEqual(expect.arrayContaining(['BehaviorSubject', 'Subject', 'Observable', 'map', 'filter']));
  // the lists are held here and by lint (no-restricted-imports), so that no app imports a left-out part
  expect(ANTD_LEFT_OUT).toEqual(expect.arrayContaining(['Carousel', 'Tree', 'Transfer', 'DatePicker']));
});

test("the shell's HTML pages are rendered from their templates, not compiled in a child build that would rebuild the shared modules", () => {
  const htmlPlugins = (shellConfigs as Array<{ plugins: Array<{ constructor: { name: string }; userOptions?: Record<string, unknown> }> }>)
    .flatMap((c) => c.plugins)
    .filter((p) => p.constructor.name === 'HtmlWebpackPlugin');
  expect(htmlPlugins).toHaveLength(4); // the app, and the sign-in, password and two-step pages
  for (const p of htmlPlugins) {
    const render = p.userOptions?.templateContent as (params: unknown) => string;
    expect(typeof render).toBe('function');
    expect(p.userOptions?.template).toBeUndefined();
    const html = render({ htmlWebpackPlugin: { options: { title: 'Sign in · Agency Desk', loading: true } } });
    expect(html).toContain('<title>Sign in · Agency Desk</title>');
    expect(html).toContain('<div class="boot" role="status">Loading</div>');
    expect(render({ htmlWebpackPlugin: { options: { title: 'x', loading: false } } })).toContain('<div id="root"></div>');
  }
});

test("the earlier @agency/contracts key builds the contracts' modules as copies of their own, so that the first screen's keep only the names it uses", () => {
  const shell = createConfig({ role: 'host', name: 'shell', appDir: path.join(root, 'shell'), mode: 'production' });
  expect(shell.experiments).toMatchObject({ layers: true });
  const hostShared = sharedConfig({ role: 'host', appDir: path.join(root, 'shell') }) as Record<string, { shareKey?: string; import?: string }>;
  const earlier = Object.values(hostShared).find((e) => e.shareKey === '@agency/contracts' && e.import && path.isAbsolute(e.import))!;
  expect(readFileSync(earlier.import!, 'utf8')).toContain("export * from '@agency/contracts';");
  type Rule = { test?: (file: string) => boolean; layer?: string; issuerLayer?: string; exclude?: RegExp };
  const rules = shell.module.rules as Rule[];
  const layered = rules.find((r) => typeof r.test === 'function' && r.test(earlier.import!) && r.layer);
  expect(layered?.layer).toBeTruthy();
  // under it, the contracts stay in the layer; what they import leaves it (one zod, one moment-timezone)
  const leaving = rules.find((r) => r.issuerLayer === layered!.layer)!;
  expect(leaving.layer).toBe('');
  expect(leaving.exclude!.test(path.join(root, 'packages/contracts/src/constants/user.ts'))).toBe(true);
  expect(leaving.exclude!.test(path.join(root, 'node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/index.js'))).toBe(false);
});
