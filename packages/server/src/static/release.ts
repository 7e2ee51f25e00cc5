import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  changesSince,
  describePreflightProblem,
  parseChangelog,
  preflight,
  releaseRecordSchema,
  shellNeeded,
  shellProvides,
  shellSurfaceSchema,
  SHELL_RELEASE,
  versionOfRelease,
  type ChangelogEntry,
  type PreflightProblem,
  type ReleaseNeed,
  type ReleaseOverride,
  type ReleaseRecord,
  type ShellSurface,
} from '@agency/contracts';
import { precompressFolder } from './precompress';
import { listReleases, readActive, writeActive } from './remotes';

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

/** The file that makes a folder a build: a remote's mf-manifest.json, the shell's index.html. */
export const buildMarker = (name: string) => (name === SHELL_RELEASE ? 'index.html' : 'mf-manifest.json');

/** Whether a release of `name` is stored (its build's marker file is there). */
export const hasRelease = (releasesDir: string, name: string, release: string) => existsSync(join(releasesDir, name, release, buildMarker(name)));

/** The shell's version: its package.json beside the build folder (a copy elsewhere has none: 0.0.0). */
function shellVersion(distDir: string): string {
  const pkg = join(dirname(distDir), 'package.json');
  if (!existsSync(pkg)) return '0.0.0';
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? '0.0.0';
}

/** A release is named `<package version>-<content hash>`, so the same build is never released twice. */
export function releaseName(distDir: string, name?: string): string {
  let version: string;
  if (name === SHELL_RELEASE) {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html: build the shell first.`);
    version = shellVersion(distDir);
  } else {
    const manifestFile = join(distDir, 'mf-manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${distDir} has no mf-manifest.json: build the remote first.`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } };
    version = manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0';
  }
  const hash = createHash('sha256');
  for (const f of filesOf(distDir)
    .filter((f) => !f.endsWith('.map'))
    .sort()) {
    hash.update(relative(distDir, f));
    hash.update(readFileSync(f));
  }
  return `${version}-${hash.digest('hex').slice(0, 8)}`;
}

interface BuildManifest {
  shared?: Array<{ name: string; version?: string; requiredVersion?: string | false; singleton?: boolean }>;
  metaData?: { pluginVersion?: string };
}

/**
 * What a build needs from the shell, from its own mf-manifest.json: the shared keys it takes and the
 * federation runtime it was built on. The shell needs nothing of itself (what it provides is its
 * shared-surface.json, checked against the active remotes).
 */
