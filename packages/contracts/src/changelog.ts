// An area's changelog (CHANGELOG.md beside its package.json, written by `npm run versions`): a
// heading per version, newest first, and a bullet per change. A release's record carries the
// entries between the release it replaces and its own version.

/** One change of one version. */
export interface ChangelogEntry {
  version: string;
  summary: string;
}

const HEADING = /^##\s+v?(\d+\.\d+\.\d+)\s*$/;
const BULLET = /^[-*]\s+(.*)$/;

/** The entries of a changelog, in the order written (newest version first); a bullet's wrapped lines join it. */
export function parseChangelog(text: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let version: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    if (heading) {
      version = heading[1]!;
      continue;
    }
    if (!version) continue;
    const bullet = BULLET.exec(line.trimStart());
    if (bullet && line.length - line.trimStart().length < 2) entries.push({ version, summary: bullet[1]!.trim() });
    else if (line.trim() && entries.length && entries[entries.length - 1]!.version === version) {
      const last = entries[entries.length - 1]!;
      last.summary = `${last.summary} ${line.trim()}`;
    }
  }
  return entries;
}

/** Compares two x.y.z versions (a pre-release or build suffix is ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[-+]/)[0]!
      .split('.')
      .map((n) => Number(n) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * What a release of `version` brings over the release of `since` it replaces: the entries of the
 * versions after `since` up to and including `version`, newest first. With nothing to replace, the
 * entries of `version` alone.
 */
export function changesSince(entries: ChangelogEntry[], version: string, since: string | null): ChangelogEntry[] {
  return entries.filter(
    (e) => compareVersions(e.version, version) <= 0 && (since === null ? compareVersions(e.version, version) === 0 : compareVersions(e.version, since) > 0),
  );
}

/** A release's name is `<version>-<content hash>`; its version part. */
export const versionOfRelease = (release: string) => release.replace(/-[0-9a-f]{8}$/, '');
