// Publishing a build over HTTPS with a deploy key: the files arrive one by one, named by their
// SHA-256 (only those the server lacks), then the build is assembled from them, checked, and
// released through the same code as the command line (the preflight, the record, the active
// pointer), replacing the release the publisher saw active or refused naming the one that won.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';
import { describePreflightProblem, SHELL_RELEASE, type PublishAnswer, type PublishFile, type PublishRequest } from '@agency/contracts';
import type { ServerConfig } from '../../config';
import { badRequest, conflict } from '../../http/errors';
import { readActive } from '../../static/remotes';
import { activeShellSurface, buildMarker, PreflightRefusal, readReleaseRecord, refusalHeadline, releaseRemote } from '../../static/release';
import type { SharedReleases } from '../../static/shared';

/** The largest file a build may hold, and the largest build. */
export const PUBLISH_FILE_LIMIT = 25 * 1024 * 1024;
export const PUBLISH_BUILD_LIMIT = 200 * 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Uploaded files wait here, by hash, outside every folder that is served. */
const uploadsDir = (config: Pick<ServerConfig, 'dataDir'>) => join(config.dataDir, 'release-uploads');
const uploaded = (config: Pick<ServerConfig, 'dataDir'>, hash: string) => join(uploadsDir(config), hash);

/** A path inside a build: relative, forward slashes, no `..`, nothing hidden at its top. */
function safePath(path: string): string {
  const clean = posix.normalize(path);
  if (clean !== path || path.startsWith('/') || path.includes('\\') || clean.split('/').some((p) => p === '..' || p === '.' || p === ''))
    throw badRequest(`"${path}" is not a path inside a build.`);
  return clean;
}

/** Keeps one uploaded file, once its bytes match the SHA-256 it was sent as. */
export function storeUpload(config: Pick<ServerConfig, 'dataDir'>, hash: string, bytes: Buffer): void {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw badRequest('A file is named by its SHA-256, in hex.');
  const actual = sha256(bytes);
  if (actual !== hash) throw badRequest(`The file's bytes do not match its name: they hash to ${actual}, not ${hash}. Nothing was kept.`);
  mkdirSync(uploadsDir(config), { recursive: true });
  const tmp = `${uploaded(config, hash)}.${randomUUID()}.part`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, uploaded(config, hash));
}

/**
 * The files of a build the server lacks, by hash. A file the active release of `name` holds at the
 * same path with the same bytes is taken from there, so publishing a build the server already has
 * uploads nothing.
 */
export function missingUploads(config: Pick<ServerConfig, 'dataDir' | 'releasesDir'>, name: string, files: PublishFile[]): string[] {
  const active = readActive(config.releasesDir)[name]?.active;
  const missing = new Set<string>();
  for (const f of files) {
    if (existsSync(uploaded(config, f.sha256))) continue;
    const inActive = active ? join(config.releasesDir, name, active, normalize(safePath(f.path))) : null;
    if (inActive && existsSync(inActive) && sha256(readFileSync(inActive)) === f.sha256) {
      storeUpload(config, f.sha256, readFileSync(inActive));
      continue;
    }
    missing.add(f.sha256);
  }
  return [...missing];
}

/** The files a remote's manifest names: its entry and every asset of what it exposes. */
function manifestFiles(manifest: unknown): string[] {
  const m = manifest as {
    metaData?: { remoteEntry?: { path?: string; name?: string } };
    exposes?: Array<{ assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }>;
  };
  const entry = m.metaData?.remoteEntry;
  const files = entry?.name ? [posix.join(entry.path ?? '', entry.name)] : [];
  for (const e of m.exposes ?? []) {
    for (const kind of [e.assets?.js, e.assets?.css]) files.push(...(kind?.sync ?? []), ...(kind?.async ?? []));
  }
  return [...new Set(files)];
}

