import { getInstance } from '@module-federation/enhanced/runtime';
import {
  describePreflightProblem,
  preflight,
  shellNeeded,
  type PreflightProblem,
  type ReleaseRecord,
  type RemoteName,
  type ShellProvides,
} from '@agency/contracts';

/** A remote's mf-manifest.json, as far as the check reads it. */
export interface ReleaseManifest {
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[]; async?: string[] } } }>;
  shared?: Array<{ name: string; version?: string; requiredVersion?: string | false; singleton?: boolean }>;
  metaData?: { pluginVersion?: string; remoteEntry?: { name?: string; path?: string } };
}

/** What a release needs from the shell, from its manifest (as its release record keeps it). */
export function manifestNeeds(manifest: ReleaseManifest): ReleaseRecord['needs'] {
  return {
    shared: (manifest.shared ?? []).map((s) => ({
      key: s.name,
      version: s.version ?? '',
      requiredVersion: s.requiredVersion || '*',
      singleton: !!s.singleton,
    })),
    runtime: manifest.metaData?.pluginVersion ?? null,
  };
}

/** The bundler runtime the shell lends to the remotes (mf-build's lentBundlerRuntime), with its version. */
declare global {
  var _AGENCY_BUNDLER_RUNTIME: { version: string } | undefined;
}

/**
 * What this page's shell provides: the share keys its federation instance was built with, at their
 * versions, and the bundler runtime it lends. Null when no federation instance runs (nothing to check).
 */
export function runningShell(): ShellProvides | null {
  const shared = getInstance()?.options.shared;
  if (!shared) return null;
  const keys = Object.fromEntries(Object.entries(shared).map(([key, list]) => [key, list.map((s) => s.version).filter((v): v is string => !!v)]));
  return { keys, runtime: globalThis._AGENCY_BUNDLER_RUNTIME?.version ?? null };
}

/** A release this shell cannot serve: which shell it needs (newer or older) and what is missing. */
export class ShellMismatchError extends Error {
  readonly shell: 'newer' | 'older';
  constructor(
    readonly remote: RemoteName,
    readonly problems: PreflightProblem[],
  ) {
    const shell = shellNeeded(problems) ?? 'newer';
    super(`The ${remote} module needs ${shell === 'newer' ? 'a newer' : 'an older'} shell: ${problems.map(describePreflightProblem).join('; ')}.`);
    this.name = 'ShellMismatchError';
    this.shell = shell;
  }
}

/** Refuses, before it loads, a release whose needs this shell does not provide (the release preflight, in the page). */
export function checkShellFit(remote: RemoteName, manifest: ReleaseManifest, shell: ShellProvides | null = runningShell()): void {
  if (!shell) return;
  const problems = preflight(manifestNeeds(manifest), shell);
  if (problems.length) throw new ShellMismatchError(remote, problems);
}

/** The area's words for a release the shell cannot serve: which shell it needs, what it would do about it, and what is missing. */
export function shellMismatchWords(title: string, error: ShellMismatchError): { headline: string; detail: string } {
  const newer = error.shell === 'newer';
  return {
    headline: `${title} needs ${newer ? 'a newer' : 'an older'} shell`,
    detail: newer
      ? `The active release of ${title} was built for a newer version of the app than the one open. Reload the page to update; if this stays, the app's release has not caught up: ops can roll ${title} back.`
      : `The active release of ${title} was built for an earlier version of the app, which no longer provides what it needs. Ops can release ${title} again or roll it back.`,
  };
}
