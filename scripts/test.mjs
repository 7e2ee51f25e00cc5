#!/usr/bin/env node
// npm test: typecheck, lint, unit and component tests, server tests (PGlite, then PostgreSQL +
// Redis when DATABASE_URL / REDIS_URL are set), then Playwright journeys against the production build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAppsSideBySide, installDeps, must, root, step } from './steps.mjs';
import { ensurePnpm } from './pnpm.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const results = []; // { name, passed, failed, seconds }
const steps = []; // { name, seconds }: install and build, which count no tests
const out = mkdtempSync(join(tmpdir(), 'agency-test-'));
const started = Date.now();
let layerStarted = started;

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.error) console.error(`✖ could not run ${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}
/** Runs a command beside others: its output is kept and printed when it ends, in one piece. */
function runBeside(cmd, args, options = {}) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.once('error', (err) => {
      console.error(`✖ could not run ${cmd}: ${err.message}`);
      done(1);
    });
    child.once('close', (code) => {
      process.stdout.write(Buffer.concat(chunks));
      done(code ?? 1);
    });
  });
}
/** Runs a command with its output on this terminal, without holding the event loop (a command beside it keeps running). */
function runAlong(cmd, args, options = {}) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    child.once('error', (err) => {
      console.error(`✖ could not run ${cmd}: ${err.message}`);
      done(1);
    });
    child.once('close', (code) => done(code ?? 1));
  });
}

/** A layer's result and how long it took (since the last layer was recorded, unless told). */
function record(name, passed, failed, seconds = Math.round((Date.now() - layerStarted) / 1000)) {
  layerStarted = Date.now();
  results.push({ name, passed, failed, seconds });
  console.log(`${name}: ${passed} passed, ${failed} failed (${seconds} s)`);
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    step('Installing Chromium from Debian (needed by the Playwright journeys)');
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    '\n✖ Chromium was not found. Install it with:\n\n    sudo apt-get install -y chromium\n\n(or set CHROMIUM_PATH to a Chromium binary) and run npm test again.',
  );
  process.exit(1);
}

const chromium = findChromium();
installDeps();
steps.push({ name: 'install', seconds: Math.round((Date.now() - started) / 1000) });

// The type-check and the lint read the same files and need nothing of each other: the lint and the
// formatting check run beside the type-check (its output streams; theirs is printed when done).
step('Type-checking every package, and beside it the lint and the formatting (npm run format applies it)');
const lintStarted = Date.now();
layerStarted = lintStarted;
const lintAndFormat = (async () => {
  const lint = await runBeside(bin('eslint'), ['.', '--max-warnings=0']);
  const format = await runBeside(bin('prettier'), ['--check', '--log-level=warn', '**/*.{ts,tsx,js,mjs,cjs}']);
  return { ok: lint === 0 && format === 0, seconds: Math.round((Date.now() - lintStarted) / 1000) };
})();
// The shell and the remotes are one program (tsconfig.apps.json), the shared packages another
// (tsconfig.packages.json); every other package with a typecheck script (the server, the journeys,
// the bench) checks itself.
const tsc = (project) => runAlong(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project]);
const sharedPackages = JSON.parse(readFileSync(join(root, 'tsconfig.packages.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''))
  .include.filter((path) => path.startsWith('packages/'))
  .map((path) => `./${path.replace(/\/src$/, '')}`);
const [apps, packages, others] = await Promise.all([
  tsc('tsconfig.apps.json'),
  tsc('tsconfig.packages.json'),
  runAlong(process.execPath, [
    ensurePnpm(),
    '-r',
    '--workspace-concurrency=2',
    '--reporter=append-only',
    ...sharedPackages.flatMap((dir) => ['--filter', `!${dir}`]),
    'run',
    'typecheck',
  ]),
]);
const typecheck = apps || packages || others;
const typecheckSeconds = Math.round((Date.now() - lintStarted) / 1000);
const lint = await lintAndFormat;
record('typecheck', typecheck === 0 ? 1 : 0, typecheck === 0 ? 0 : 1, typecheckSeconds);
record('lint', lint.ok ? 1 : 0, lint.ok ? 0 : 1, lint.seconds);

step('Unit and component tests (jest)');
const jestJson = join(out, 'jest.json');
// Jest takes one worker fewer than the cores: on a two-core machine that is one, and the suite
// (antd screens in jsdom, CPU-bound) takes twice as long as with two.
const jestWorkers = Math.max(2, availableParallelism() - 1);
run(bin('jest'), ['--ci', `--maxWorkers=${jestWorkers}`, '--json', `--outputFile=${jestJson}`]);
if (existsSync(jestJson)) {
  const j = JSON.parse(readFileSync(jestJson, 'utf8'));
  record('jest', j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0));
} else record('jest', 0, 1);

/**
 * The server's test files, bundled once for both databases (packages/server/scripts/testBuild.mjs):
 * each file's process then starts about a second sooner than under tsx.
 */
let serverBundles = null;
async function bundledServerTests() {
  if (serverBundles) return serverBundles;
  const files = spawnSync('find', ['src', '-name', '*.test.ts'], { cwd: join(root, 'packages/server'), encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .sort();
  const { buildServerTests } = await import('../packages/server/scripts/testBuild.mjs');
  // pg's warning of two queries at once on one connection fails the run (on both databases). The
  // files run a dozen processes' worth, each file one suite of its own (testBuild.mjs): a process per
  // file spent about a second of CPU loading and warming the server before its first test.
  serverBundles = await buildServerTests(files, ['src/testing/oneQueryAtATime.ts'], { groups: 12 });
  return serverBundles;
}

async function serverTests(label, env, nodeFlags = []) {
  step(`Server tests on ${label}`);
  const tap = join(out, `server-${label.replace(/\W+/g, '-')}.tap`);
  let bundles;
  try {
    bundles = await bundledServerTests();
  } catch (err) {
    console.error(`✖ The server's tests could not be bundled: ${err.message}`);
    record(`server (${label})`, 0, 1);
    return;
  }
  await runAlong(
    process.execPath,
    [
      ...nodeFlags,
      // stack traces name the TypeScript sources
      '--enable-source-maps',
      ...bundles.imports.flatMap((file) => ['--import', `./${file}`]),
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...bundles.files,
    ],
    { cwd: join(root, 'packages/server'), env: { ...process.env, ...env } },
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)$`, 'm'))?.[1] ?? 0);
  record(`server (${label})`, count('pass'), count('fail') + count('cancelled') + (text ? 0 : 1));
}
// Every test process starts PGlite (PostgreSQL in WebAssembly) and lives a few seconds: V8's
// optimising compiler, set to work on the whole module in the background, cost more than it gave back
// (the layer took 29% less CPU and 24% less time with the baseline compiler alone). Each child of
// node's test runner inherits the flag (left out on a Node whose V8 does not know it).
const baselineOnly = spawnSync(process.execPath, ['--liftoff-only', '-e', '']).status === 0 ? ['--liftoff-only'] : [];
await serverTests('PGlite', { TEST_DB: 'pglite', REDIS_URL: '', TEST_PGLITE_SNAPSHOT: join(out, 'pglite-seeded.tar') }, baselineOnly);

// The production build of the apps (and, when the cache has none, the builds of the earlier release
// point that the compatibility journeys release) runs beside the PostgreSQL layer, whose tests wait
// on the database much of the time: two build processes, each building app after app, print a line
// per app built (and stop the run with the output of one that fails).
const buildStarted = Date.now();
const building = (async () => {
  // without source maps: the journeys release the builds, and a release leaves the maps out
  await buildAppsSideBySide({ sourceMaps: false });
  const built = Math.round((Date.now() - buildStarted) / 1000);
  // The compatibility journeys (e2e/tests/compat.spec.ts) release the builds of the earlier release
  // point beside today's: cached by commit outside the clone, so only a run that finds none builds
  // them (about 3 minutes). When they cannot be made, the journeys run all the same and the
  // compatibility journeys fail, saying why.
  const earlierStarted = Date.now();
  const earlier = await runBeside(process.execPath, [join(root, 'scripts/earlier-builds.mjs')]);
  return { built, earlier, earlierSeconds: Math.round((Date.now() - earlierStarted) / 1000) };
})();
if (process.env.DATABASE_URL) {
  // every test database is a copy of this one, migrated and seeded once (testing/harness.ts)
  const template = `agency_test_template_${process.pid}`;
  await serverTests('PostgreSQL + Redis', { TEST_DB: 'postgres', TEST_PG_TEMPLATE: template });
  await runAlong(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.DATABASE_URL }); await c.connect(); await c.query('drop database if exists ${template} with (force)'); await c.end();`,
    ],
    { cwd: join(root, 'packages/server') },
  );
}
step('The production build of the apps, and the builds of the earlier release point (e2e/compat/release-point.json), cached by commit');
const build = await building;
console.log(
  `  built in ${build.built} s (${Math.round((Date.now() - buildStarted) / 1000)} s since it began beside the server tests); the earlier builds took ${build.earlierSeconds} s`,
);
if (build.earlier !== 0) console.error('✖ The builds of the earlier release point could not be made.');
steps.push({ name: 'build (beside the PostgreSQL layer)', seconds: build.built });
steps.push({ name: 'earlier builds (cached by commit)', seconds: build.earlierSeconds });
layerStarted = Date.now();

step('End-to-end journeys (Playwright, production build)');
const pwJson = join(out, 'playwright.json');
run(join(root, 'e2e/node_modules/.bin/playwright'), ['test'], {
  cwd: join(root, 'e2e'),
  // the journeys run on their own fresh embedded database, whatever DATABASE_URL says
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: pwJson, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', DATABASE_URL: '', REDIS_URL: '' },
});
if (existsSync(pwJson)) {
  const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
  record('e2e', (s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + (s.expected || s.unexpected ? 0 : 1));
} else record('e2e', 0, 1);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.name.padEnd(28)} ${`${r.passed} passed, ${r.failed} failed`.padEnd(28)} ${r.seconds} s`);
for (const r of steps) console.log(`  ${r.name.padEnd(57)} ${r.seconds} s`);
console.log(`  ${'in all'.padEnd(57)} ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`\ntotal: ${passed} passed, ${failed} failed`);
must(failed === 0 ? 0 : 1, 'npm test');
