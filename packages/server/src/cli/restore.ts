/**
 * Brings a backup (`npm run backup`) back into the data folder of a stopped server.
 *   restore <file> [--force]   --force replaces a data folder that holds data (kept aside, renamed)
 * Every file is checked against the manifest's SHA-256, and every table's rows on the embedded
 * database; the next start verifies the audit trail. With DATABASE_URL only the files come back:
 * pg_restore brings the database.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { serverRunning } from '../backup/control';
import { restoreBackup, RestoreRefused } from '../backup/restore';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: restore <backup.tar.gz> [--force]');
  process.exit(1);
}
const config = loadConfig();
if (await serverRunning(config.dataDir)) {
  console.error(`The server is running on ${config.dataDir}: stop it, then restore.`);
  process.exit(1);
}
try {
  const { manifest, keptAside } = await restoreBackup(resolve(process.env.INIT_CWD ?? process.cwd(), file), config, { force });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${manifest.files.length} files and ${rows} rows, each as the manifest lists.`,
  );
  if (keptAside) console.log(`The data folder that was there is kept as ${keptAside}.`);
  if (manifest.database === 'postgres')
    console.log('The database is PostgreSQL\'s: restore it with pg_restore --clean --dbname="$DATABASE_URL" <file> before starting.');
  console.log('Start the server: its first start verifies the audit trail.');
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err;
  console.error(`Not restored: ${err.message}`);
  process.exit(1);
}
