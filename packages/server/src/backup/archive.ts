import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { ServerConfig } from '../config';
import { APP_VERSION } from '../config';
import type { PgliteDb } from '../db/index';
import { keyId, loadClientDataKey } from '../sealing/crypto';

/*
 * A backup is one tar.gz: manifest.json, the embedded database's data folder as PGlite dumps it
 * (database/pgdata.tar) and the files of the data folder (files/: uploads, recordings of calls and
 * texts' media; carrier-recordings/; releases/). The manifest lists the rows of every table and
 * every file with its size and SHA-256, so a restore checks it all before the server sees it. The
 * client data key is never in the archive (whoever holds a backup must not hold what opens its
 * sealed fields): the manifest names the key's id, and a restore checks the key it will run with.
 */

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database/pgdata.tar';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'agency-desk-backup';
  version: 1;
  createdAt: string;
  appVersion: string;
  /** `pglite`: the database is in the archive; `postgres`: it is not (pg_dump takes it). */
  database: 'pglite' | 'postgres';
  /** The rows of every table at the moment of the copy (PGlite only). */
  tables: Record<string, number>;
  /** The id of the client data key the sealed fields were sealed with (never the key). */
  clientDataKeyId: string;
  /** Every file of the archive but the manifest, the database's dump among them. */
  files: ManifestFile[];
}

/** The folders of the data folder a backup takes, by their name in the archive. */
export function fileFolders(config: Pick<ServerConfig, 'dataDir' | 'releasesDir' | 'releasesStore'>): Record<string, string> {
  const folders: Record<string, string> = { files: join(config.dataDir, 'files'), 'carrier-recordings': join(config.dataDir, 'carrier-recordings') };
  // With RELEASES_STORE=database or storage the releases are in the database or the file storage;
  // the folder is only this host's copy.
  if (config.releasesStore === 'disk') folders.releases = config.releasesDir;
  return folders;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return walk(path);
    return e.isFile() ? [path] : [];
  });
}

/** Copies `from` to `to` and answers the copy's size and SHA-256 (of what was copied, even if `from` changes meanwhile). */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  mkdirSync(dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    createReadStream(from),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(to),
  );
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes a backup to `out` (tar.gz): the database through `db` (the process that holds it; null on
 * PostgreSQL, which pg_dump backs up), then the files. The database is copied first: a file is
 * stored before the row that names it, so every file a copied row names is already on disk.
 */
export async function writeBackup(db: PgliteDb | null, config: ServerConfig, out: string): Promise<BackupManifest> {
  const target = resolve(out);
  const staging = mkdtempSync(join(dirname(target), '.agency-backup-'));
  try {
    const files: ManifestFile[] = [];
    let tables: Record<string, number> = {};
    if (db) {
      const snap = await db.snapshot();
      tables = snap.counts;
      const dump = Buffer.from(await snap.data.arrayBuffer());
      mkdirSync(join(staging, 'database'));
      writeFileSync(join(staging, DATABASE_DUMP), dump);
      files.push({ path: DATABASE_DUMP, size: dump.length, sha256: createHash('sha256').update(dump).digest('hex') });
    }
    for (const [name, dir] of Object.entries(fileFolders(config))) {
      for (const path of walk(dir)) {
        const inArchive = [name, ...relative(dir, path).split(sep)].join('/');
        try {
          files.push({ path: inArchive, ...(await copyHashed(path, join(staging, inArchive))) });
        } catch (err) {
          // a file removed since the folder was read (a swept upload) is not in the backup
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
    const manifest: BackupManifest = {
      format: 'agency-desk-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: APP_VERSION,
      database: db ? 'pglite' : 'postgres',
      tables,
      clientDataKeyId: keyId(loadClientDataKey(config.dataDir)),
      files,
    };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, readdirSync(staging));
    renameSync(partial, target); // whole or absent
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The size of a file, for the CLI's report. */
export const sizeOf = (path: string) => statSync(path).size;
