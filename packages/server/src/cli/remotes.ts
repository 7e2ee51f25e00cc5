/**
 * Releases, rolls back and lists the shell and the remotes, with no rebuild and no server restart.
 * NAME is `shell` or a remote; `all` is the shell and every remote.
 *   remotes release <name|all> [--from <dist folder>] [--only-new] [--by <who>] [--note <text>] [--commit <sha>] [--reason <text>] [--force]
 *   remotes rollback <name> [<release>] [--by <who>] [--reason <text>] [--force]
 *                                           (default: the release before the active one; a name
 *                                            matching several releases is refused with the list)
 *   remotes activate <name> <release> [--by <who>] [--reason <text>] [--force]
 *   remotes list [<name>]                   every release with when, commit, who and note
 *   remotes show <name> <release>           a release's record: where it came from, what it needs
 *   remotes publish <name> --to <https://server> [--key <deploy key>] [--from <dist folder>] [--stage]
 *                  [--expect <release>|none] [--note <text>] [--commit <sha>] [--force]
 *                                           over HTTPS with a deploy key (else AGENCY_DEPLOY_KEY), no
 *                                           database or host access: only the files the server lacks
 *                                           are sent; --stage leaves it inactive
 * Each release records who released it (--by, else the OS user), when, the commit its build folder
 * is at (--commit for a folder outside git), a note (--note, else the commit's subject) and what it
 * needs from the shell, from its own mf-manifest.json.
 * Before a release goes live (release, rollback, activate), the preflight compares what it needs
 * with what the active shell provides (its shared-surface.json), or for a shell, what it provides
 * with what every active remote needs, and refuses with the list of what is missing; --force
 * activates it all the same and records who, when and what was missing.
 * Each change of an active release goes to the global history of release changes (who: --by, else
 * the OS user; why: --reason, else a release's note), which super users read on the Releases page:
 * written to the database when the command has it open, else noted in the registry folder for the
 * server to take in (modules/releases/history.ts).
 */
import { REMOTE_NAMES, SHELL_RELEASE } from '@agency/contracts';
import { publish } from './publish';
import { REPO_ROOT, loadConfig } from '../config';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { openDb } from '../db/index';
import { releaseFilesFor, sharedReleases } from '../static/shared';
import { describePreflightProblem } from '@agency/contracts';
import {
  activeShellSurface,
  activateRemote,
  describeRelease,
  PreflightRefusal,
  preflightRelease,
  readReleaseRecord,
  releaseRemote,
  remoteReleaseRecords,
  rollbackRemote,
  shellProblems,
  storedReleaseNeeds,
} from '../static/release';
import { readActive } from '../static/remotes';
import { loadAuditChainKeys } from '../modules/audit/key';
import { noteReleaseChange, recordReleaseChange, type ReleaseChangeInput } from '../modules/releases/history';

