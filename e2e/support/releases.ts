// Release and roll back remotes in the journeys' data dir with the same CLI an operator uses.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { dataDir } from './env';
import { REPO_ROOT, remotesCli, type RemoteName } from './server';

export type RemotesJson = Record<string, string>;

export async function remotesJson(request: APIRequestContext): Promise<RemotesJson> {
  const res = await request.get('/remotes.json');
  if (!res.ok()) throw new Error(`/remotes.json answered ${res.status()}`);
  return (await res.json()) as RemotesJson;
}

/** The release folder a remotes.json entry points at (`/remotes/<name>/<release>/mf-manifest.json`). */
export const releaseOf = (manifestUrl: string) => manifestUrl.split('/')[3];
export const releaseDir = (name: RemoteName, release: string) => join(dataDir(), 'releases', name, release);

/** A copy of the shell's or a remote's built dist that the journey may change before releasing it. */
export function copyOfDist(name: RemoteName | 'shell'): string {
  const dir = mkdtempSync(join(tmpdir(), `agency-e2e-${name}-`));
  cpSync(join(REPO_ROOT, name === 'shell' ? 'shell' : `mf-${name}`, 'dist'), dir, { recursive: true });
  return dir;
}

/** Replaces a string literal in the copy's exposed chunks; returns how many chunks changed. */
export function replaceInExposedChunks(dir: string, from: string, to: string): number {
  let changed = 0;
  for (const f of readdirSync(dir).filter((f) => /^__federation_expose_.*\.js$/.test(f))) {
    const file = join(dir, f);
    const js = readFileSync(file, 'utf8');
    const next = js.split(JSON.stringify(from)).join(JSON.stringify(to));
    if (next !== js) {
      writeFileSync(file, next);
      changed++;
    }
  }
  return changed;
}

/** Releases a build folder (with the CLI's other flags, if any: `--commit`, `--note`); returns the release name the CLI made active. */
export function release(name: RemoteName | 'shell', from: string, flags: string[] = []): string {
  const out = remotesCli(dataDir(), ['release', name, '--from', from, ...flags]);
  const m = new RegExp(`^${name}: (?:released|already released) (\\S+) \\(active\\)`, 'm').exec(out);
  if (!m) throw new Error(`Unexpected release output: ${out}`);
  return m[1];
}

/** Rolls a remote back (to the previous release, or to a named one); returns the active release. */
export function rollback(name: RemoteName | 'shell', to?: string): string {
  const out = remotesCli(dataDir(), ['rollback', name, ...(to ? [to] : [])]);
  const m = new RegExp(`^${name}: active release is now (\\S+)`, 'm').exec(out);
  if (!m) throw new Error(`Unexpected rollback output: ${out}`);
  return m[1];
}
