import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
  opts: { activateExisting?: boolean } = {},
): { release: string; created: boolean; activated: boolean } {
  const release = releaseName(distDir);
  const target = join(releasesDir, name, release);
  const created = !existsSync(target);
  if (created) cpSync(distDir, target, { recursive: true });
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
    target = match[match.length - 1];
  }
  const history = entry.history.slice(0, Math.max(0, entry.history.indexOf(target))).concat(target);
  active[name] = { active: target, history };
  writeActive(releasesDir, active);
  return target;
}

export function listRemoteReleases(releasesDir: string, name: string) {
  return { active: readActive(releasesDir)[name]?.active ?? null, releases: listReleases(releasesDir, name) };
}
