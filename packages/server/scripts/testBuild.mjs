// The server's test files bundled for node's test runner (scripts/test.mjs): each file's run then
// loads a few JavaScript files instead of resolving and compiling some 300 TypeScript modules through
// tsx's loader hooks, which took about 1.7 s of the 4 s a test file's process spends before its
// first test, on every one of the suite's files, twice a run. Tests read exactly the code they do
// under tsx (esbuild compiles it either way); only the modules are bundled.
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_DIR = join(dirname(new URL(import.meta.url).pathname), '..');
/** Where the bundles go, mirroring src/ (ignored by git). */
export const TEST_BUILD_DIR = join(SERVER_DIR, '.test-build');

/**
 * Code of the repository (the server and @agency/*) is bundled; packages from node_modules are
 * imported as they are, from the bundle's folder inside the server's package, as the sources
 * import them.
 */
const ownCodeOnly = {
  name: 'own-code-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agency/') ? undefined : { path: args.path, external: true }));
    // Each module keeps its own location: paths made from import.meta (migrations, the repository's
    // root, a CLI a test runs) stay those of its source file, not the bundle's.
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles `files` (paths relative to the server's package, .ts) and the modules loaded before
 * each (`imports`); resolves with the bundles' paths, relative to the server's package, in the
 * same order.
 */
export async function buildServerTests(files, imports = []) {
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
  const entries = [...files, ...imports];
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: entries,
    outdir: TEST_BUILD_DIR,
    outbase: '.',
    bundle: true,
    // what two test files share is one module, as under tsx
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // stack traces name the source files and lines
    sourcemap: 'linked',
    // CommonJS packages required by the code (createRequire) and by esbuild's interop
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [ownCodeOnly],
  });
  const out = (file) => relative(SERVER_DIR, join(TEST_BUILD_DIR, file.replace(/\.tsx?$/, '.js')));
  return { files: files.map(out), imports: imports.map(out) };
}
