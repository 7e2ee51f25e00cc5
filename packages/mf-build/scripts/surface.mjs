#!/usr/bin/env node
// The shared surface against its lock (packages/mf-build/shared-surface.lock.json).
//   node packages/mf-build/scripts/surface.mjs            what the shell provides breaks nothing locked, and nothing is left unlocked
//   node packages/mf-build/scripts/surface.mjs --update   adds what the shell provides and the lock lacks (never removes)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { LOCK_FILE, checkSurface, readLock, sharedSurface, updateLock } = require('../src/surface.js');

const shellDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../shell');
const update = process.argv.includes('--update');
const surface = sharedSurface(shellDir);
const lock = readLock();
const problems = checkSurface(surface, lock);
const updated = updateLock(surface, lock, new Date().toISOString().slice(0, 10));
const unlocked = JSON.stringify(updated) !== JSON.stringify(lock);

if (update && unlocked) {
  writeFileSync(LOCK_FILE, `${JSON.stringify(updated, null, 2)}\n`);
  console.log(`${path.relative(process.cwd(), LOCK_FILE)}: added what the shell now provides`);
} else if (unlocked) {
  console.log('The shell provides what the lock does not hold yet: run with --update and commit the lock.');
}
for (const problem of problems) console.error(`✗ ${problem}`);
if (!problems.length && !(unlocked && !update)) console.log(`The shell provides every key and name of the lock (${Object.keys(lock.keys).length} keys).`);
process.exitCode = problems.length || (unlocked && !update) ? 1 : 0;
