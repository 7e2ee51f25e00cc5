/**
 * The bus's version, major.minor.patch (the same as packages/bus/package.json). A minor release
 * only adds streams and commands; a major one may remove or change them. Every remote is built
 * with the version it was compiled against (__BUS_VERSION__) and checks it at mount.
 */
export const BUS_VERSION = '1.4.0';

function parse(version: string): [number, number] | null {
  const m = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Whether a remote built against `builtAgainst` can run on this bus: null when it can, else the
 * reason to show. The same major version with an equal or older minor works; anything else is
 * refused before the remote draws.
 */
export function checkBusVersion(builtAgainst: string, current: string = BUS_VERSION): string | null {
  const built = parse(builtAgainst);
  const here = parse(current);
  if (!built || !here) return `This module was built against an unknown app version (${builtAgainst}).`;
  if (built[0] > here[0] || (built[0] === here[0] && built[1] > here[1]))
    return `This module needs a newer version of the app (${builtAgainst}; this page runs ${current}). Reload the page to update.`;
  if (built[0] < here[0]) return `This module was built for an older version of the app (${builtAgainst}; this page runs ${current}) and needs a new release.`;
  return null;
}
