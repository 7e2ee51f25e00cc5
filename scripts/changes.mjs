#!/usr/bin/env node
// npm run change -- <area> <patch|minor|major> "<what changed>"   writes a change in .changeset/
// npm run versions                                               bumps each area its changes name, and its CHANGELOG.md
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { root } from './steps.mjs';

const { addChange, applyChanges } = createRequire(import.meta.url)('../packages/mf-build/src/changes.js');
const [cmd, ...args] = process.argv.slice(2);
try {
  if (cmd === 'add') {
    const [area, level, ...words] = args;
    console.log(`Wrote ${relative(root, addChange(root, area, level, words.join(' ')))}`);
  } else if (cmd === 'version') {
    const bumped = Object.entries(applyChanges(root));
    console.log(bumped.length ? bumped.map(([folder, version]) => `${folder}: ${version}`).join('\n') : 'No change to apply.');
  } else {
    console.error('usage: npm run change -- <area> <patch|minor|major> "<what changed>" | npm run versions');
    process.exit(2);
  }
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
