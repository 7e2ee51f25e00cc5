/**
 * Releases, rolls back and lists remotes, with no shell rebuild and no server restart.
 *   remotes release <name|all> [--from <dist folder>] [--only-new] [--by <who>] [--note <text>] [--commit <sha>]
 *   remotes rollback <name> [<release>]     (default: the release before the active one; a name
 *                                            matching several releases is refused with the list)
 *   remotes list [<name>]                   every release with when, commit, who and note
 *   remotes show <name> <release>           a release's record: where it came from, what it needs
 * Each release records who released it (--by, else the OS user), when, the commit its build folder
 * is at (--commit for a folder outside git), a note (--note, else the commit's subject) and what it
 * needs from the shell, from its own mf-manifest.json.
 */
import { REMOTE_NAMES } from '@agency/contracts';
import { REPO_ROOT, loadConfig } from '../config';
import { join } from 'node:path';
import { activateRelease, describeRelease, readReleaseRecord, releaseRemote, remoteReleaseRecords, rollbackRemote } from '../static/release';

const [cmd, ...args] = process.argv.slice(2);
const config = loadConfig();
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

function names(arg: string | undefined): string[] {
  if (!arg) throw new Error('Name a remote: ' + REMOTE_NAMES.join(', '));
  if (arg === 'all') return [...REMOTE_NAMES];
  if (!(REMOTE_NAMES as readonly string[]).includes(arg)) throw new Error(`Unknown remote "${arg}". Remotes: ${REMOTE_NAMES.join(', ')}`);
  return [arg];
}

try {
  if (cmd === 'release') {
    for (const name of names(args[0])) {
      const from = flag('--from') ?? join(REPO_ROOT, `mf-${name}`, 'dist');
      const r = releaseRemote(config.releasesDir, name, from, {
        activateExisting: !args.includes('--only-new'),
        by: flag('--by'),
        note: flag('--note'),
        commit: flag('--commit'),
      });
      console.log(`${name}: ${r.created ? 'released' : 'already released'} ${r.release}${r.activated ? ' (active)' : ''}`);
    }
  } else if (cmd === 'rollback') {
    const [name] = names(args[0]);
    const r = rollbackRemote(config.releasesDir, name, args[1]);
    console.log(`${name}: active release is now ${r}`);
  } else if (cmd === 'activate') {
    const [name] = names(args[0]);
    activateRelease(config.releasesDir, name, args[1]);
    console.log(`${name}: active release is now ${args[1]}`);
  } else if (cmd === 'list' || !cmd) {
    for (const name of args[0] ? names(args[0]) : REMOTE_NAMES) {
      const { active, releases } = remoteReleaseRecords(config.releasesDir, name);
      if (!releases.length) console.log(`${name}: (no release)`);
      else
        console.log(
          `${name}:\n${releases.map(({ release }) => `${release === active ? '* ' : '  '}${describeRelease(config.releasesDir, name, release)}`).join('\n')}`,
        );
    }
  } else if (cmd === 'show') {
    const [name] = names(args[0]);
    if (!args[1]) throw new Error('Name a release: remotes show <name> <release>');
    const record = readReleaseRecord(config.releasesDir, name, args[1]);
    if (!record) throw new Error(`${name} has no record of a release ${args[1]}.`);
    console.log(JSON.stringify(record, null, 2));
  } else {
    throw new Error(
      'usage: remotes release <name|all> [--from dir] [--only-new] [--by who] [--note text] [--commit sha] | rollback <name> [release] | activate <name> <release> | list [name] | show <name> <release>',
    );
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
