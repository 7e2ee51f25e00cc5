// The builds of the earlier release point (e2e/compat/release-point.json), which
// scripts/earlier-builds.mjs makes and caches by commit outside the clone.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

export interface EarlierBuilds {
  /** The folder holding one built dist per app (`shell`, `contacts`, …). */
  dir: string;
  commit: string;
  /** The version in the commit's package.json: what its shell's footer shows. */
  version: string;
  subject: string;
  apps: string[];
}

/** The cached builds of the earlier release point; throws with the command that makes them when they are missing. */
export function earlierBuilds(): EarlierBuilds {
  const { commit } = JSON.parse(readFileSync(join(REPO_ROOT, 'e2e/compat/release-point.json'), 'utf8')) as { commit: string };
  const dir = join(process.env.AGENCY_BUILD_CACHE || join(homedir(), '.cache/agency-desk/builds'), commit);
  const described = join(dir, 'build.json');
  if (!existsSync(described)) {
    throw new Error(`The builds of the earlier release point ${commit} are not in ${dir}.\nMake them first (npm test does): node scripts/earlier-builds.mjs`);
  }
  return { dir, ...(JSON.parse(readFileSync(described, 'utf8')) as Omit<EarlierBuilds, 'dir'>) };
}
