import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotesManifest } from '@agency/contracts';

/**
 * Released remotes live in `<releasesDir>/<name>/<release>/` (never changed once written) and
 * `<releasesDir>/active.json` names each remote's active release, newest last in its history.
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

export function remotesManifest(releasesDir: string): RemotesManifest {
  const out: RemotesManifest = {};
  for (const [name, { active }] of Object.entries(readActive(releasesDir))) {
    out[name] = `/remotes/${name}/${active}/mf-manifest.json`;
  }
  return out;
}

export function listReleases(releasesDir: string, name: string): string[] {
  const dir = join(releasesDir, name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs);
}
