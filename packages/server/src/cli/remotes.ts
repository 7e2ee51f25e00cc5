/**
 * Releases, rolls back and lists remotes, with no shell rebuild and no server restart.
 *   remotes release <name|all> [--from <dist folder>] [--only-new]
 *   remotes rollback <name> [<release>]     (default: the release before the active one)
 *   remotes list [<name>]
 */
import { REMOTE_NAMES } from '@agency/contracts';
import { REPO_ROOT, loadConfig } from '../config';
import { join } from 'node:path';
import { activateRelease, listRemoteReleases, releaseRemote, rollbackRemote } from '../static/release';

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
      const r = releaseRemote(config.releasesDir, name, from, { activateExisting: !args.includes('--only-new') });
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
      const { active, releases } = listRemoteReleases(config.releasesDir, name);
      console.log(`${name}: ${releases.length ? releases.map((r) => (r === active ? `[${r}]` : r)).join('  ') : '(no release)'}`);
    }
  } else {
    throw new Error('usage: remotes release <name|all> [--from dir] [--only-new] | rollback <name> [release] | activate <name> <release> | list [name]');
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