/** Puts the build together in a folder of its own, checked: every file uploaded, its marker there, what its manifest names there. */
function assemble(config: Pick<ServerConfig, 'dataDir'>, name: string, req: PublishRequest): string {
  const paths = new Set<string>();
  let total = 0;
  for (const f of req.files) {
    const path = safePath(f.path);
    if (paths.has(path)) throw badRequest(`${path} is listed twice.`);
    paths.add(path);
    total += f.size;
    if (!existsSync(uploaded(config, f.sha256)))
      throw badRequest(`${path} has not been uploaded (its SHA-256 ${f.sha256} is unknown here). Nothing was released.`);
  }
  if (total > PUBLISH_BUILD_LIMIT) throw badRequest(`The build is ${total} bytes; at most ${PUBLISH_BUILD_LIMIT} are taken.`);
  const marker = buildMarker(name);
  if (!paths.has(marker)) throw badRequest(`A build of ${name} has ${marker}; this one has not. Nothing was released.`);
  const staging = join(config.dataDir, 'release-staging', randomUUID());
  const dist = join(staging, 'dist');
  try {
    for (const f of req.files) {
      const target = join(dist, normalize(f.path));
      mkdirSync(dirname(target), { recursive: true });
      // the same bytes, not a copy: the uploads folder is on the same disk
      try {
        linkSync(uploaded(config, f.sha256), target);
      } catch {
        cpSync(uploaded(config, f.sha256), target);
      }
    }
    if (name !== SHELL_RELEASE) {
      let manifest: { metaData?: { buildInfo?: { buildVersion?: string } } };
      try {
        manifest = JSON.parse(readFileSync(join(dist, marker), 'utf8'));
      } catch {
        throw badRequest(`${marker} is not JSON. Nothing was released.`);
      }
      const lacking = manifestFiles(manifest).filter((p) => !paths.has(p));
      if (lacking.length) throw badRequest(`${marker} names files the build lacks: ${lacking.slice(0, 5).join(', ')}. Nothing was released.`);
      const built = manifest.metaData?.buildInfo?.buildVersion;
      if (built && built !== req.version) throw badRequest(`The build says it is ${built}, the publish says ${req.version}. Nothing was released.`);
    }
    // what releaseName and the record read beside a build folder: its version and its changelog
    writeFileSync(join(staging, 'package.json'), JSON.stringify({ version: req.version }));
    if (req.changelog) writeFileSync(join(staging, 'CHANGELOG.md'), req.changelog);
    return dist;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

/** One publish of a name at a time in this process: the check of what is active and the activation are one step. */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const run = (queues.get(name) ?? Promise.resolve()).then(fn, fn);
  queues.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}

/** Releases a build whose files were uploaded; activates it when asked, replacing the release the publisher expected. */
export function publishBuild(
  config: Pick<ServerConfig, 'dataDir' | 'releasesDir' | 'shellDir'>,
  sharedReleases: SharedReleases | null,
  name: string,
  req: PublishRequest,
  by: string,
): Promise<PublishAnswer> {
  const dist = assemble(config, name, req);
  return oneAtATime(name, async () => {
    try {
      await sharedReleases?.pull({ everyRelease: true });
      const current = readActive(config.releasesDir)[name]?.active ?? null;
      if (req.activate && req.expectedActive !== undefined && req.expectedActive !== current) {
        const record = current ? readReleaseRecord(config.releasesDir, name, current) : null;
        const who = record ? ` (released by ${record.by} at ${record.releasedAt})` : '';
        throw conflict(
          `${name} changed while this was published: ${current ?? 'no release'} is active now${who}, not ${req.expectedActive ?? 'none'}. Nothing was activated; publish again expecting ${current ?? 'none'} if this build should replace it.`,
        );
      }
      let result;
      try {
        result = releaseRemote(config.releasesDir, name, dist, {
          activate: req.activate,
          by,
          note: req.note,
          commit: req.commit ?? null,
          force: !!req.force,
          shellSurface: activeShellSurface(config.releasesDir, config.shellDir),
        });
      } catch (err) {
        if (err instanceof PreflightRefusal)
          throw conflict(`${refusalHeadline(name, err.release, err.problems)}: ${err.problems.map(describePreflightProblem).join('; ')}.`);
        throw err;
      }
      await sharedReleases?.push(name);
      return { release: result.release, created: result.created, active: readActive(config.releasesDir)[name]?.active ?? null };
    } finally {
      rmSync(dirname(dist), { recursive: true, force: true });
    }
  });
}
