// One commit builds the same bytes wherever its folder is and whatever one build process built before:
// a release is named by its files' hash, so a build that differs is a new release every browser loads.
const path = require('node:path');

/** `target` as a module request from `fromDir` ('./…' or '../…', with forward slashes). */
function relativeRequest(fromDir, target) {
  const rel = path.relative(fromDir, target).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The federation plugins write their runtime's entry module (the bundler runtime and the runtime
 * plugins it imports) to their temporary folder and name it by a hash of its text. Its text imports
 * each file by its absolute path, so the module's name, and so the ids of modules and chunks and the
 * remoteEntry.js that lists them, changed with the folder the workspace is in. The text imports each
 * file relative to that folder instead (both are in the workspace, so the path between them is fixed).
 */
function federationEntryWithRelativeImports() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const constants = require(path.join(enhanced, 'lib/container/constant.js'));
  const { default: FederationRuntimePlugin } = require(path.join(enhanced, 'lib/container/runtime/FederationRuntimePlugin.js'));
  if (typeof FederationRuntimePlugin?.getTemplate !== 'function' || typeof constants.TEMP_DIR !== 'string')
    throw new Error('@module-federation/enhanced no longer writes its runtime entry with FederationRuntimePlugin.getTemplate into TEMP_DIR');
  if (FederationRuntimePlugin.getTemplate.relativeImports) return;
  const absolute = FederationRuntimePlugin.getTemplate;
  const relative = (...args) =>
    absolute
      .apply(FederationRuntimePlugin, args)
      .replace(/^(import \w+ from )'([^']+)';$/gm, (line, head, file) =>
        path.isAbsolute(file) ? `${head}'${relativeRequest(constants.TEMP_DIR, file)}';` : line,
      );
  relative.relativeImports = true;
  FederationRuntimePlugin.getTemplate = relative;
}

/**
 * Webpack's deterministic ids of modules and chunks (its defaults in production), with each module
 * named relative to the app's folder in full: webpack makes the paths of a module's name relative
 * only where they follow a `|` or `!`, and the federation's modules name theirs after a space (the
 * container's entry names the runtime entry's path, a shared module the file it provides), so a
 * build in another folder numbered them otherwise. Otherwise the same numbers as webpack's.
 */
class ReproducibleIdsPlugin {
  apply(compiler) {
    const { compareModulesByPreOrderIndexOrIdentifier, compareChunksNatural } = require('webpack/lib/util/comparators');
    const { assignDeterministicIds, getUsedModuleIdsAndModules, getUsedChunkIds } = require('webpack/lib/ids/IdHelpers');
    const { makePathsRelative } = require('webpack/lib/util/identifier');
    const context = compiler.context;
    const nameOf = (module) =>
      module
        .identifier()
        .split(' ')
        .map((part) => makePathsRelative(context, part, compiler.root))
        .join(' ');
    compiler.hooks.compilation.tap('ReproducibleIdsPlugin', (compilation) => {
      const { chunkGraph } = compilation;
      compilation.hooks.moduleIds.tap('ReproducibleIdsPlugin', () => {
        const [usedIds, modules] = getUsedModuleIdsAndModules(compilation);
        assignDeterministicIds(
          modules,
          nameOf,
          compareModulesByPreOrderIndexOrIdentifier(compilation.moduleGraph),
          (module, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            chunkGraph.setModuleId(module, id);
            return true;
          },
          [1000],
          10,
          usedIds.size,
        );
      });
      compilation.hooks.chunkIds.tap('ReproducibleIdsPlugin', (chunks) => {
        const usedIds = getUsedChunkIds(compilation);
        assignDeterministicIds(
          [...chunks].filter((chunk) => chunk.id === null),
          (chunk) => chunk.name || chunkGraph.getChunkRootModules(chunk).map(nameOf).join(),
          compareChunksNatural(chunkGraph),
          (chunk, id) => {
            const size = usedIds.size;
            usedIds.add(`${id}`);
            if (size === usedIds.size) return false;
            chunk.id = id;
            chunk.ids = [id];
            return true;
          },
          [1000],
          10,
          usedIds.size,
        );
      });
    });
  }
}

/**
 * mf-manifest-stats.json lists, for each shared module, the exposed modules that use it in the order
 * the build happened to reach them (it changed from one build to the next): sorted.
 */
class SortedManifestStatsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SortedManifestStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SortedManifestStatsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, (assets) => {
        for (const name of Object.keys(assets).filter((n) => /(^|\/)mf-manifest(-stats)?\.json$/.test(n))) {
          const json = JSON.parse(assets[name].source().toString());
          for (const entry of [...(json.shared ?? []), ...(json.exposes ?? []), ...(json.remotes ?? [])])
            for (const key of ['usedIn', 'usedExports', 'requires'])
              if (Array.isArray(entry[key]) && entry[key].every((v) => typeof v === 'string')) entry[key] = [...entry[key]].sort();
          compilation.updateAsset(name, new sources.RawSource(JSON.stringify(json, null, 2)));
        }
      });
    });
  }
}

module.exports = { relativeRequest, federationEntryWithRelativeImports, ReproducibleIdsPlugin, SortedManifestStatsPlugin };
