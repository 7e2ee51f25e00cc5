import { z } from 'zod';

/** A shared module a release takes from the shell, as its own mf-manifest.json lists it. */
export const releaseNeedSchema = z.object({
  key: z.string(),
  version: z.string(),
  requiredVersion: z.string(),
  singleton: z.boolean(),
});
export type ReleaseNeed = z.infer<typeof releaseNeedSchema>;

/**
 * One thing a release needs that a shell does not provide: a share key (null for the federation
 * runtime), what the release needs, what the shell has (null: nothing), and which shell would
 * serve it: a newer one (the release was built on something the shell does not have yet) or an
 * older one (the shell has moved past what the release was built on).
 */
export const preflightProblemSchema = z.object({
  /** A shell's preflight: the active remote that needs it (a remote's preflight leaves it out). */
  remote: z.string().optional(),
  key: z.string().nullable(),
  needs: z.string(),
  provided: z.string().nullable(),
  shell: z.enum(['newer', 'older']),
});
export type PreflightProblem = z.infer<typeof preflightProblemSchema>;

/** A --force past the preflight, kept in the release's record: who, when, and what was missing. */
export const releaseOverrideSchema = z.object({
  by: z.string(),
  at: z.string(),
  action: z.enum(['release', 'rollback', 'activate']),
  missing: z.array(preflightProblemSchema),
});
export type ReleaseOverride = z.infer<typeof releaseOverrideSchema>;

/**
 * What is known of one release: what it needs from the shell (the shared keys it takes, with the
 * version it was built with and the one it requires; the federation runtime it was built on) and
 * where it came from (when, the commit, who released it, a note: by default the commit's subject).
 */
