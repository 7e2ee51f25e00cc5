import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { releaseRecordSchema, type ReleaseRecord } from '@agency/contracts';
import type { Db } from '../db/index';
import type { ServerConfig } from '../config';
import { createFileStorage, type FileStorage } from '../providers/files/index';
import { listReleases, readActive, writeActive, type ActiveReleases } from './remotes';
import { RECORDS_DIR, readReleaseRecord } from './release';

/**
 * Where the bytes of released files are kept (RELEASES_STORE): `database`, in their rows of
 * release_files, or `storage`, in the app's file storage (S3 when it is configured, else the files
 * folder) under `releases/<name>/<release>/<path>`, their rows holding the path only. Either reads
 * both kinds of row, so a change of the setting keeps every earlier release.
 */
export interface ReleaseFiles {
  readonly kind: 'database' | 'storage';
  /** Keeps one file of a release; what its row's body holds (null: the bytes are in the file storage). */
  put(name: string, release: string, path: string, bytes: Buffer): Promise<Buffer | null>;
  /** One file's bytes, from its row's body or, without one, from the file storage; null when they are gone. */
  get(name: string, release: string, path: string, body: Uint8Array | null): Promise<Buffer | null>;
}

/** A release's file in the file storage: every character a key does not allow is written `:xx` (its UTF-8 bytes). */
export const releaseFileKey = (name: string, release: string, path: string) =>
  `releases/${name}/${release}/${path}`.replace(/[^A-Za-z0-9/_.-]/g, (c) => [...Buffer.from(c)].map((b) => `:${b.toString(16).padStart(2, '0')}`).join(''));

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function releaseFiles(kind: ReleaseFiles['kind'], storage: FileStorage): ReleaseFiles {
  return {
    kind,
    put: async (name, release, path, bytes) => {
      if (kind === 'database') return bytes;
      await storage.put(releaseFileKey(name, release, path), bytes, 'application/octet-stream');
      return null;
    },
    get: async (name, release, path, body) => {
      if (body) return Buffer.from(body);
      const stream = await storage.get(releaseFileKey(name, release, path));
      return stream ? readAll(stream) : null;
    },
  };
}

/** The files of releases in their rows of the database. */
export const databaseReleaseFiles = (storage: FileStorage) => releaseFiles('database', storage);
/** The files of releases in the app's file storage, their rows in the database. */
export const storageReleaseFiles = (storage: FileStorage) => releaseFiles('storage', storage);
/** The files of releases as RELEASES_STORE says, in the app's file storage (createFileStorage) for `storage`. */
export const releaseFilesFor = (config: Pick<ServerConfig, 'releasesStore' | 'dataDir'>) =>
  (config.releasesStore === 'storage' ? storageReleaseFiles : databaseReleaseFiles)(createFileStorage(config.dataDir));

/**
 * Releases every API process finds: the database holds each release of the shell and the remotes
 * (its record, its files or where they are kept: ReleaseFiles) and the active pointers; each process serves from its own registry folder,
 * a copy it brings up to the database before it answers what is active (`pull`), and a release it
 * makes or activates there (the CLI, the Releases page) is written back (`push`). An activation
 * through one process is what every other serves on its next request.
 */
