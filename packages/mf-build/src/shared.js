// The one list of modules the shell provides to every remote. Remotes never bundle these in a
// production build (import: false); the shell's copies always win (shareStrategy 'loaded-first').
// What the shell provides is a contract with every release: shared-surface.lock.json holds each key
// and name ever released, and surface.test.ts fails when one is no longer provided (surface.js).
// @ant-design/icons is not here either: shared, it shipped all 196 KB gzip of its icons to every
// signed-in page; bundled, each app carries the icons it draws (a session that visits every remote
// loaded 1,654 KB instead of 1,802 KB, the signed-in dashboard 1,366 KB instead of 1,532 KB). The
// shell still provides it, whole and by its path, for the remotes released before (EARLIER_KEYS).
// @agency/contracts is deliberately not here: it holds no state, only types, zod schemas and
// constants, so each app bundles just the parts it uses (sharing it would ship all of zod to /login)
// and a remote keeps the contract it was built against.
const fs = require('node:fs');
const path = require('node:path');
const { relativeRequest } = require('./reproducible');

const SINGLETONS = [
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
];

/**
 * Stateless libraries loaded once for every app instead of once per app: not singletons, and each
 * remote keeps its own copy as a fallback, loaded only when the page has none (an older shell).
 * zod: the remotes' screens validate with the contracts' schemas; bundled per app, a session loaded a
 * tree-shaken copy per remote (35 to 39 KB gzip each). The dashboard and the public pages load none:
 * they import only @agency/contracts' constants/, which build no schema.
 */
const SHARED_ONCE = ['zod'];

/**
 * antd is shared whole (its components must read one ConfigProvider), so it is not tree-shaken: every
 * page loaded all 76 of its components. The shared antd is antd without the components the product
 * does not draw (lint refuses importing them, and adding one back is a change here, measured): the
 * dashboard 1,112 -> 1,049 KB gzip. Only components no release ever drew may leave: a remote rolled
 * back to an older release takes its antd from the shell. Measured the other ways, antd drawn per
 * component (its contexts shared by their path, each component a shared module) the dashboard
 * loaded 1,258 KB, and each app bundling the components it draws 1,578 KB.
 */
const ANTD_LEFT_OUT = [
  'Affix',
  'Anchor',
  'Breadcrumb',
  'Carousel',
  'Cascader',
  'Collapse',
  'DatePicker',
  'FloatButton',
  'Masonry',
  'Splitter',
  'TimePicker',
  'Timeline',
  'Tour',
  'Transfer',
  'Tree',
  'TreeSelect',
  'Watermark',
];

/**
 * The antd components the signed-in dashboard draws: the shell's frame, the kit (@agency/ui, shared
 * whole), the widgets and the phone drawer. They are shared on their own as `antd-core`; the rest
 * of the shared antd loads with the first screen that draws one of the others. Which part a
 * component comes from changes bytes only, never behaviour: both parts are built by the shell, so
 * they hold one copy of antd's contexts, theme and styles.
 */
const ANTD_CORE = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'ConfigProvider',
  'Empty',
  'Flex',
  'Grid',
  'Input',
  'Layout',
  'Modal',
  'Progress',
  'Rate',
  'Row',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
  'message',
  'notification',
  'theme',
  'version',
];

/**
 * The core's share key changes whenever a name leaves ANTD_CORE, and the shell keeps providing the
 * earlier keys, each as every name the core ever held (ANTD_CORE and ANTD_CORE_FORMER): a remote
 * released before still finds each component it draws from its core. That module loads only when
 * such a remote asks for it; it is built from the same antd modules as the rest (one copy of antd's
 * contexts, theme and styles).
 */
const ANTD_CORE_SHARE_KEY = 'antd-core-4';
/**
 * antd-core-2 held Table when it was released (305e482); Table left it in d0ed096, so the core was
 * antd-core-3, which held Select and Dropdown: no first screen draws a Select (the phone drawer's
 * location picker, its only one, loads when a call first needs it) or opens a Dropdown (the
 * frame's two menus load antd's with their first click), so the core is antd-core-4.
 */