const [cmd, ...args] = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (cmd === 'publish') {
  // a team's CI, far from the server's disk and database: nothing here opens either
  const name = args.find((a, i) => !a.startsWith('--') && !['--to', '--key', '--from', '--expect', '--note', '--commit'].includes(args[i - 1]));
  const to = flag('--to');
  const key = flag('--key') ?? process.env.AGENCY_DEPLOY_KEY;
  try {
    if (!name || ![SHELL_RELEASE, ...REMOTE_NAMES].includes(name))
      throw new Error(`Name the shell or a remote: ${[SHELL_RELEASE, ...REMOTE_NAMES].join(', ')}`);
    if (!to) throw new Error('Say where to publish: --to https://your-server');
    if (!key) throw new Error('Give a deploy key: --key adk_… or AGENCY_DEPLOY_KEY');
    const r = await publish({
      name,
      to,
      key,
      from: flag('--from') ?? join(REPO_ROOT, name === SHELL_RELEASE ? 'shell' : `mf-${name}`, 'dist'),
      stage: args.includes('--stage'),
      expect: flag('--expect'),
      force: args.includes('--force'),
      note: flag('--note'),
      commit: flag('--commit'),
    });
    console.log(`${name}: ${r.created ? 'published' : 'already there:'} ${r.release}${r.active === r.release ? ' (active)' : ' (not active)'}`);
    process.exit(0);
  } catch (err) {
    console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
const config = loadConfig();
const WITH_VALUE = new Set(['--from', '--by', '--note', '--commit', '--reason']);
/** The arguments that are not flags (nor a flag's value). */
const positional = args.filter((a, i) => !a.startsWith('--') && !WITH_VALUE.has(args[i - 1]));
/** The shell the remotes run under: its active release (its build folder while none is released). */
const shellSurface = () => activeShellSurface(config.releasesDir, config.shellDir);
/** When this command runs: the time a forced change's override is recorded with, to find it again. */
const now = new Date();
const preflightOptions = () => ({ shellSurface: shellSurface(), force: args.includes('--force'), by: flag('--by'), now });
/** The changes of an active release this command made, for the history. */
const logged: ReleaseChangeInput[] = [];
const activeOf = (name: string) => readActive(config.releasesDir)[name]?.active ?? null;
/** Notes a change for the history when `name`'s active release is no longer `before`. */
function logChange(name: string, before: string | null, action: ReleaseChangeInput['action'], note?: string) {
  const release = activeOf(name);
  if (!release || release === before) return;
  const override = readReleaseRecord(config.releasesDir, name, release)?.overrides?.find((o) => o.at === now.toISOString());
  logged.push({
    by: flag('--by') ?? userInfo().username,
    via: 'cli',
    action,
    name,
    release,
    reason: flag('--reason') ?? (note || null),
    forced: override ? `forced past the preflight: ${override.missing.map(describePreflightProblem).join('; ')}` : null,
  });
}
const forcedLine = (name: string, release: string, missing: Parameters<typeof describePreflightProblem>[0][]) =>
  `${name}: ${release} activated with --force; ${name === SHELL_RELEASE ? 'the active remotes miss' : 'the active shell does not provide'}: ${missing.map(describePreflightProblem).join('; ')}`;
/** The shell and the remotes, as the command line names them. */
const NAMES = [SHELL_RELEASE, ...REMOTE_NAMES];

function names(arg: string | undefined): string[] {
  if (!arg) throw new Error('Name the shell or a remote: ' + NAMES.join(', '));
  if (arg === 'all') return [...NAMES];
  if (!NAMES.includes(arg)) throw new Error(`Unknown name "${arg}". Names: ${NAMES.join(', ')}`);
  return [arg];
}
const buildFolder = (name: string) => join(REPO_ROOT, name === SHELL_RELEASE ? 'shell' : `mf-${name}`, 'dist');

/**
 * RELEASES_STORE=database (the default with DATABASE_URL) or storage (the default with S3 too): the
 * releases live in the database every API process reads (their files there or in the file storage);
 * the command works on the folder as a copy, brought up to the database first and written back
 * after (on PGlite, with the server stopped: one process opens it at a time).
 */
let db =
  config.releasesStore !== 'disk' ? await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` }) : null;
if (db && (await db.query<{ t: string | null }>("select to_regclass('release_active')::text as t"))[0].t === null) {
  // a database the server has not migrated yet: the folder is the registry, and the server's first
  // start writes it to the database
  await db.close();
  db = null;
}
const shared = db ? sharedReleases(db, config.releasesDir, releaseFilesFor(config)) : null;
/** The names a command changed, written back to the database at the end. */
const changed = new Set<string>();

try {
  await shared?.pull({ everyRelease: true });
  if (cmd === 'release') {
    const all = names(positional[0]);
    if (!all.includes(SHELL_RELEASE) && !shellSurface())
      console.warn('The active shell has no shared-surface.json (build and release it): the preflight has nothing to check against.');
    // one refused by the preflight does not stop the others (`release all`): the shell first, then the
    // remotes; what was refused is tried once more after the others went live (a shell that drops
    // what only the earlier remotes needed), and the command fails at the end
    const attempt = (name: string): string | null => {
      const from = flag('--from') ?? buildFolder(name);
      try {
        changed.add(name);
        const before = activeOf(name);
        const r = releaseRemote(config.releasesDir, name, from, {
          activateExisting: !args.includes('--only-new'),
          note: flag('--note'),
          commit: flag('--commit'),
          ...preflightOptions(),
        });
        if (r.forced.length) console.warn(forcedLine(name, r.release, r.forced));
        logChange(name, before, r.created ? 'released' : 'activated', readReleaseRecord(config.releasesDir, name, r.release)?.note);
        console.log(`${name}: ${r.created ? 'released' : 'already released'} ${r.release}${r.activated ? ' (active)' : ''}`);
        return null;
      } catch (err) {
        if (!(err instanceof PreflightRefusal)) throw err;
        return err.message;
      }
    };
    let refused = all.map((name) => ({ name, message: attempt(name) })).filter((r) => r.message !== null);
    if (refused.length && refused.length < all.length)
      refused = refused.map(({ name }) => ({ name, message: attempt(name) })).filter((r) => r.message !== null);
    if (refused.length) throw new Error(refused.map((r) => r.message).join('\n'));
  } else if (cmd === 'rollback') {
    const [name] = names(positional[0]);
    changed.add(name);
    const before = activeOf(name);
    const r = rollbackRemote(config.releasesDir, name, positional[1], preflightOptions());
    logChange(name, before, 'rolledBack');
    console.log(`${name}: active release is now ${r}`);
  } else if (cmd === 'activate') {
    const [name] = names(positional[0]);
    if (!positional[1]) throw new Error('Name a release: remotes activate <name> <release>');
    changed.add(name);
    const before = activeOf(name);
    activateRemote(config.releasesDir, name, positional[1], preflightOptions());
    logChange(name, before, 'activated');
    console.log(`${name}: active release is now ${positional[1]}`);
  } else if (cmd === 'list' || !cmd) {
    const surface = shellSurface();
    // each release with the preflight's verdict under the active shell
    const verdict = (name: string, release: string) => {
      const missing =
        name === SHELL_RELEASE
          ? shellProblems(config.releasesDir, join(config.releasesDir, name, release))
          : preflightRelease(storedReleaseNeeds(config.releasesDir, name, release), surface);
      const what = name === SHELL_RELEASE ? 'the active remotes would miss' : 'the active shell does not provide';
      return missing.length ? `  [${what}: ${missing.map(describePreflightProblem).join('; ')}]` : '';
    };
    for (const name of positional[0] ? names(positional[0]) : NAMES) {
      const { active, releases } = remoteReleaseRecords(config.releasesDir, name);
      if (!releases.length) console.log(`${name}: (no release)`);
      else
        console.log(
          `${name}:\n${releases.map(({ release }) => `${release === active ? '* ' : '  '}${describeRelease(config.releasesDir, name, release)}${verdict(name, release)}`).join('\n')}`,
        );
    }
  } else if (cmd === 'show') {
    const [name] = names(positional[0]);
    if (!positional[1]) throw new Error('Name a release: remotes show <name> <release>');
    const record = readReleaseRecord(config.releasesDir, name, positional[1]);
    if (!record) throw new Error(`${name} has no record of a release ${positional[1]}.`);
    console.log(JSON.stringify(record, null, 2));
  } else {
    throw new Error(
      'usage (name: shell or a remote): remotes release <name|all> [--from dir] [--only-new] [--by who] [--note text] [--commit sha] [--reason text] [--force] | rollback <name> [release] [--by who] [--reason text] [--force] | activate <name> <release> [--by who] [--reason text] [--force] | list [name] | show <name> <release> | publish <name> --to <https://server> [--key key] [--from dir] [--stage] [--expect release|none]',
    );
  }
} catch (err) {
  // what went live before a refusal (`release all`) is written back all the same
  await pushChanged();
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
await pushChanged();

async function pushChanged() {
  // a database the server has not migrated to the history yet takes the changes as notes, as the folder does
  const log = db && (await db.query<{ t: string | null }>("select to_regclass('release_changes')::text as t"))[0].t !== null ? db : null;
  if (log) {
    const keys = loadAuditChainKeys(config.dataDir);
    for (const change of logged) await recordReleaseChange(log, change, keys);
  } else for (const change of logged) noteReleaseChange(config.releasesDir, change);
  logged.length = 0;
  if (!shared) return;
  for (const name of changed) await shared.push(name);
  changed.clear();
  await db!.close();
}
