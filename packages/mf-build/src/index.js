// Builds the webpack + Module Federation config of the shell (host) or of a remote.
const path = require('node:path');
const fs = require('node:fs');
// The federation plugins find webpack here: without it, each build's first one learns webpack's path
// from the error of a webpack() call without options, whose validation takes 1.5 to 2 s of CPU.
process.env.FEDERATION_WEBPACK_PATH = process.env.FEDERATION_WEBPACK_PATH || require.resolve('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { DefinePlugin, IgnorePlugin } = require('webpack');
const { ANTD_SPLIT_FILE, CONTRACTS_EARLIER_FILE, sharedAliases, sharedConfig } = require('./shared');
const { borrowingPlugin, lendingPlugin } = require('./lentBundlerRuntime');
const { SharedSurfacePlugin } = require('./surface');
const { pageTemplate } = require('./pageTemplate');
const { antdIsBrightPlugin } = require('./antdIsBright');
const { federationEntryWithRelativeImports, ReproducibleIdsPlugin, SortedManifestStatsPlugin } = require('./reproducible');

/** The layer of the earlier @agency/contracts key's own copy of the contracts (compileRules). */
const CONTRACTS_EARLIER_LAYER = 'contracts-earlier';

/** Every remote, as packages/contracts/src/remotes.json describes it (name, title, dev port, routes, tab). */
const REMOTE_DESCRIPTORS = require('../../contracts/src/remotes.json');
const REMOTE_NAMES = REMOTE_DESCRIPTORS.map((r) => r.name);
const HOST_PORT = 3000;

/**
 * @param {object} o
 * @param {'host'|'remote'} o.role
 * @param {string} o.name        federation name (shell, contacts, ...)
 * @param {string} o.appDir      the app's folder
 * @param {number} [o.port]      dev server port (a remote's comes from its descriptor, the shell's is 3000)
 * @param {Record<string,string>} [o.exposes]  defaults to the app's exposes.json
 * @param {'production'|'development'} [o.mode]
 * @param {boolean} [o.standalone]  a remote served on its own in development (defaults to MF_STANDALONE=1)
 * @param {string[]} [o.runtimePlugins]  federation runtime plugins, by their path in the app
 */
/**
 * The runtime the host lends its remotes is required (CommonJS) by the plugin that provides it,
 * while the rest of the federation runtime imports the ES build: one build for both, or the host
 * carries runtime-core twice (about 27 KB gzip on every page).
 */
function runtimeCoreAlias() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const cjs = require.resolve('@module-federation/runtime-core', { paths: [enhanced] });
  return { '@module-federation/runtime-core$': cjs.replace(/index\.cjs$/, 'index.js') };
}

/**
 * Source maps of a production build, unless MF_SOURCE_MAPS=0: a first `npm start` leaves them out
 * (it needs none yet, and writing them is a good part of each build's time).
 */
const devtool = (prod) => (!prod ? 'eval-cheap-module-source-map' : process.env.MF_SOURCE_MAPS === '0' ? false : 'source-map');

/** How every app's source is compiled and minified (the federated apps and the public pages alike). */
function compileRules(appDir) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules[\\/](?!@agency)/,
      loader: require.resolve('esbuild-loader'),
      options: { target: 'es2020', jsx: 'automatic', tsconfig: path.join(appDir, 'tsconfig.json') },
    },
    // antd's rc-components declare nothing about side effects, so every module they reach was kept;
    // they have none (no styles, no globals), as antd itself says of its own modules
    { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
    // the generated `antd` only re-exports the two parts of the shared antd (shared.js, antdAlias)
    { test: (file) => file === path.join(appDir, 'node_modules/.cache/mf-build', ANTD_SPLIT_FILE), sideEffects: false },
    // the earlier @agency/contracts key provides every name of the contracts: its modules are copies of
    // their own (a layer), or every constant would be kept in the modules the first screen loads
    { test: (file) => file === path.join(appDir, 'node_modules/.cache/mf-build', CONTRACTS_EARLIER_FILE), layer: CONTRACTS_EARLIER_LAYER },
    // what the contracts import (zod, moment-timezone) stays the one instance the rest of the build uses
    { issuerLayer: CONTRACTS_EARLIER_LAYER, exclude: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, layer: '' },
    { test: /\.css$/, type: 'asset/source' },
    { test: /\.(png|svg|jpg|webp|mp3|wav)$/, type: 'asset/resource' },
  ];
}

function defines(appDir, mode) {
  const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const rootPkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'));
  return new DefinePlugin({
    __APP_VERSION__: JSON.stringify(rootPkg.version),
    __REMOTE_VERSION__: JSON.stringify(pkg.version),
    'process.env.NODE_ENV': JSON.stringify(mode),
  });
}

/**
 * moment asks for its locales by a computed path, so webpack bundled all 130 of them (about 34 KB
 * gzip) wherever moment is imported; the app speaks US English only, which moment carries itself.
 */
