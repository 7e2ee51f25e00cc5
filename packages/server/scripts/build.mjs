// The server as it runs in production: src/main.ts bundled by esbuild into dist/main.js (about a
// second), started by node, not through tsx's loader hooks. As for the tests' bundles
// (testBuild.mjs), the repository's code is bundled and packages from node_modules are imported as
// they are; each module keeps its own location (migrations, the repository's root).
import { join } from 'node:path';
import { build } from 'esbuild';
import { ownCodeOnly, SERVER_DIR } from './testBuild.mjs';

/** Where the server's bundle goes (ignored by git). */
export const SERVER_BUNDLE = join(SERVER_DIR, 'dist/main.js');

/** Bundles the server; resolves with the bundle's path. */
export async function buildServer() {
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: { main: 'src/main.ts' },
    outdir: join(SERVER_DIR, 'dist'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // stack traces name the source files and lines (node --enable-source-maps)
    sourcemap: 'linked',
    // CommonJS packages required by the code (createRequire) and by esbuild's interop
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [ownCodeOnly()],
  });
  return SERVER_BUNDLE;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const started = Date.now();
  await buildServer();
  console.log(`  the server bundled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
