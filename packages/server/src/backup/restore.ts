import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { ServerConfig } from '../config';
import { countRows } from '../db/index';
import { KEY_FILE, keyId, parseKey, previousKeys } from '../sealing/crypto';
import { AUDIT_KEY_FILE } from '../modules/audit/key';
import { DATABASE_DUMP, fileFolders, hashFile, MANIFEST, type BackupManifest } from './archive';

/** Written into the data folder by a restore; the next start verifies the database, then removes it. */
export const RESTORED_MARKER = 'restored.json';

export class RestoreRefused extends Error {}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Checks an unpacked backup against its manifest: every file there with its size and hash, nothing else. */
export async function verifyUnpacked(dir: string): Promise<BackupManifest> {
  if (!existsSync(join(dir, MANIFEST))) throw new RestoreRefused('This is not a backup of Agency Desk: it has no manifest.json.');
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 'agency-desk-backup' || manifest.version !== 1)
    throw new RestoreRefused('This is not a backup of Agency Desk this version can read.');
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const path of walk(dir)) {
    const name = relative(dir, path).split(sep).join('/');
    if (name !== MANIFEST && !listed.has(name)) throw new RestoreRefused(`The archive holds ${name}, which its manifest does not list.`);
  }
  for (const f of manifest.files) {
    const path = join(dir, ...f.path.split('/'));
    if (!existsSync(path)) throw new RestoreRefused(`The archive lacks ${f.path}, which its manifest lists.`);
    const got = await hashFile(path);
    if (got.size !== f.size || got.sha256 !== f.sha256) throw new RestoreRefused(`${f.path} is not the file the manifest lists (size or SHA-256 differs).`);
  }
  return manifest;
}

/** Loads the dump into `dbDir` (a PGlite data folder) and checks every table's rows against the manifest. */
export async function loadDatabase(dir: string, dbDir: string, manifest: BackupManifest): Promise<void> {
  const dump = new Blob([readFileSync(join(dir, DATABASE_DUMP))]);
  const lite = await PGlite.create({ dataDir: dbDir, loadDataDir: dump });
  try {
    const counts = await countRows({ query: async (sql, params) => (await lite.query<never>(sql, params)).rows });
    const names = new Set([...Object.keys(counts), ...Object.keys(manifest.tables)]);
    const differ = [...names]
      .filter((t) => counts[t] !== manifest.tables[t])
      .map((t) => `${t}: ${counts[t] ?? 'missing'} rows, the manifest says ${manifest.tables[t] ?? 'none'}`);
    if (differ.length) throw new RestoreRefused(`The restored database is not the one backed up: ${differ.join('; ')}.`);
  } finally {
    await lite.close();
  }
  rmSync(join(dir, 'database'), { recursive: true, force: true });
}

/** Whether a data folder holds anything but the client data key. */
/** The keys kept beside the data outside production: never in a backup, carried over from the folder a restore replaces. */
const KEY_FILES = [KEY_FILE, AUDIT_KEY_FILE];
export const holdsData = (dataDir: string) => existsSync(dataDir) && readdirSync(dataDir).some((name) => !KEY_FILES.includes(name));

export interface RestoreOptions {
  /** Replace a data folder that holds data (it is kept aside, renamed). */
  force?: boolean;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data folder that was there is kept, if there was one. */
  keptAside?: string;
}

/**
 * Brings a backup back into the data folder of a stopped server: unpacks it beside the folder,
 * checks every file and (PGlite) every table's rows against the manifest, checks the client data key
 * it will run with opens what the backup sealed, then swaps the folders, keeping the old one aside.
 * The caller has made sure no server runs on the folder.
 */
export async function restoreBackup(archive: string, config: ServerConfig, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const env = opts.env ?? process.env;
  const stamp = (opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const dataDir = config.dataDir;
  if (holdsData(dataDir) && !opts.force) {
    throw new RestoreRefused(
      `${dataDir} already holds data. Restore with --force to replace it (it is kept aside as ${basename(dataDir)}.before-restore-<time>).`,
    );
  }
  if (!existsSync(archive)) throw new RestoreRefused(`There is no file ${archive}.`);
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${stamp}`);
  mkdirSync(staging, { recursive: true });
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
    const manifest = await verifyUnpacked(staging);
    if (manifest.database === 'pglite' && config.databaseUrl) {
      throw new RestoreRefused('This backup holds an embedded database, but DATABASE_URL is set: unset it to restore onto the embedded database.');
    }
    if (manifest.database === 'postgres' && !config.databaseUrl) {
      throw new RestoreRefused(
        'This backup holds only the files of a server on PostgreSQL: restore it with DATABASE_URL set (pg_restore brings the database back).',
      );
    }

    // The key the restored server will run with: CLIENT_DATA_KEY, else the data folder's own file.
    const keyFile = join(dataDir, KEY_FILE);
    const key = env.CLIENT_DATA_KEY ? parseKey(env.CLIENT_DATA_KEY) : existsSync(keyFile) ? parseKey(readFileSync(keyFile, 'utf8')) : null;
    const ids = key ? [keyId(key), ...previousKeys(env).map(keyId)] : [];
    if (!ids.includes(manifest.clientDataKeyId)) {
      throw new RestoreRefused(
        `The backup's sealed fields were sealed with client data key ${manifest.clientDataKeyId}, ` +
          `and this server would run with ${key ? `key ${keyId(key)}` : 'no key'}: set CLIENT_DATA_KEY to that key (or CLIENT_DATA_PREVIOUS_KEYS, or put it in ${keyFile}), then restore again.`,
      );
    }

    if (manifest.database === 'pglite') await loadDatabase(staging, join(staging, 'db'), manifest);

    // The swap: the old folder aside (whole), the restored one in its place.
    let keptAside: string | undefined;
    if (existsSync(dataDir)) {
      keptAside = holdsData(dataDir) ? `${dataDir}.before-restore-${stamp}` : undefined;
      if (keptAside) renameSync(dataDir, keptAside);
      for (const name of KEY_FILES) {
        const from = join(keptAside ?? dataDir, name);
        if (existsSync(from)) copyFileSync(from, join(staging, name));
      }
      if (!keptAside) rmSync(dataDir, { recursive: true, force: true });
    }
    // Releases kept outside the data folder (RELEASES_DIR) go back there.
    const releases = fileFolders(config).releases;
    if (releases && releases !== join(dataDir, 'releases') && existsSync(join(staging, 'releases'))) {
      if (existsSync(releases)) renameSync(releases, `${releases}.before-restore-${stamp}`);
      renameSync(join(staging, 'releases'), releases);
    }
    writeFileSync(join(staging, RESTORED_MARKER), JSON.stringify({ archive, backedUpAt: manifest.createdAt, restoredAt: new Date().toISOString() }, null, 2));
    renameSync(staging, dataDir);
    return { manifest, keptAside };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}