const skipMomentLocales = () => new IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ });

/**
 * swc's minifier, through webpack's minimizer plugin: like terser it drops the code a module no
 * longer needs once webpack has removed its unused exports (esbuild's minifier left it in, which
 * kept all of react-router and the unused half of the federation runtime in every remoteEntry.js),
 * with the same bytes to a few hundred, in a third of terser's time (the shell: 38 s instead of 120).
 */
const minification = (prod) => ({
  // production's deterministic ids, the same in any folder (ReproducibleIdsPlugin, in every production build's plugins)
  ...(prod ? { moduleIds: false, chunkIds: false } : {}),
  minimize: prod,
  minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
});

/**
 * Code two chunks of an app both load goes into a chunk of its own from this size (webpack's
 * default, 20 KB, copied everything smaller into each: single-spa-react into the kit and the
 * parcel, the remote slot into four of the shell's screens, the queues into the phone's drawer and
 * its widget: 502.2 -> 494.7 KB gzip before the dashboard's first screen, 20 more small files).
 */
const SPLIT_CHUNK_MIN_SIZE = 2500;

/**
 * The contracts' plain values (constants/) in a chunk of their own in the shell: the shell's code
 * and the kit, bus and API client it provides each import some, and under the default minimum
 * size of a split chunk (20 KB) each of their chunks carried a copy (about 6.5 KB gzip each, four
 * on the first screen after the sign-in).
 */
const CONTRACTS_CONSTANTS_CHUNK = {
  test: /[\\/]packages[\\/]contracts[\\/]src[\\/]constants[\\/]/,
  chunks: 'all',
  minSize: 0,
  minChunks: 2,
  priority: 20,
  reuseExistingChunk: true,
};

/** What the shell's build writes for the public pages to warm the browser's cache with: every script of the app. */
const APP_FILES = 'app-files.json';

class ListAppFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ListAppFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ListAppFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const files = Object.keys(assets)
          .filter((name) => name.endsWith('.js'))
          .sort()
          .map((name) => `/${name}`);
        compilation.emitAsset(APP_FILES, new sources.RawSource(JSON.stringify(files)));
      });
    });
  }
}

/** Where the shell's public pages are built, under its dist (the server serves them for their paths). */
const PUBLIC_PAGES_DIR = 'public';

/**
 * The pages of an app that stand alone (the shell's sign-in and password reset, messages' service
 * review for clients): each its own small bundle and HTML file from the app's public/index.html,
 * without the federation runtime, the shared modules or antd's components, served for its path on
 * a full load. `fromRelease`: a remote's, served from its active release.
 * @param {{ appDir: string, pages: Array<{ name: string, entry: string, title: string }>, fromRelease?: boolean, mode?: 'production'|'development' }} o
 */
