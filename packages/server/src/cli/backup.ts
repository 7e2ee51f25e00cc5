/**
 * A backup of the data folder: the embedded database and the files, in one tar.gz with a manifest.
 *   backup [file]   writes the archive (default: backups/agency-desk-<time>.tar.gz in the repository)
 * While the server runs, it makes the copy itself (asked on its control socket); when it does not,
 * this opens the data folder. With DATABASE_URL the database is PostgreSQL's to back up (pg_dump):
 * the archive then holds the files only.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig, REPO_ROOT } from '../config';
import { openPglite } from '../db/index';
import { sizeOf, writeBackup, type BackupManifest } from '../backup/archive';
import { backupThroughServer } from '../backup/control';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// npm runs this in packages/server: a path given is the caller's (INIT_CWD)
const out = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? join(REPO_ROOT, 'backups', `agency-desk-${stamp}.tar.gz`));
mkdirSync(dirname(out), { recursive: true });

let manifest: BackupManifest;
let how: string;
if (config.databaseUrl) {
  manifest = await writeBackup(null, config, out);
  how = 'The database is on PostgreSQL and is not in this archive: back it up with pg_dump --format=custom --file=<file> "$DATABASE_URL".';
  if (process.env.S3_BUCKET) how += " The files are in the S3 bucket, not in this archive: the bucket's versioning or replication keeps them.";
} else if (!existsSync(join(config.dataDir, 'db'))) {
  console.error(`There is no database in ${config.dataDir} yet: start the server once.`);
  process.exit(1);
} else {
  const viaServer = await backupThroughServer(config.dataDir, out);
  if (viaServer) {
    manifest = viaServer;
    how = 'The running server made the copy.';
  } else {
    const db = await openPglite(join(config.dataDir, 'db'));
    try {
      manifest = await writeBackup(db, config, out);
    } finally {
      await db.close();
    }
    how = 'No server was running: the copy was made from the data folder.';
  }
}
const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
console.log(how);
console.log(
  `Backed up to ${out} (${(sizeOf(out) / 1e6).toFixed(1)} MB): ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files. ` +
    `Sealed fields need client data key ${manifest.clientDataKeyId}, which is not in the archive: keep it apart.`,
);
