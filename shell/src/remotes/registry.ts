import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkBusVersion } from '@agency/bus';
import type { RemoteLifecycles, RemoteModuleName, RemoteName, RemotesManifest } from '@agency/contracts';
import { checkShellFit, type ReleaseManifest } from './shellFit';

let manifest: RemotesManifest = {};

/** How long the shell waits for remotes.json before it shows what went wrong. */
export const REMOTES_JSON_TIMEOUT_MS = 10_000;
export const REMOTES_JSON_TIMEOUT_MESSAGE = 'The list of modules did not arrive in time. Check the connection and try again.';

/**
 * Reads remotes.json (never cached) and registers every remote's active release. A read that
 * fails or takes longer than REMOTES_JSON_TIMEOUT_MS rejects (a remote's area shows it in an error
 * card with Retry); pages of the shell do not wait for it.
 */
export async function loadRemotesManifest(timeoutMs = REMOTES_JSON_TIMEOUT_MS): Promise<RemotesManifest> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache', signal: controller.signal });
    if (!res.ok) throw new Error(`The list of modules could not be read (HTTP ${res.status}).`);
    manifest = (await res.json()) as RemotesManifest;
  } catch (err) {
    if (controller.signal.aborted) throw new Error(REMOTES_JSON_TIMEOUT_MESSAGE);
    throw err instanceof Error ? err : new Error(String(err));
  } finally {
    clearTimeout(timer);
  }
  registerRemotes(
    Object.entries(manifest).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  return manifest;
}

let reading: Promise<RemotesManifest> | null = null;
/** remotes.json, read once; after a failure the next caller (a Retry) reads it again, with no page reload. */
export function remotesReady(): Promise<RemotesManifest> {
  if (!reading) {
    reading = loadRemotesManifest();
    reading.catch(() => {
      reading = null;
    });
  }
  return reading;
}

export const remoteEntry = (name: RemoteName) => manifest[name];

const releaseCache = new Map<string, Promise<ReleaseManifest>>();
/** A release's mf-manifest.json, read once; a failed read is forgotten so that Retry reads it again. */
function releaseManifest(name: RemoteName): Promise<ReleaseManifest> {
  const entry = manifest[name];
  if (!entry) return Promise.reject(new Error(`The ${name} module is not released.`));
  let read = releaseCache.get(entry);
  if (!read) {
    read = fetch(entry).then((r) => {
      if (!r.ok) throw new Error(`The ${name} module could not be loaded.`);
      return r.json() as Promise<ReleaseManifest>;
    });
    read.catch(() => releaseCache.delete(entry));
    releaseCache.set(entry, read);
  }
  return read;
}

/**
 * Refuses a release this shell cannot serve, before it loads: a share key the shell does not
 * provide, a version outside the release's range, another federation runtime (ShellMismatchError:
 * its area says it needs a newer or an older shell); or a bus it cannot serve (a newer minor, another major).
 */
async function checkRelease(name: RemoteName): Promise<void> {
  const release = await releaseManifest(name);
  checkShellFit(name, release);
  const built = release.shared?.find((s) => s.name === '@agency/bus')?.version;
  const problem = built ? checkBusVersion(built) : null;
  if (problem) throw new Error(problem);
}

/** Loads `<remote>/<expose>`; a retry after a failure registers the remote again so nothing stale is reused. */
export async function loadRemoteModule<R extends RemoteName>(name: R, expose: RemoteModuleName<R>, retry = false): Promise<RemoteLifecycles> {
  await remotesReady();
  const entry = manifest[name];
  if (!entry) throw new Error(`The ${name} module is not released.`);
  await checkRelease(name);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  let mod: RemoteLifecycles | null;
  try {
    mod = await loadRemote<RemoteLifecycles>(`${name}/${expose}`);
  } catch (err) {
    // the federation runtime's own words (its codes, the file's address, a link to its docs) are for
    // the console; the area says it in a sentence
    console.error(err);
    throw new Error(`The ${name} module could not be loaded.`, { cause: err });
  }
  if (!mod) throw new Error(`The ${name} module could not be loaded.`);
  return mod;
}

/** The module names a remote's active release exposes, read from its mf-manifest.json. */
export async function remoteExposes(name: RemoteName): Promise<string[]> {
  await remotesReady();
  if (!manifest[name]) return [];
  const release = await releaseManifest(name);
  return (release.exposes ?? []).map((e) => e.name.replace(/^\.\//, ''));
}

/**
 * The files a first load of `<remote>/<expose>` fetches from its release (its remoteEntry.js and
 * the chunks the module needs to run; not those it loads later itself), as addresses, from the release's mf-manifest.json; none when it is not released.
 */
export async function remoteFiles(name: RemoteName, expose: string): Promise<string[]> {
  await remotesReady();
  const entry = manifest[name];
  if (!entry) return [];
  const release = await releaseManifest(name);
  const base = new URL(entry, window.location.href);
  const files = release.exposes?.find((e) => e.name.replace(/^\.\//, '') === expose)?.assets?.js;
  const remoteEntry = release.metaData?.remoteEntry;
  const names = [...(remoteEntry?.name ? [`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`] : []), ...(files?.sync ?? [])];
  return names.map((file) => new URL(file, base).href);
}
