import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles, RemoteModuleName, RemoteName, RemotesManifest } from '@agency/contracts';

let manifest: RemotesManifest = {};

/** Reads remotes.json (never cached) and registers every remote's active release. */
export async function loadRemotesManifest(): Promise<RemotesManifest> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    manifest = res.ok ? ((await res.json()) as RemotesManifest) : {};
  } catch {
    manifest = {};
  }
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  return manifest;
}

export const remoteEntry = (name: RemoteName) => manifest[name];

/** Loads `<remote>/<expose>`; a retry after a failure registers the remote again so nothing stale is reused. */
export async function loadRemoteModule<R extends RemoteName>(name: R, expose: RemoteModuleName<R>, retry = false): Promise<RemoteLifecycles> {
  const entry = manifest[name];
  if (!entry) throw new Error(`The ${name} module is not released.`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<RemoteLifecycles>(`${name}/${expose}`);
  if (!mod) throw new Error(`The ${name} module could not be loaded.`);
  return mod;
}

const exposesCache = new Map<string, Promise<string[]>>();
/** The module names a remote's active release exposes, read from its mf-manifest.json. */
export function remoteExposes(name: RemoteName): Promise<string[]> {
  const entry = manifest[name];
  if (!entry) return Promise.resolve([]);
  if (!exposesCache.has(entry)) {
    exposesCache.set(
      entry,
      fetch(entry)
        .then((r) => {
          if (!r.ok) throw new Error(`The ${name} module could not be loaded.`);
          return r.json() as Promise<{ exposes?: Array<{ name: string }> }>;
        })
        .then((m) => (m.exposes ?? []).map((e) => e.name.replace(/^\.\//, ''))),
    );
  }
  return exposesCache.get(entry)!;
}
