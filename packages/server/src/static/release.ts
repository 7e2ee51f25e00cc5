import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { releaseRecordSchema, type ReleaseNeed, type ReleaseRecord } from '@agency/contracts';
import { listReleases, readActive, writeActive } from './remotes';

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

/** A release is named `<package version>-<content hash>`, so the same build is never released twice. */
export function releaseName(distDir: string): string {
  const manifestFile = join(distDir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${distDir} has no mf-manifest.json: build the remote first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } };
  const version = manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0';
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

/** What a build needs from the shell, from its own mf-manifest.json: the shared keys it takes and the federation runtime it was built on. */
export function releaseNeeds(distDir: string): ReleaseRecord['needs'] {
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
  /** The commit the build was made from (default: the commit of the build's folder). */
  commit?: string;
  now?: Date;
}

export function activateRelease(releasesDir: string, name: string, release: string): void {
  if (!existsSync(join(releasesDir, name, release, 'mf-manifest.json'))) throw new Error(`${name} has no release ${release}.`);
  const active = readActive(releasesDir);
  const history = (active[name]?.history ?? []).filter((r) => r !== release);
  active[name] = { active: release, history: [...history, release] };
  writeActive(releasesDir, active);
}

/** Copies a build into its immutable folder and makes it active. */
export function releaseRemote(
  releasesDir: string,
  name: string,
  distDir: string,
  opts: { activateExisting?: boolean } & ReleaseOrigin = {},
): { release: string; created: boolean; activated: boolean } {
  const release = releaseName(distDir);
  const target = join(releasesDir, name, release);
  const created = !existsSync(target);
  if (created) {
    // the record first: a release is never seen without what it needs and where it came from
    const origin = buildOrigin(distDir);
    writeReleaseRecord(releasesDir, {
      remote: name,
      release,
      releasedAt: (opts.now ?? new Date()).toISOString(),
      commit: opts.commit ?? origin.commit,
      by: opts.by ?? osUser(),
      note: opts.note ?? origin.subject ?? '',
      needs: releaseNeeds(distDir),
    });
    cpSync(distDir, target, { recursive: true });
  }
  const activate = created || opts.activateExisting !== false;
  if (activate) activateRelease(releasesDir, name, release);
  else if (!readActive(releasesDir)[name]) activateRelease(releasesDir, name, release);
  return { release, created, activated: activate || readActive(releasesDir)[name]?.active === release };
}

/** Points a remote back at a named release, or at the one active before the current one. */
export function rollbackRemote(releasesDir: string, name: string, to?: string): string {
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
