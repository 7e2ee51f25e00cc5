import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SHELL_RELEASE, type ActiveReleasesNow, type RemotesManifest } from '@agency/contracts';

/**
 * Released remotes and the shell live in `<releasesDir>/<name>/<release>/` (never changed once
 * written) and `<releasesDir>/active.json` names each one's active release, newest last in its history.
 */
export interface ActiveReleases {
  [name: string]: { active: string; history: string[] };
}

export function readActive(releasesDir: string): ActiveReleases {
  const file = join(releasesDir, 'active.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as ActiveReleases;
}

export function writeActive(releasesDir: string, active: ActiveReleases): void {
  mkdirSync(releasesDir, { recursive: true });
  const file = join(releasesDir, 'active.json');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(active, null, 2));
  renameSync(tmp, file); // atomic: a reader sees the old or the new file, never half of one
}

/** Each remote's active release, as the shell registers them (the shell's own release is not a remote). */
export function remotesManifest(releasesDir: string): RemotesManifest {
  const out: RemotesManifest = {};
  for (const [name, { active }] of Object.entries(readActive(releasesDir))) {
    if (name === SHELL_RELEASE) continue;
    out[name] = `/remotes/${name}/${active}/mf-manifest.json`;
  }
  return out;
}

/** The active release of the shell (null: served from its build folder) and of each remote. */
export function activeReleases(releasesDir: string): ActiveReleasesNow {
  const active = readActive(releasesDir);
  const remotes: Record<string, string> = {};
  for (const [name, { active: release }] of Object.entries(active)) if (name !== SHELL_RELEASE) remotes[name] = release;
  return { shell: active[SHELL_RELEASE]?.active ?? null, remotes };
}

export function listReleases(releasesDir: string, name: string): string[] {
  const dir = join(releasesDir, name);
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir)
      // (a release being written is a dot folder until it is renamed into place)
      .filter((f) => !f.startsWith('.') && statSync(join(dir, f)).isDirectory())
      .sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs)
  );
}
