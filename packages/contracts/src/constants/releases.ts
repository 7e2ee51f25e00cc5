/**
 * What a release needs of a shell and whether a shell provides it (the preflight), without a
 * schema: the shell checks every remote against itself as it boots. The records' schemas and types
 * are in ../releases, which re-exports these.
 */
import type { PreflightProblem, ReleaseRecord, ShellSurface } from '../releases';

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