function createPageConfig(o) {
  const mode = o.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const prod = mode === 'production';
  return {
    name: 'public pages',
    mode,
    context: o.appDir,
    entry: Object.fromEntries(o.pages.map((p) => [p.name, path.join(o.appDir, p.entry)])),
    devtool: devtool(prod),
    output: {
      path: path.join(o.appDir, 'dist', PUBLIC_PAGES_DIR),
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      // The shell's pages are served from /public; a remote's from its release's folder, which the
      // server names in the page's <base> (the files are found beside the page).
      publicPath: o.fromRelease ? 'auto' : `/${PUBLIC_PAGES_DIR}/`,
      uniqueName: `${path.basename(o.appDir)}-pages`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'], alias: sharedAliases(o.appDir) },
    module: { rules: compileRules(o.appDir) },
    optimization: minification(prod),
    performance: { hints: false },
    plugins: [
      ...(prod ? [new ReproducibleIdsPlugin()] : []),
      defines(o.appDir, mode),
      skipMomentLocales(),
      ...antdIsBrightPlugin(o.appDir),
      ...o.pages.map(
        (p) =>
          new HtmlWebpackPlugin({
            templateContent: pageTemplate(path.join(o.appDir, 'public/index.html')),
            filename: `${p.name}.html`,
            chunks: [p.name],
            title: `${p.title} · Agency Desk`,
            loading: false,
            inject: 'body',
          }),
      ),
    ],
    stats: 'errors-warnings',
  };
}

function createConfig(input) {
  const o = { ...input };
  if (o.role === 'remote') {
    const descriptor = REMOTE_DESCRIPTORS.find((r) => r.name === o.name);
    if (!descriptor) throw new Error(`${o.name} is not in packages/contracts/src/remotes.json`);
    o.port = o.port ?? descriptor.port;
    o.standalone = o.standalone ?? process.env.MF_STANDALONE === '1';
    if (!o.exposes) {
      const file = path.join(o.appDir, 'exposes.json');
      o.exposes = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    }
  } else {
    o.port = o.port ?? HOST_PORT;
  }
  const mode = o.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const prod = mode === 'production';
  const isHost = o.role === 'host';
  const standalone = !!o.standalone;
  federationEntryWithRelativeImports();

  const federation = {
    name: o.name,
    shared: sharedConfig({ role: o.role, standalone, appDir: o.appDir }),
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: isHost ? false : { fileName: 'mf-manifest.json' },
    runtimePlugins: [...(isHost ? [lendingPlugin(o.appDir)] : []), ...(o.runtimePlugins ?? []).map((file) => path.join(o.appDir, file))],
  };
  if (isHost) {
    federation.remotes = {};
    // The host's federation runtime is the one every remote uses (global _FEDERATION_RUNTIME_CORE),
    // so a remote's remoteEntry.js does not carry a copy (about 29 KB gzip each).
    // (target web: the runtime's code for Node, such as its script loader, is left out)
    federation.experiments = { provideExternalRuntime: true, optimization: { target: 'web' } };
  } else {
    // A remote served on its own has no host to lend it the runtime. A remote loads no remotes of
    // its own, so its bundler runtime goes without the code that would.
    if (!standalone) federation.experiments = { externalRuntime: true, optimization: { target: 'web', disableRemote: true } };
    federation.filename = 'remoteEntry.js';
    // Assigned on window explicitly: the minifier wraps the bundle and would hide a plain `var`.
    federation.library = { type: 'window', name: o.name };
    federation.exposes = o.exposes ?? {};
  }

  const entry = isHost || standalone ? { main: path.join(o.appDir, 'src/index.ts') } : {};

  return {
    mode,
    context: o.appDir,
    entry,
    devtool: devtool(prod),
    output: {
      path: path.join(o.appDir, 'dist'),
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      publicPath: 'auto',
      uniqueName: o.name,
      // the host's public pages are a build of their own in dist/public
      // the public pages are a build of their own (createPageConfig) into the same dist
      clean: { keep: (file) => file.startsWith(PUBLIC_PAGES_DIR) },
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'], alias: { ...sharedAliases(o.appDir), ...(isHost ? runtimeCoreAlias() : {}) } },
    module: { rules: compileRules(o.appDir) },
    experiments: { layers: true },
    optimization: {
      ...minification(prod),
      splitChunks: { minSize: SPLIT_CHUNK_MIN_SIZE, ...(isHost ? { cacheGroups: { contractsConstants: CONTRACTS_CONSTANTS_CHUNK } } : {}) },
    },
    performance: { hints: false },
    plugins: [
      ...(prod ? [new ReproducibleIdsPlugin()] : []),
      defines(o.appDir, mode),
      skipMomentLocales(),
      ...antdIsBrightPlugin(o.appDir),
      new ModuleFederationPlugin(federation),
      ...(isHost ? [] : [new SortedManifestStatsPlugin()]),
      // a remote served by the shell runs on the shell's bundler runtime (lentBundlerRuntime.js)
      ...(isHost || standalone ? [] : [borrowingPlugin(o.appDir)]),
      ...(isHost || standalone
        ? [
            new HtmlWebpackPlugin({
              templateContent: pageTemplate(path.join(o.appDir, 'public/index.html')),
              title: isHost ? 'Agency Desk' : `Agency Desk · ${REMOTE_DESCRIPTORS.find((r) => r.name === o.name)?.title}`,
              loading: true,
              inject: 'body',
              publicPath: '/',
            }),
          ]
        : []),
      // the shell's dist says what it provides: each share key, its names and version, the runtime it lends
      ...(isHost ? [new ListAppFilesPlugin(), new SharedSurfacePlugin(o.appDir)] : []),
    ],
    devServer: {
      port: o.port,
      // a full load of a public page gets its own build, as the API's server gives it (STANDALONE_PAGES)
      historyApiFallback: isHost
        ? {
            rewrites: [
              { from: /^\/login\/?$/, to: `/${PUBLIC_PAGES_DIR}/login.html` },
              { from: /^\/forgot-password(\/[^/]+\/[^/]+)?\/?$/, to: `/${PUBLIC_PAGES_DIR}/forgot-password.html` },
              { from: /^\/mfa-setup\/?$/, to: `/${PUBLIC_PAGES_DIR}/mfa-setup.html` },
            ],
          }
        : true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy:
        isHost || standalone
          ? // /review: a remote's page of its own, which the API serves from the remote's active release
            [
              {
                context: ['/api', '/socket.io', '/remotes', '/remotes.json', '/active-releases.json', '/review'],
                target: `http://localhost:${process.env.API_PORT || 8080}`,
                ws: true,
              },
            ]
          : [],
    },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig, createPageConfig, APP_FILES, PUBLIC_PAGES_DIR, REMOTE_NAMES, REMOTE_DESCRIPTORS };