const ANTD_CORE_EARLIER_KEYS = ['antd-core', 'antd-core-2', 'antd-core-3'];
/**
 * Names that were in ANTD_CORE and left it (Table: the dashboard's figures are drawn by rc-table;
 * Select: with its virtual list, 23 KB gzip of the core; Dropdown: with antd's Menu, 10 KB).
 */
const ANTD_CORE_FORMER = ['Form', 'Radio', 'Table', 'Select', 'Dropdown'];

/** The module an earlier core key is provided from: every name the core ever held. Provided by its path, so that it is provided though nothing imports it. */
const earlierCoreFile = (shareKey) => `${shareKey}-earlier.js`;

/** The generated module `antd` resolves to: each name from the part that holds it (side-effect free). */
const ANTD_SPLIT_FILE = 'antd.js';

/**
 * What every app resolves `antd` to. Three modules written per app: `antd-full`, antd's own ES index
 * without ANTD_LEFT_OUT, shared as `antd` (a remote built before the split takes it whole);
 * `antd-core`, the ANTD_CORE part of it, shared on its own; and `antd` itself, which re-exports each
 * name from the part that holds it. That module has no side effects, so the build takes each import
 * straight from the part it names: a module that draws only core components loads only antd-core.
 */
function antdAlias(appDir) {
  let antdDir;
  try {
    antdDir = path.dirname(require.resolve('antd/package.json', { paths: [appDir] }));
  } catch {
    return {}; // the app draws no antd
  }
  const index = fs.readFileSync(path.join(antdDir, 'es/index.js'), 'utf8');
  const full = [];
  for (const m of index.matchAll(/^export \{ default as (\w+) \} from '\.\/([\w-]+)';$/gm))
    if (!ANTD_LEFT_OUT.includes(m[1])) full.push({ name: m[1], line: `export { default as ${m[1]} } from 'antd/es/${m[2]}';` });
  if (full.length < 40) throw new Error(`antd's ES index changed shape: found ${full.length} components in ${antdDir}/es/index.js`);
  const core = full.filter((c) => ANTD_CORE.includes(c.name));
  if (core.length !== ANTD_CORE.length)
    throw new Error(`ANTD_CORE names what antd does not export: ${ANTD_CORE.filter((n) => !core.some((c) => c.name === n)).join(', ')}`);
  const everInCore = full.filter((c) => ANTD_CORE.includes(c.name) || ANTD_CORE_FORMER.includes(c.name));
  if (everInCore.length !== ANTD_CORE.length + ANTD_CORE_FORMER.length) throw new Error('ANTD_CORE_FORMER names what antd does not export');
  const rest = full.filter((c) => !ANTD_CORE.includes(c.name)).map((c) => c.name);
  for (const key of ANTD_CORE_EARLIER_KEYS) writeGenerated(appDir, earlierCoreFile(key), `${everInCore.map((c) => c.line).join('\n')}\n`);
  const split = `export { ${ANTD_CORE.join(', ')} } from 'antd-core';\nexport { ${rest.join(', ')} } from 'antd-full';\n`;
  return {
    antd$: writeGenerated(appDir, ANTD_SPLIT_FILE, split),
    'antd-core$': writeGenerated(appDir, 'antd-core.js', `${core.map((c) => c.line).join('\n')}\n`),
    'antd-full$': writeGenerated(appDir, 'antd-full.js', `${full.map((c) => c.line).join('\n')}\n`),
  };
}

/**
 * react-router-dom is shared whole too, and whole it carries framework mode's server: request
 * handlers, sessions, cookies, static and RSC routers (66 KB gzip, 37 KB without them). The shared
 * react-router-dom is the browser's part of it; react-router itself is bundled inside it, once.
 */
