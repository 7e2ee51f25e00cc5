// The federation bundler runtime every remoteEntry.js carried (about 3 KB gzip each): the shell lends
// its own instead. Its functions keep no state of their own (each reads the __webpack_require__
// .federation of the container that calls it), so a remote takes them from the shell and keeps
// its own state: its share scope, its federation instance (made by its own copy of the runtime's
// init, which remembers the instance it made), and initContainerEntry, which the shell's build
// leaves out as the shell exposes nothing.
const path = require('node:path');
const { NormalModuleReplacementPlugin } = require('webpack');
const { generatedImport, writeGenerated } = require('./shared');

const GLOBAL = '_AGENCY_BUNDLER_RUNTIME';

function bundlerRuntimeDist() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const dist = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime', { paths: [enhanced] }));
  const version = require(path.join(dist, '../package.json')).version;
  const runtimeIndex = require.resolve('@module-federation/runtime', { paths: [dist] }).replace(/index\.cjs$/, 'index.js');
  return { dist, version, runtimeIndex };
}

/** The shell's federation runtime plugin (its path) that lends the bundler runtime, by its version. */
function lendingPlugin(appDir) {
  const { version } = bundlerRuntimeDist();
  const source = `/* global __webpack_require__ */
export default function lendBundlerRuntime() {
  const { bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
  globalThis.${GLOBAL} = { version: ${JSON.stringify(version)}, bundlerRuntime, attachShareScopeMap };
  return { name: 'lend-bundler-runtime' };
}
`;
  return writeGenerated(appDir, 'lend-bundler-runtime.js', source);
}

/** A remote's build: its bundler runtime is the shell's functions with this container's state. */
function borrowingPlugin(appDir) {
  const { dist, version, runtimeIndex } = bundlerRuntimeDist();
  const source = `import { init } from ${generatedImport(appDir, runtimeIndex)};
import { initContainerEntry } from ${generatedImport(appDir, path.join(dist, 'initContainerEntry.js'))};

const lent = globalThis.${GLOBAL};
if (!lent || lent.version !== ${JSON.stringify(version)})
  throw new Error('This module needs a newer version of the app. Reload the page to update.');
export default {
  runtime: { init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...lent.bundlerRuntime, S: {}, remotes: undefined, initContainerEntry },
  attachShareScopeMap: lent.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
`;
  const file = writeGenerated(appDir, 'borrowed-bundler-runtime.js', source);
  return new NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/, file);
}

/** The version of the bundler runtime the shell lends: a remote runs only on the one it was built with. */
const lentRuntimeVersion = () => bundlerRuntimeDist().version;

module.exports = { lendingPlugin, borrowingPlugin, lentRuntimeVersion };
