// The one list of modules the shell provides to every remote. Remotes never bundle these in a
// production build (import: false); the shell's copies always win (shareStrategy 'loaded-first').
// @ant-design/icons is not here either: shared, it shipped all 196 KB gzip of its icons to every
// signed-in page; bundled, each app carries the icons it draws (a session that visits every remote
// loaded 1,654 KB instead of 1,802 KB, the signed-in dashboard 1,366 KB instead of 1,532 KB).
// @agency/contracts is deliberately not here: it holds no state, only types, zod schemas and
// constants, so each app bundles just the parts it uses (sharing it would ship all of zod to /login)
// and a remote keeps the contract it was built against.
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
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
    shared[request] = entry;
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

module.exports = { SINGLETONS, SHARED_ONCE, sharedConfig, path };