export const releaseRecordSchema = z.object({
  remote: z.string(),
  release: z.string(),
  releasedAt: z.string(),
  commit: z.string().nullable(),
  by: z.string(),
  note: z.string(),
  needs: z.object({ shared: z.array(releaseNeedSchema), runtime: z.string().nullable() }),
  /** Each time it went live past the preflight with --force. */
  overrides: z.array(releaseOverrideSchema).optional(),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

/** What a shell provides, as its build writes it (shared-surface.json): each share key with its version, and the federation runtime it lends. */
export const shellSurfaceSchema = z.object({
  runtime: z.object({ bundler: z.string(), enhanced: z.string() }),
  keys: z.record(z.string(), z.object({ version: z.string(), singleton: z.boolean(), names: z.array(z.string()).optional() })),
});
export type ShellSurface = z.infer<typeof shellSurfaceSchema>;

/** What a shell provides of it, for the preflight: the versions of each share key, and the federation runtime it lends. */
export interface ShellProvides {
  keys: Record<string, string[]>;
  runtime: string | null;
}

export const shellProvides = (surface: ShellSurface): ShellProvides => ({
  keys: Object.fromEntries(Object.entries(surface.keys).map(([key, k]) => [key, [k.version]])),
  runtime: surface.runtime.bundler,
});

type Version = [number, number, number];
function parseVersion(v: string): Version | null {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
}
function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One comparator of a range (`^1.2.3`, `~1.2.3`, `>=1.2.3`, `<2`, `1.2.3`, `1.x`, `*`): whether `v` meets it. */
function meets(v: Version, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?([\dxX*]+(?:\.[\dxX*]+)?(?:\.[\dxX*]+)?)(?:-[\w.]+)?$/.exec(comparator);
  if (!m) return true; // a form this check does not read: the federation runtime decides
  const [, op = '', raw] = m;
  const parts = raw.split('.');
  const wild = parts.findIndex((p) => /^[xX*]$/.test(p));
  const fixed = (wild < 0 ? parts : parts.slice(0, wild)).map(Number);
  if (!fixed.length) return true;
  const base: Version = [fixed[0], fixed[1] ?? 0, fixed[2] ?? 0];
  const c = compareVersions(v, base);
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  const upper = (level: number): Version => (level === 0 ? [base[0] + 1, 0, 0] : level === 1 ? [base[0], base[1] + 1, 0] : [base[0], base[1], base[2] + 1]);
  let bound: Version;
  if (op === '^') bound = upper(base[0] > 0 || fixed.length < 2 ? 0 : base[1] > 0 || fixed.length < 3 ? 1 : 2);
  else if (op === '~') bound = upper(fixed.length < 2 ? 0 : 1);
  else bound = upper(fixed.length - 1);
  return c >= 0 && compareVersions(v, bound) < 0;
}

/** Whether a version meets a range as the federation runtime writes them (`^19.3.1`, `~6.6.8`, `*`, `>=1 <2`, `a || b`). */
export function satisfiesRange(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return range
    .split('||')
    .map((alt) => alt.trim())
    .some((alt) => !alt || alt === '*' || alt.split(/\s+/).every((c) => meets(v, c)));
}

/** Whether a version is older than another (so that a shell providing it is the older of the two). */
const older = (a: string, b: string) => {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  return !!va && !!vb && compareVersions(va, vb) < 0;
};

/**
 * The preflight: what a release needs that a shell does not provide. A share key the shell does not
 * provide needs a newer shell (a shell provides every key ever released, so a key it lacks came
 * after it); a version outside the release's range needs the shell on the side of the version the
 * release was built with; the federation runtime must be the very version the shell lends.
 */
export function preflight(needs: ReleaseRecord['needs'], provides: ShellProvides): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  for (const need of needs.shared) {
    const versions = provides.keys[need.key] ?? [];
    if (!versions.length) {
      problems.push({ key: need.key, needs: need.requiredVersion, provided: null, shell: 'newer' });
      continue;
    }
    if (versions.some((v) => satisfiesRange(v, need.requiredVersion))) continue;
    const provided = versions[versions.length - 1];
    problems.push({ key: need.key, needs: need.requiredVersion, provided, shell: older(provided, need.version) ? 'newer' : 'older' });
  }
  if (needs.runtime && provides.runtime && needs.runtime !== provides.runtime)
    problems.push({ key: null, needs: needs.runtime, provided: provides.runtime, shell: older(provides.runtime, needs.runtime) ? 'newer' : 'older' });
  return problems;
}

/**
 * The name the shell's releases go by in the registry, beside the remotes' (`<releases>/shell/<release>/`):
 * released, rolled back and checked like a remote's, and served at / from its active release.
 */
export const SHELL_RELEASE = 'shell';

/** The <meta> the server puts in each page of a released shell: which release of the shell it is. */
export const SHELL_RELEASE_META = 'agency-shell-release';

/** One problem in a sentence (a shell's preflight names the remote that needs it). */
export function describePreflightProblem(p: PreflightProblem): string {
  const what =
    p.key === null
      ? `the federation runtime ${p.needs} (the shell lends ${p.provided ?? 'none'})`
      : p.provided === null
        ? `${p.key} ${p.needs} (the shell does not provide it)`
        : `${p.key} ${p.needs} (the shell provides ${p.provided})`;
  return p.remote ? `${p.remote} needs ${what}` : what;
}

/** Which shell would serve a release with these problems: a newer one when any says so, else an older one; null when there is none. */
export const shellNeeded = (problems: PreflightProblem[]): 'newer' | 'older' | null =>
  problems.length ? (problems.some((p) => p.shell === 'newer') ? 'newer' : 'older') : null;

/** One release of a remote on the Releases page: its record and what the active shell does not provide of it (the preflight's verdict). */
export const releaseEntrySchema = z.object({
  release: z.string(),
  record: releaseRecordSchema.nullable(),
  missing: z.array(preflightProblemSchema),
});
export type ReleaseEntry = z.infer<typeof releaseEntrySchema>;

/** A remote's releases, oldest first, and the active one; those before it in its history are what Roll Back leads to. */
export const remoteReleasesSchema = z.object({
  remote: z.string(),
  title: z.string(),
  active: z.string().nullable(),
  earlier: z.array(z.string()),
  releases: z.array(releaseEntrySchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

/**
 * GET /releases (super): the shell's releases (`remote: 'shell'`, first; their verdict is what each
 * active remote would miss under them) and every remote's; `shellChecked` is false when the active
 * shell has no shared-surface.json to check against.
 */
export const releasesOverviewSchema = z.object({ shellChecked: z.boolean(), remotes: z.array(remoteReleasesSchema) });
export type ReleasesOverview = z.infer<typeof releasesOverviewSchema>;

/** POST /releases/{remote}/activate (super): make a release active, with the reason the audit log keeps; `force` past the preflight, recorded. */
export const releaseActivateSchema = z.object({
  release: z.string().min(1),
  reason: z.string().trim().min(1, 'Give a reason').max(500),
  force: z.boolean().optional(),
});
export type ReleaseActivate = z.infer<typeof releaseActivateSchema>;

/** GET /active-releases.json: what is active now, the shell's release (null: served from its build) and each remote's; the shell compares it with what it runs. */
export const activeReleasesNowSchema = z.object({ shell: z.string().nullable(), remotes: z.record(z.string(), z.string()) });
export type ActiveReleasesNow = z.infer<typeof activeReleasesNowSchema>;