export interface SharedReleases {
  /**
   * Brings the folder up to the database: the active pointers, the records, and the files of the
   * active releases (`everyRelease`: of every release, before an operator's change or list).
   */
  pull(o?: { everyRelease?: boolean }): Promise<void>;
  /** Writes what the folder holds of `name` to the database: its releases not yet there, the records, the active pointer. */
  push(name: string): Promise<void>;
  /** Copies one release into the folder if the database has it (a file asked for before this process pulled it); false when it has not. */
  fetch(name: string, release: string): Promise<boolean>;
  /** The release of `name` in the database that has this file (a page loaded before a shell release asks for its chunks). */
  releaseWithFile(name: string, path: string): Promise<string | null>;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

const recordFile = (releasesDir: string, name: string, release: string) => join(releasesDir, RECORDS_DIR, name, `${release}.json`);

function writeRecord(releasesDir: string, record: ReleaseRecord): void {
  const file = recordFile(releasesDir, record.remote, record.release);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(tmp, file);
}

/** The names a release and its remote may have (a folder name, never a path). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

export function sharedReleases(db: Db, releasesDir: string, files: ReleaseFiles): SharedReleases {
  let pulling: Promise<void> | null = null;
  let pullingAll = false;

  async function fetchRelease(name: string, release: string): Promise<boolean> {
    if (!SAFE_NAME.test(name) || !SAFE_NAME.test(release) || release.includes('..')) return false;
    const target = join(releasesDir, name, release);
    if (existsSync(target)) return true;
    const [build] = await db.query<{ released_at: Date | string }>('select released_at from release_builds where name = $1 and release = $2', [name, release]);
    if (!build) return false;
    const rows = await db.query<{ path: string; body: Uint8Array | null }>('select path, body from release_files where name = $1 and release = $2', [
      name,
      release,
    ]);
    // written beside the folder and renamed into place: a release is never seen half written
    const tmp = join(releasesDir, name, `.${release}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    try {
      for (const f of rows) {
        const bytes = await files.get(name, release, f.path, f.body);
        if (!bytes) throw new Error(`The file ${f.path} of ${name} ${release} is missing from the file storage`);
        const file = join(tmp, f.path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, bytes);
      }
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
    mkdirSync(tmp, { recursive: true });
    // the release's age, so that the list keeps the order it was released in
    const at = new Date(build.released_at);
    utimesSync(tmp, at, at);
    try {
      renameSync(tmp, target);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(target)) throw err; // else another request brought it first
    }
    return true;
  }

  async function doPull(everyRelease: boolean): Promise<void> {
    const active = await db.query<{ name: string; active: string; history: string[] }>('select name, active, history from release_active');
    const records = await db.query<{ name: string; release: string; record: unknown }>(
      'select name, release, record from release_builds where record is not null',
    );
    for (const r of records) {
      const record = releaseRecordSchema.parse(r.record);
      const local = readReleaseRecord(releasesDir, r.name, r.release);
      if (JSON.stringify(local) !== JSON.stringify(record)) writeRecord(releasesDir, record);
    }
    const wanted = everyRelease
      ? await db.query<{ name: string; release: string }>('select name, release from release_builds order by released_at')
      : active.map((a) => ({ name: a.name, release: a.active }));
    for (const w of wanted) await fetchRelease(w.name, w.release);
    const next: ActiveReleases = Object.fromEntries(active.map((a) => [a.name, { active: a.active, history: a.history }]));
    if (JSON.stringify(next) !== JSON.stringify(readActive(releasesDir))) writeActive(releasesDir, next);
  }

  return {
    pull: async ({ everyRelease = false } = {}) => {
      // one pull at a time; a request that needs every release waits for one that reads them all
      while (pulling && everyRelease && !pullingAll) await pulling.catch(() => undefined);
      if (pulling) return pulling;
      pullingAll = everyRelease;
      pulling = doPull(everyRelease).finally(() => {
        pulling = null;
        pullingAll = false;
      });
      return pulling;
    },

    push: async (name) => {
      const stored = new Set((await db.query<{ release: string }>('select release from release_builds where name = $1', [name])).map((r) => r.release));
      for (const release of listReleases(releasesDir, name)) {
        const record = readReleaseRecord(releasesDir, name, release);
        if (stored.has(release)) {
          if (record) await db.query('update release_builds set record = $3 where name = $1 and release = $2', [name, release, JSON.stringify(record)]);
          continue;
        }
        const dir = join(releasesDir, name, release);
        await db.tx(async (q) => {
          const [created] = await q.query(
            `insert into release_builds (name, release, record, released_at) values ($1, $2, $3, $4)
             on conflict (name, release) do nothing returning release`,
            [name, release, record ? JSON.stringify(record) : null, record?.releasedAt ?? statSync(dir).mtime.toISOString()],
          );
          if (!created) return;
          // (into the file storage within the transaction: a release whose row failed leaves files no row names, never a row without its files)
          for (const file of filesOf(dir)) {
            const path = relative(dir, file).split('\\').join('/');
            await q.query('insert into release_files (name, release, path, body) values ($1, $2, $3, $4)', [
              name,
              release,
              path,
              await files.put(name, release, path, readFileSync(file)),
            ]);
          }
        });
      }
      const entry = readActive(releasesDir)[name];
      if (entry)
        await db.query(
          `insert into release_active (name, active, history, changed_at) values ($1, $2, $3, now())
           on conflict (name) do update set active = excluded.active, history = excluded.history, changed_at = now()`,
          [name, entry.active, JSON.stringify(entry.history)],
        );
    },

    fetch: fetchRelease,

    releaseWithFile: async (name, path) => {
      const [row] = await db.query<{ release: string }>(
        `select f.release from release_files f join release_builds b using (name, release)
         where f.name = $1 and f.path = $2 order by b.released_at desc limit 1`,
        [name, path],
      );
      return row?.release ?? null;
    },
  };
}

/**
 * On a process's start: a database without releases takes what the folder holds (the first host,
 * or one moving to the shared store); otherwise the folder is brought up to the database.
 */
export async function startSharedReleases(db: Db, releasesDir: string, names: readonly string[], files: ReleaseFiles): Promise<SharedReleases> {
  const shared = sharedReleases(db, releasesDir, files);
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from release_active');
  if (n === 0) for (const name of names) await shared.push(name);
  await shared.pull();
  return shared;
}