const ROUTER_LEFT_OUT = [
  'HydratedRouter',
  'ServerRouter',
  'StaticRouter',
  'StaticRouterProvider',
  'RouterContextProvider',
  'Links',
  'Meta',
  'Scripts',
  'PrefetchPageLinks',
  'createRequestHandler',
  'createStaticHandler',
  'createStaticRouter',
  'createRoutesStub',
  'createCookie',
  'createCookieSessionStorage',
  'createMemorySessionStorage',
  'createSession',
  'createSessionStorage',
  'isCookie',
  'isSession',
];
/** Framework mode's internals and unstable APIs, but for the contexts a router's hooks read. */
const ROUTER_INTERNALS = /^(unstable_|UNSAFE_(?!(Location|Navigation|Route|DataRouter|DataRouterState)Context$))/;

/** The names of react-router-dom the shell shares (but RouterProvider, which comes from react-router/dom), or null when the app has no router. */
function sharedRouterNames(appDir) {
  let names;
  try {
    names = Object.keys(require(require.resolve('react-router-dom', { paths: [appDir] })));
  } catch {
    return null;
  }
  return names.filter((n) => !ROUTER_LEFT_OUT.includes(n) && !ROUTER_INTERNALS.test(n) && n !== 'RouterProvider');
}

/**
 * What `react-router-whole` resolves to: react-router's production ES build, the same code as the
 * development build every other import resolves to, but other files, so other modules to webpack.
 */
const ROUTER_WHOLE = 'react-router-whole';

function routerAlias(appDir) {
  const kept = sharedRouterNames(appDir);
  if (!kept) return {}; // the app has no router
  const routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  const whole = path.join(routerDir, 'dist/production/index.mjs');
  if (!fs.existsSync(whole)) throw new Error(`react-router changed shape: no ${whole}`);
  // react-router-dom's own index: everything of react-router, with the DOM's RouterProvider
  const source = `export { ${kept.join(', ')} } from 'react-router';\nexport { RouterProvider } from 'react-router/dom';\n`;
  return { 'react-router-dom$': writeGenerated(appDir, 'react-router-dom.js', source), [`${ROUTER_WHOLE}$`]: whole };
}

/**
 * The earlier key `react-router`: all of react-router, for the remotes released while it was shared
 * whole. Webpack keeps a module's exports that any module uses, so `export * from 'react-router'`
 * kept framework mode's server in the react-router every signed-in page loads (60 KB gzip instead
 * of 34). What the shared react-router-dom holds, and every context, comes from that one instance
 * (a remote's hooks read the shell's router); the rest (the server's parts, internals) from
 * another build of the package, loaded only with this module, when such a remote asks for it.
 */
function routerEarlierModule(appDir) {
  const kept = sharedRouterNames(appDir);
  if (!kept) throw new Error('react-router-dom is not resolvable from the shell');
  const names = Object.keys(require(require.resolve('react-router', { paths: [appDir] })));
  const fromTheRouter = names.filter((n) => kept.includes(n) || n === 'RouterProvider' || /Context$/.test(n));
  return `export * from '${ROUTER_WHOLE}';\nexport { ${fromTheRouter.join(', ')} } from 'react-router';\n`;
}

/**
 * rxjs is shared whole too (one Observable for every app: the bus hands its streams across), and
 * whole it is every operator (15 KB gzip on the dashboard). The shared rxjs holds the names the apps
 * have ever imported from it, in their git history too: a remote rolled back takes its rxjs from the
 * shell. Lint refuses importing any other; adding one is a change here.
 */
const RXJS_SHARED = [
  'BehaviorSubject',
  'Observable',
  'Subject',
  'Subscription',
  'auditTime',
  'distinctUntilChanged',
  'filter',
  'interval',
  'map',
  'merge',
  'pairwise',
  'skip',
];

