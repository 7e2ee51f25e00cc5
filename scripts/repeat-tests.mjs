#!/usr/bin/env node
// Runs server test files many times in a row, optionally with every core kept busy beside them, and
// stops at the first failing run: the check that a test does not fail by chance on a loaded machine.
//
//   node scripts/repeat-tests.mjs                  the phone and conference suites, 20 runs
//   node scripts/repeat-tests.mjs --load           the same with a busy loop on every core
//   node scripts/repeat-tests.mjs --times 5 src/modules/chat/chat.test.ts
//
// Files are relative to packages/server. The runs use PGlite (one seeded snapshot for all of them);
// with TEST_DB=postgres and DATABASE_URL set they use that PostgreSQL instead.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './steps.mjs';

const args = process.argv.slice(2);
let times = 20;
let load = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--times') times = Number(args[++i]);
  else if (args[i] === '--load') load = true;
  else files.push(args[i]);
}
if (!Number.isInteger(times) || times < 1) {
  console.error('--times wants a whole number of runs');
  process.exit(2);
}
if (!files.length) files.push('src/modules/phone/phone.test.ts', 'src/modules/phone/conference.test.ts');

const out = mkdtempSync(join(tmpdir(), 'agency-repeat-'));
const busy = load ? Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })) : [];
const stopLoad = () => busy.forEach((child) => child.kill());
process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});
console.log(`${times} runs of ${files.join(', ')}${load ? `, beside ${busy.length} busy loops` : ''}`);

let failed = 0;
const started = Date.now();
for (let run = 1; run <= times; run++) {
  const t = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './src/testing/oneQueryAtATime.ts', '--test', '--test-concurrency=2', '--test-reporter=dot', ...files],
    {
      cwd: join(root, 'packages/server'),
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { TEST_DB: 'pglite', REDIS_URL: '', TEST_PGLITE_SNAPSHOT: join(out, 'pglite-seeded.tar'), ...process.env },
    },
  );
  console.log(`run ${run}/${times}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - t) / 1000)} s`);
  if (r.status !== 0) {
    failed = run;
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    break;
  }
}
stopLoad();
rmSync(out, { recursive: true, force: true });
console.log(failed ? `run ${failed} failed` : `${times} runs passed in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