export function releaseNeeds(distDir: string, name?: string): ReleaseRecord['needs'] {
  if (name === SHELL_RELEASE) return { shared: [], runtime: null };
  const manifest = JSON.parse(readFileSync(join(distDir, 'mf-manifest.json'), 'utf8')) as BuildManifest;
  const shared: ReleaseNeed[] = (manifest.shared ?? [])
    .map((s) => ({ key: s.name, version: s.version ?? '', requiredVersion: s.requiredVersion || '*', singleton: !!s.singleton }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return { shared, runtime: manifest.metaData?.pluginVersion ?? null };
}

function git(dir: string, args: string[]): string | null {
  const r = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() || null : null;
}

/** Where a release was made from: the commit of the build's folder (when it is in a git work tree) and its subject. */
export function buildOrigin(distDir: string): { commit: string | null; subject: string | null } {
  const commit = git(distDir, ['rev-parse', '--short=12', 'HEAD']);
  return { commit, subject: commit && git(distDir, ['log', '-1', '--format=%s', 'HEAD']) };
}

/**
 * Records are kept beside the releases, out of the folders served to browsers
 * (`<releasesDir>/records/<remote>/<release>.json`: the routes refuse that folder).
 */
export const RECORDS_DIR = 'records';
/** Where the command line notes release changes for the server's history (modules/releases/history.ts); never served. */
export const CHANGE_NOTES_DIR = 'changes';
const recordFile = (releasesDir: string, name: string, release: string) => join(releasesDir, RECORDS_DIR, name, `${release}.json`);

export function readReleaseRecord(releasesDir: string, name: string, release: string): ReleaseRecord | null {
  const file = recordFile(releasesDir, name, release);
  return existsSync(file) ? releaseRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null;
}

function writeReleaseRecord(releasesDir: string, record: ReleaseRecord): void {
  const file = recordFile(releasesDir, record.remote, record.release);
  mkdirSync(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(tmp, file);
}

/**
 * The area's version and what its changelog (CHANGELOG.md beside the build folder's package.json,
 * written by `npm run versions`) says changed since the release it replaces.
 */
function releaseChanges(distDir: string, release: string, replaced: string | null): { version: string; changes: ChangelogEntry[] } {
  const version = versionOfRelease(release);
  const file = join(dirname(distDir), 'CHANGELOG.md');
  if (!existsSync(file)) return { version, changes: [] };
  return { version, changes: changesSince(parseChangelog(readFileSync(file, 'utf8')), version, replaced && versionOfRelease(replaced)) };
}

/** Who released: `--by`, else the user of the operating system. */
const osUser = () => {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
};

export interface ReleaseOrigin {
  /** Who releases (default: the user of the operating system). */
  by?: string;
  /** A note (default: the subject of the build's commit). */
  note?: string;
  /** The commit the build was made from (default: the commit of the build's folder; null: none is known). */
  commit?: string | null;
  now?: Date;
}

/** The file a shell's build writes beside its files: what it provides to the remotes. */
export const SHELL_SURFACE_FILE = 'shared-surface.json';

/**
 * What the shell in a folder provides (its build's shared-surface.json): the shell served today
 * (shell/dist), or a release of it. Null for a shell built before it wrote one.
 */
export function readShellSurface(shellDir: string): ShellSurface | null {
  const file = join(shellDir, SHELL_SURFACE_FILE);
  return existsSync(file) ? shellSurfaceSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : null;
}

/**
 * The folder of the shell the remotes run under: the shell's active release, else (no shell
 * released yet: development, a registry from before shell releases) its build folder.
 */
export function activeShellDir(releasesDir: string, fallbackDir: string): string {
  const active = readActive(releasesDir)[SHELL_RELEASE]?.active;
  return active && hasRelease(releasesDir, SHELL_RELEASE, active) ? join(releasesDir, SHELL_RELEASE, active) : fallbackDir;
}

/** What the active shell provides (see activeShellDir); null when it wrote no shared-surface.json. */
export const activeShellSurface = (releasesDir: string, fallbackDir: string) => readShellSurface(activeShellDir(releasesDir, fallbackDir));

/** The first line of a refusal: what the release needs, or (the shell's) what it would not serve. */
export function refusalHeadline(name: string, release: string, problems: PreflightProblem[], title = name): string {
  if (name === SHELL_RELEASE) {
    const remotes = [...new Set(problems.map((p) => p.remote ?? '?'))];
    return `${title} ${release} does not provide what the active ${remotes.length > 1 ? 'remotes' : 'remote'} ${remotes.join(', ')} ${remotes.length > 1 ? 'need' : 'needs'}`;
  }
  return `${title} ${release} needs ${shellNeeded(problems) === 'newer' ? 'a newer' : 'an older'} shell`;
}

/** A release the active shell cannot serve (or a shell that cannot serve the active remotes), refused before anything went live, with what is missing. */
export class PreflightRefusal extends Error {
  constructor(
    readonly remote: string,
    readonly release: string,
    readonly problems: PreflightProblem[],
  ) {
    super(
      [
        `${refusalHeadline(remote, release, problems)}; ${remote === SHELL_RELEASE ? 'missing' : 'the active shell does not provide'}:`,
        ...problems.map((p) => `  ${describePreflightProblem(p)}`),
        'Nothing was activated. --force activates it all the same, and its record keeps who did, when and what was missing.',
      ].join('\n'),
    );
    this.name = 'PreflightRefusal';
  }
}

/** The check before a release goes live, against what a shell provides (nothing to check without a shell surface). */
export function preflightRelease(needs: ReleaseRecord['needs'], surface: ShellSurface | null): PreflightProblem[] {
  return surface ? preflight(needs, shellProvides(surface)) : [];
}

/** What a stored release needs: from its record, or (made before records were kept) from its own manifest. */
export function storedReleaseNeeds(releasesDir: string, name: string, release: string): ReleaseRecord['needs'] {
  return readReleaseRecord(releasesDir, name, release)?.needs ?? releaseNeeds(join(releasesDir, name, release), name);
}

/**
 * The preflight of a shell: what each active remote needs that the shell would not provide (only
 * the remotes it cannot serve are listed). A shell's release checks this before it goes live.
 */
export function preflightShell(releasesDir: string, surface: ShellSurface): Record<string, PreflightProblem[]> {
  const found: Record<string, PreflightProblem[]> = {};
  for (const [name, { active }] of Object.entries(readActive(releasesDir))) {
    if (name === SHELL_RELEASE) continue;
    const problems = preflightRelease(storedReleaseNeeds(releasesDir, name, active), surface);
    if (problems.length) found[name] = problems;
  }
  return found;
}

/**
 * The shell's preflight in one list (each problem names the remote): nothing to check when the
 * shell's build wrote no shared-surface.json.
 */
export function shellProblems(releasesDir: string, shellDir: string): PreflightProblem[] {
  const surface = readShellSurface(shellDir);
  if (!surface) return [];
  return Object.entries(preflightShell(releasesDir, surface)).flatMap(([remote, problems]) => problems.map((p) => ({ remote, ...p })));
}

export interface PreflightOptions {
  /** What the active shell provides (readShellSurface); null or absent: nothing to check against. */
  shellSurface?: ShellSurface | null;
  /** Activate though the shell cannot serve it: the record keeps who, when and what was missing. */
  force?: boolean;
}

/** Refuses (PreflightRefusal) or, forced, returns the override to record; null when the shell serves the release. */
function check(
  releasesDir: string,
  name: string,
  release: string,
  /** The build being checked: a shell's is checked by its shared-surface.json. */
  buildDir: string,
  needs: ReleaseRecord['needs'],
  opts: PreflightOptions & ReleaseOrigin,
  action: ReleaseOverride['action'],
): ReleaseOverride | null {
  const problems = name === SHELL_RELEASE ? shellProblems(releasesDir, buildDir) : preflightRelease(needs, opts.shellSurface ?? null);
  if (!problems.length) return null;
  if (!opts.force) throw new PreflightRefusal(name, release, problems);
  return { by: opts.by ?? osUser(), at: (opts.now ?? new Date()).toISOString(), action, missing: problems };
}

function recordOverride(releasesDir: string, name: string, release: string, override: ReleaseOverride | null): void {
  if (!override) return;
  const record = readReleaseRecord(releasesDir, name, release);
  // a release made before records were kept gets one now, so that the override is not lost
  const base: ReleaseRecord = record ?? {
    remote: name,
    release,
    releasedAt: override.at,
    commit: null,
    by: override.by,
    note: '',
    needs: storedReleaseNeeds(releasesDir, name, release),
  };
  writeReleaseRecord(releasesDir, { ...base, overrides: [...(base.overrides ?? []), override] });
}

export function activateRelease(releasesDir: string, name: string, release: string): void {
  if (!hasRelease(releasesDir, name, release)) throw new Error(`${name} has no release ${release}.`);
  const active = readActive(releasesDir);
  const history = (active[name]?.history ?? []).filter((r) => r !== release);
  active[name] = { active: release, history: [...history, release] };
  writeActive(releasesDir, active);
}

/** Makes a stored release active once the preflight finds the shell serves it (or it is forced, and recorded). */
export function activateRemote(releasesDir: string, name: string, release: string, opts: PreflightOptions & Pick<ReleaseOrigin, 'by' | 'now'> = {}): void {
  if (!hasRelease(releasesDir, name, release)) throw new Error(`${name} has no release ${release}.`);
  const dir = join(releasesDir, name, release);
  recordOverride(releasesDir, name, release, check(releasesDir, name, release, dir, storedReleaseNeeds(releasesDir, name, release), opts, 'activate'));
  activateRelease(releasesDir, name, release);
}

/** Copies a build into its immutable folder and makes it active, once the preflight finds the active shell serves it. */
export function releaseRemote(
  releasesDir: string,
  name: string,
  distDir: string,
  opts: { activateExisting?: boolean; activate?: boolean } & ReleaseOrigin & PreflightOptions = {},
): { release: string; created: boolean; activated: boolean; forced: PreflightProblem[] } {
  const release = releaseName(distDir, name);
  const target = join(releasesDir, name, release);
  const created = !existsSync(target);
  // `activate: false` stores it only (a staged release, activated later)
  const activate = opts.activate ?? (created || opts.activateExisting !== false || !readActive(releasesDir)[name]);
  const needs = created ? releaseNeeds(distDir, name) : storedReleaseNeeds(releasesDir, name, release);
  // the preflight, before anything is stored or activated
  const override = activate && readActive(releasesDir)[name]?.active !== release ? check(releasesDir, name, release, distDir, needs, opts, 'release') : null;
  if (created) {
    // the record first: a release is never seen without what it needs and where it came from
    // a commit named (or null: none) means the folder's own git says nothing of where the build came from
    const origin = opts.commit !== undefined ? { commit: opts.commit, subject: null } : buildOrigin(distDir);
    const { version, changes } = releaseChanges(distDir, release, readActive(releasesDir)[name]?.active ?? null);
    writeReleaseRecord(releasesDir, {
      remote: name,
      release,
      releasedAt: (opts.now ?? new Date()).toISOString(),
      commit: origin.commit,
      by: opts.by ?? osUser(),
      // the area's own changes say what it is; the repository's last commit only when it has none
      note: opts.note ?? (changes.length ? changes.map((c) => c.summary).join('; ') : (origin.subject ?? '')),
      needs,
      version,
      changes,
    });
    // copied and compressed beside the folder, then renamed into place: a release is never seen half written
    const tmp = join(releasesDir, name, `.${release}.${process.pid}.tmp`);
    try {
      cpSync(distDir, tmp, { recursive: true });
      precompressFolder(tmp);
      renameSync(tmp, target);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
  }
  recordOverride(releasesDir, name, release, override);
  if (activate) activateRelease(releasesDir, name, release);
  return { release, created, activated: readActive(releasesDir)[name]?.active === release, forced: override?.missing ?? [] };
}

/**
 * Points a remote back at a named release, or at the one active before the current one, once the
 * preflight finds the shell serves it (or it is forced: the release's record keeps the override).
 */
export function rollbackRemote(releasesDir: string, name: string, to?: string, opts: PreflightOptions & Pick<ReleaseOrigin, 'by' | 'now'> = {}): string {
  const active = readActive(releasesDir);
  const entry = active[name];
  if (!entry) throw new Error(`${name} has no active release.`);
  let target = to;
  if (!target) {
    const i = entry.history.lastIndexOf(entry.active);
    target = i > 0 ? entry.history[i - 1] : undefined;
    if (!target) throw new Error(`${name} has no earlier release to roll back to.`);
  } else if (!existsSync(join(releasesDir, name, target))) {
    const match = listReleases(releasesDir, name).filter((r) => r === target || r.startsWith(`${target}-`));
    if (!match.length) throw new Error(`${name} has no release ${to}.`);
    if (match.length > 1)
      throw new Error(
        `${to} names ${match.length} releases of ${name}; name one of them:\n${match.map((r) => `  ${describeRelease(releasesDir, name, r)}`).join('\n')}`,
      );
    target = match[0];
  }
  recordOverride(
    releasesDir,
    name,
    target,
    check(releasesDir, name, target, join(releasesDir, name, target), storedReleaseNeeds(releasesDir, name, target), opts, 'rollback'),
  );
  const history = entry.history.slice(0, Math.max(0, entry.history.indexOf(target))).concat(target);
  active[name] = { active: target, history };
  writeActive(releasesDir, active);
  return target;
}

export function listRemoteReleases(releasesDir: string, name: string) {
  return { active: readActive(releasesDir)[name]?.active ?? null, releases: listReleases(releasesDir, name) };
}

/** Each release of a remote, oldest first, with its record (null for a release made before records were kept). */
export function remoteReleaseRecords(releasesDir: string, name: string) {
  const { active, releases } = listRemoteReleases(releasesDir, name);
  return { active, releases: releases.map((release) => ({ release, record: readReleaseRecord(releasesDir, name, release) })) };
}

/** One line: the release, when, the commit, who, and the note. */
export function describeRelease(releasesDir: string, name: string, release: string): string {
  const r = readReleaseRecord(releasesDir, name, release);
  if (!r) return `${release}  (released before records were kept)`;
  const when = r.releasedAt.slice(0, 16).replace('T', ' ');
  return `${release}  ${when}  ${r.commit ?? 'no commit'}  by ${r.by}${r.note ? `  ${r.note}` : ''}`;
}
