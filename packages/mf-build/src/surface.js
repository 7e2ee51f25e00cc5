// The shared surface: what the shell provides to the remotes, key by key, and the contract it keeps
// with every release. A remote's mf-manifest.json lists the keys it takes from the shell; a released
// remote keeps asking for them, with the names it drew from each, for as long as it can be rolled
// back to. So shared-surface.lock.json holds every key and name ever released, and a key keeps
// them all: a name leaves a key, or its major version changes, only under a new key.
const fs = require('node:fs');
const path = require('node:path');
const { buildSync } = require('esbuild');
const { sharedAliases, sharedConfig } = require('./shared');
const { lentRuntimeVersion } = require('./lentBundlerRuntime');

const SURFACE_FILE = 'shared-surface.json';
const LOCK_FILE = path.join(__dirname, '../shared-surface.lock.json');

/** The names a module of ours exports (generated, or a workspace package's source), as esbuild reads them. */
function exportedNames(file) {
  const result = buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    packages: 'external',
    outdir: path.join(path.dirname(file), '.surface-out'),
    logLevel: 'silent',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.png': 'empty', '.svg': 'empty', '.jpg': 'empty', '.webp': 'empty', '.mp3': 'empty', '.wav': 'empty' },
  });
  const [output] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint);
  return [...output.exports].sort();
}

/** The module a shared entry is provided from, when its names can be read from it: otherwise a whole package, held by its major version. */
function moduleOf(request, entry, aliases, appDir) {
  if (typeof entry.import === 'string' && path.isAbsolute(entry.import)) return entry.import;
  if (aliases[`${request}$`]) return aliases[`${request}$`];
  if (request.startsWith('@agency/')) return require.resolve(request, { paths: [appDir] });
  return null;
}

/** A generated module that re-exports a workspace package whole is read as that package. */
function readFrom(file, appDir) {
  const whole = fs.readFileSync(file, 'utf8').match(/^export \* from '(@agency\/[\w-]+)';$/m);
  return whole ? require.resolve(whole[1], { paths: [appDir] }) : file;
}

/** A module whose names esbuild can list: ours, but not one that re-exports another package whole (`export * from 'react-router'`). */
const readable = (file) =>
  !/[\\/]node_modules[\\/](?!\.cache[\\/]mf-build[\\/])/.test(file) && !/^export \* from '(?![./]|@agency\/)/m.test(fs.readFileSync(file, 'utf8'));

/** A version's major: `6` of 6.6.8, `0.12` of 0.12.3 (under 1.0.0 a minor may break). */
const majorOf = (version) => {
  const [major, minor] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
};

/**
 * What the shell's build provides: each share key with its version and, where the module is ours
 * (generated or a workspace package), the names it exports; and the federation runtime it lends.
 * @returns {{ runtime: { bundler: string, enhanced: string }, keys: Record<string, { version: string, singleton: boolean, names?: string[] }> }}
 */
function sharedSurface(appDir) {
  const aliases = sharedAliases(appDir);
  const keys = {};
  for (const [request, entry] of Object.entries(sharedConfig({ role: 'host', appDir }))) {
    const provided = moduleOf(request, entry, aliases, appDir);
    const file = provided && readFrom(provided, appDir);
    const names = file && readable(file) ? exportedNames(file) : undefined;
    keys[entry.shareKey ?? request] = { version: entry.version, singleton: entry.singleton, ...(names ? { names } : {}) };
  }
  const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack')).replace(/([\\/]@module-federation[\\/]enhanced)[\\/].*$/, '$1');
  const enhanced = JSON.parse(fs.readFileSync(path.join(enhancedDir, 'package.json'), 'utf8')).version;
  return { runtime: { bundler: lentRuntimeVersion(), enhanced }, keys: Object.fromEntries(Object.entries(keys).sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * What a surface breaks of the lock: a released key no longer provided, provided at another major,
 * or without a name it had; a federation runtime releases were built against no longer lent.
 * @returns {string[]} one sentence per problem
 */
function checkSurface(surface, lock) {
  const problems = [];
  for (const [key, locked] of Object.entries(lock.keys)) {
    const provided = surface.keys[key];
    const since = locked.since ? ` (released since ${locked.since})` : '';
    if (!provided) {
      problems.push(`${key}${since} is no longer provided: a release asks for it`);
      continue;
    }
    if (majorOf(provided.version) !== locked.major)
      problems.push(`${key}${since} is provided at ${provided.version}, released at major ${locked.major}: share the new major under a new key`);
    if (locked.names && provided.names) {
      const missing = locked.names.filter((n) => !provided.names.includes(n));
      if (missing.length) problems.push(`${key}${since} no longer exports ${missing.join(', ')}: keep them, or share what changed under a new key`);
    }
  }
  for (const version of lock.runtime)
    if (version !== surface.runtime.bundler)
      problems.push(`the federation runtime ${version}, which releases were built against, is no longer lent (the shell lends ${surface.runtime.bundler})`);
  return problems;
}

/**
 * The lock with what the surface adds: new keys (at their major, `since` the day given), new names,
 * a new runtime. It never removes nor changes what is locked.
 */
function updateLock(surface, lock, since) {
  const keys = structuredClone(lock.keys);
  for (const [key, provided] of Object.entries(surface.keys)) {
    const locked = keys[key];
    if (!locked) {
      keys[key] = { major: majorOf(provided.version), ...(since ? { since } : {}), ...(provided.names ? { names: provided.names } : {}) };
      continue;
    }
    if (provided.names) locked.names = [...new Set([...(locked.names ?? []), ...provided.names])].sort();
  }
  const runtime = lock.runtime.includes(surface.runtime.bundler) ? lock.runtime : [...lock.runtime, surface.runtime.bundler];
  return { ...lock, runtime, keys: Object.fromEntries(Object.entries(keys).sort(([a], [b]) => a.localeCompare(b))) };
}

const readLock = () => JSON.parse(fs.readFileSync(LOCK_FILE, 'utf8'));

/** The shell's build writes its surface into its dist (shared-surface.json), beside its files. */
class SharedSurfacePlugin {
  constructor(appDir) {
    this.appDir = appDir;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedSurfacePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedSurfacePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(SURFACE_FILE, new sources.RawSource(`${JSON.stringify(sharedSurface(this.appDir), null, 2)}\n`));
      });
    });
  }
}

module.exports = { SURFACE_FILE, LOCK_FILE, SharedSurfacePlugin, checkSurface, exportedNames, majorOf, readLock, sharedSurface, updateLock };
