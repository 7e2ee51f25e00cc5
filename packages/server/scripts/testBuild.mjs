// The server's test files bundled for node's test runner (scripts/test.mjs): each file's run then
// loads a few JavaScript files instead of resolving and compiling some 300 TypeScript modules through
// tsx's loader hooks, which took about 1.7 s of the 4 s a test file's process spends before its
// first test, on every one of the suite's files, twice a run. Tests read exactly the code they do
// under tsx (esbuild compiles it either way); only the modules are bundled.
import { readFile } from 'node:fs/promises';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transformSync } from 'esbuild';

export const SERVER_DIR = join(dirname(new URL(import.meta.url).pathname), '..');
/** Where the bundles go, mirroring src/ (ignored by git). */
export const TEST_BUILD_DIR = join(SERVER_DIR, '.test-build');

/**
 * Code of the repository (the server and @agency/*) is bundled; packages from node_modules are
 * imported as they are, from the bundle's folder inside the server's package, as the sources
 * import them.
 */
export const ownCodeOnly = (asSuites = new Map()) => ({
  name: 'own-code-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agency/') ? undefined : { path: args.path, external: true }));
    // Each module keeps its own location: paths made from import.meta (migrations, the repository's
    // root, a CLI a test runs) stay those of its source file, not the bundle's.
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = asSuites.get(args.path) ?? (await readFile(args.path, 'utf8'));
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * A test file as one suite named after it: its imports stay where they are, and everything else
 * (its hooks, suites and tests) is declared inside `describe(<file>, () => { … })`, so its top-level
 * `before`/`after`/`beforeEach` belong to the file's suite, not to the process's root, and several
 * files can run in one process, each as it runs alone. Null when the file cannot be wrapped: it
 * stops its process when done (process.exit), or awaits at its top level (a suite declares its
 * tests synchronously).
 */
export function asSuite(source, name) {
  if (source.includes('process.exit')) return null;
  const lines = source.split('\n');
  let i = 0;
  let inImport = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (inImport) {
      if (/from\s+['"][^'"]+['"];?\s*$/.test(line)) inImport = false;
      continue;
    }
    if (/^\s*($|\/\/)/.test(line)) continue;
    if (/^import\s/.test(line)) {
      inImport = !/(from\s+)?['"][^'"]+['"];?\s*$/.test(line);
      continue;
    }
    break;
  }
  const body = lines.slice(i);
  if (body.some((line) => /^import\s/.test(line))) return null;
  // on the body's first line, so that every line keeps its number (stack traces, source maps)
  const opening = `import { describe as __fileSuite } from 'node:test'; __fileSuite(${JSON.stringify(name)}, () => { `;
  const wrapped = [...lines.slice(0, i), opening + (body[0] ?? ''), ...body.slice(1), '});', ''].join('\n');
  try {
    transformSync(wrapped, { loader: 'ts', format: 'esm' });
  } catch {
    return null;
  }
  return wrapped;
}

/**
 * Bundles `files` (paths relative to the server's package, .ts) and the modules loaded before
 * each (`imports`); resolves with the bundles' paths, relative to the server's package, in the
 * same order.
 *
 * With `groups`, the files are run that many to a process where they can be: each such file is
 * one suite (asSuite), and a group's entry imports its files one after the other. A test file's
 * process spent about a second of CPU loading the server and warming it up before its first test;
 * grouped, that is paid once per group. `files` then resolves with one entry per process
 * (.test-build/suites/NN-alone|group.test.js), in the order they should start.
 */
export async function buildServerTests(files, imports = [], { groups = 0 } = {}) {
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
  const asSuites = new Map();
  if (groups > 0) {
    for (const file of files) {
      const wrapped = asSuite(readFileSync(join(SERVER_DIR, file), 'utf8'), file);
      if (wrapped) asSuites.set(join(SERVER_DIR, file), wrapped);
    }
  }
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
    plugins: [ownCodeOnly(asSuites)],
  });
  const out = (file) => relative(SERVER_DIR, join(TEST_BUILD_DIR, file.replace(/\.tsx?$/, '.js')));
  if (!asSuites.size) return { files: files.map(out), imports: imports.map(out) };
  const alone = files.filter((file) => !asSuites.has(join(SERVER_DIR, file)));
  const grouped = files.filter((file) => asSuites.has(join(SERVER_DIR, file)));
  // dealt out in turn, so that a folder's long files (a module's socket suites, say) go to different groups
  const count = Math.min(groups, grouped.length);
  const groupsOfFiles = Array.from({ length: count }, (_, g) => grouped.filter((_, i) => i % count === g));
  // Every process gets an entry of its own, named in the order they should start (node's test runner
  // sorts its files by path): each file that runs alone (the calls' suites, which wait on the clock
  // more than they compute) beside a group, not two of them together.
  const order = [];
  for (let i = 0; i < Math.max(alone.length, groupsOfFiles.length); i++) {
    if (alone[i]) order.push([alone[i]]);
    if (groupsOfFiles[i]) order.push(groupsOfFiles[i]);
  }
  const dir = join(TEST_BUILD_DIR, 'suites');
  mkdirSync(dir, { recursive: true });
  const entriesOfProcesses = order.map((members, n) => {
    const entry = join(dir, `${String(n + 1).padStart(2, '0')}-${members.length === 1 ? 'alone' : 'group'}.test.js`);
    writeFileSync(entry, members.map((file) => `import '../${out(file).slice('.test-build/'.length)}';`).join('\n') + '\n');
    return relative(SERVER_DIR, entry);
  });
  return { files: entriesOfProcesses, imports: imports.map(out) };
}