function rxjsAlias(appDir) {
  let cjsIndex;
  try {
    cjsIndex = require.resolve('rxjs', { paths: [appDir] });
  } catch {
    return {}; // the app has no rxjs
  }
  // the ES build the app would have resolved (the package has no side effects, so only these are kept)
  const esIndex = path.join(path.dirname(cjsIndex), '../esm5/index.js');
  if (!fs.existsSync(esIndex)) throw new Error(`rxjs changed shape: no ${esIndex}`);
  return { rxjs$: writeGenerated(appDir, 'rxjs.js', `export { ${RXJS_SHARED.join(', ')} } from ${generatedImport(appDir, esIndex)};\n`) };
}

/**
 * Keys the shell shared once and no longer draws from: a remote released while they were shared
 * asks for them (its mf-manifest.json lists them), so the shell provides each by its path (a shared
 * module given by name is provided only when the shell imports it). Each module loads only when such
 * a remote asks for it; each is built from the same modules as the rest of the shell's build, so a
 * library's state is still one instance.
 *  - @ant-design/icons, shared whole until 36a12e7 (remotes built at 4132c2f and before ask for it);
 *  - react-router, shared whole until 40dcd97 (routerEarlierModule);
 *  - @agency/contracts, shared whole until 639108c;
 *  - nine antd components shared each on its own by their path in 9317563, until 2467d16.
 * `version` is the package's, as the shell's build resolves it.
 */
const CONTRACTS_EARLIER_FILE = 'contracts-earlier.js';
const EARLIER_KEYS = [
  { shareKey: '@ant-design/icons', pkg: '@ant-design/icons', module: (appDir) => writeGenerated(appDir, 'icons-earlier.js', iconsModule(appDir)) },
  { shareKey: 'react-router', pkg: 'react-router', module: (appDir) => writeGenerated(appDir, 'react-router-earlier.js', routerEarlierModule(appDir)) },
  {
    shareKey: '@agency/contracts',
    pkg: '@agency/contracts',
    module: (appDir) => writeGenerated(appDir, CONTRACTS_EARLIER_FILE, "export * from '@agency/contracts';\n"),
  },
  // shared by their own path: each module as it is in antd
  ...['Calendar', 'ColorPicker', 'Image', 'Mentions', 'QRCode', 'Result', 'Slider', 'Steps', 'Upload'].map((name) => ({
    shareKey: (appDir) => `antd/es/${antdFolderOf(appDir, name)}`,
    pkg: 'antd',
    module: (appDir) => path.join(antdDirOf(appDir), 'es', antdFolderOf(appDir, name), 'index.js'),
  })),
];

const antdDirOf = (appDir) => path.dirname(require.resolve('antd/package.json', { paths: [appDir] }));

/** The folder of antd/es an antd component is in, from antd's own ES index. */
function antdFolderOf(appDir, name) {
  const index = fs.readFileSync(path.join(antdDirOf(appDir), 'es/index.js'), 'utf8');
  const m = index.match(new RegExp(`^export \\{ default as ${name} \\} from '\\./([\\w-]+)';$`, 'm'));
  if (!m) throw new Error(`antd no longer exports ${name}`);
  return m[1];
}

/** Every name @ant-design/icons exports, from its own ES index: the earlier key provides each by name. */
function iconsModule(appDir) {
  const dir = path.dirname(require.resolve('@ant-design/icons/package.json', { paths: [appDir] }));
  const icons = [...fs.readFileSync(path.join(dir, 'es/icons/index.js'), 'utf8').matchAll(/^export \{ default as (\w+) \} from "\.\/\w+";$/gm)].map(
    (m) => m[1],
  );
  if (icons.length < 500) throw new Error(`@ant-design/icons changed shape: found ${icons.length} icons in ${dir}/es/icons/index.js`);
  const index = fs.readFileSync(path.join(dir, 'es/index.js'), 'utf8');
  const own = ['getTwoToneColor', 'setTwoToneColor', 'createFromIconfontCN', 'IconProvider'];
  for (const name of own) if (!new RegExp(`\\b${name}\\b`).test(index)) throw new Error(`@ant-design/icons no longer exports ${name}`);
  return `export { default, ${[...own, ...icons].join(', ')} } from '@ant-design/icons';\n`;
}

