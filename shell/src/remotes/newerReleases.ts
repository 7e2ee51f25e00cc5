import { REMOTES, SHELL_RELEASE_META, type ActiveReleasesNow, type RemotesManifest } from '@agency/contracts';
import { remotesReady } from './registry';

/** The release of the shell this page runs (null: a shell served from its build folder, in development). */
export const runningShellRelease = (): string | null => document.querySelector(`meta[name="${SHELL_RELEASE_META}"]`)?.getAttribute('content') ?? null;

/** The release a remotes.json entry names (`/remotes/<name>/<release>/mf-manifest.json`); null for a dev server's address. */
export const releaseOfEntry = (entry: string): string | null => /^\/remotes\/[^/]+\/([^/]+)\/mf-manifest\.json$/.exec(entry)?.[1] ?? null;

const TITLES = Object.fromEntries(REMOTES.map((r) => [r.name, r.title])) as Record<string, string>;
/** How staff know the shell: the app itself. */
export const SHELL_TITLE = 'Agency Desk';

/**
 * What is active and not what this page runs, by the names staff know (the shell first, as
 * 'Agency Desk'): the shell's release against the page's, each remote's against the one this page
 * registered. A remote served by a dev server, or a shell from its build folder, is never newer.
 */
export function newerThanRunning(active: ActiveReleasesNow, running: { shell: string | null; remotes: RemotesManifest }): string[] {
  const newer: string[] = [];
  if (running.shell && active.shell && active.shell !== running.shell) newer.push(SHELL_TITLE);
  for (const [name, release] of Object.entries(active.remotes)) {
    const entry = running.remotes[name];
    const runs = entry === undefined ? null : releaseOfEntry(entry);
    if (entry !== undefined && runs === null) continue; // a dev server
    if (runs !== release) newer.push(TITLES[name] ?? name);
  }
  return newer;
}

/** Reads what is active now and says what of it this page does not run yet ([] when all is current or the read fails). */
export async function checkNewerReleases(): Promise<string[]> {
  let remotes: RemotesManifest;
  try {
    remotes = await remotesReady();
  } catch {
    return []; // the areas say what went wrong
  }
  const res = await fetch('/active-releases.json', { cache: 'no-cache' }).catch(() => null);
  if (!res?.ok) return [];
  const active = (await res.json().catch(() => null)) as ActiveReleasesNow | null;
  return active ? newerThanRunning(active, { shell: runningShellRelease(), remotes }) : [];
}

/** Words for the notice: 'Contacts', 'Contacts and Team chat', 'Agency Desk, Contacts and Team chat'. */
export function listInWords(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