/** Where the build writes a module of its own: under the app's node_modules, so that it resolves the app's dependencies. */
const generatedPath = (appDir, name) => path.join(appDir, 'node_modules/.cache/mf-build', name);

/**
 * How a module of the build's own imports a file: relative to itself, as an absolute path would put
 * the workspace's folder in the build (the source maps' sources).
 */
const generatedImport = (appDir, target) => JSON.stringify(relativeRequest(path.dirname(generatedPath(appDir, ANTD_SPLIT_FILE)), target));

/** Writes a module of the build's own (only when its text changed, so that caches keep it). */
function writeGenerated(appDir, name, body) {
  const file = generatedPath(appDir, name);
  const source = `// written by packages/mf-build/src/shared.js\n${body}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  return file;
}

/** What every build resolves `antd`, `react-router-dom` and `rxjs` to: the parts of them the apps share. */
function sharedAliases(appDir) {
  return { ...antdAlias(appDir), ...routerAlias(appDir), ...rxjsAlias(appDir) };
}

function versionOf(request, fromDir) {
  const pkgName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const pkgJson = require.resolve(`${pkgName}/package.json`, { paths: [fromDir] });
  return require(pkgJson).version;
}

/** @param {{ role: 'host' | 'remote', standalone?: boolean, appDir: string }} opts */
function sharedConfig({ role, standalone = false, appDir }) {
  const shared = {};
  for (const request of SINGLETONS) {
    let version;
    try {
      version = versionOf(request, appDir);
    } catch {
      continue; // the app does not depend on it
    }
    const entry = { singleton: true, requiredVersion: `^${version}`, version };
    if (role === 'remote' && !standalone) entry.import = false;
    if (request === 'antd') {
      // `antd` resolves to the split of it (antdAlias); the whole keeps the share key antd
      shared['antd-core'] = { ...entry, shareKey: ANTD_CORE_SHARE_KEY };
      shared['antd-full'] = { ...entry, shareKey: 'antd' };
      if (role === 'host')
        for (const shareKey of ANTD_CORE_EARLIER_KEYS)
          shared[`${shareKey}-earlier`] = { ...entry, shareKey, import: generatedPath(appDir, earlierCoreFile(shareKey)) };
      continue;
    }
    shared[request] = entry;
  }
  if (role === 'host')
    for (const earlier of EARLIER_KEYS) {
      let version;
      try {
        version = versionOf(earlier.pkg, appDir);
      } catch {
        continue; // the app does not depend on it
      }
      const shareKey = typeof earlier.shareKey === 'function' ? earlier.shareKey(appDir) : earlier.shareKey;
      shared[`${shareKey}-earlier`] = { singleton: true, requiredVersion: `^${version}`, version, shareKey, import: earlier.module(appDir) };
    }
  for (const request of SHARED_ONCE) {
    let version;
    try {
      version = versionOf(request, appDir);
    } catch {
      continue;
    }
    shared[request] = { singleton: false, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = {
  writeGenerated,
  generatedImport,
  SINGLETONS,
  SHARED_ONCE,
  ANTD_LEFT_OUT,
  ANTD_CORE,
  ANTD_CORE_SHARE_KEY,
  ANTD_CORE_EARLIER_KEYS,
  ANTD_CORE_FORMER,
  EARLIER_KEYS,
  CONTRACTS_EARLIER_FILE,
  ANTD_SPLIT_FILE,
  ROUTER_LEFT_OUT,
  RXJS_SHARED,
  sharedAliases,
  sharedConfig,
  path,
};
