// Run once by the global setup: an embedded database with every migration applied and nothing in
// it, which each server's data dir starts from (a copy; the server then seeds the demo agency
// itself, with its own address). `tsx e2e/support/migrated-db.ts <data dir>`
import { openPglite } from '../../packages/server/src/db/index';
import { migrate } from '../../packages/server/src/db/migrate';

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: migrated-db.ts <data dir>');
  const db = await openPglite(`${dataDir}/db`);
  const applied = await migrate(db);
  await db.close();
  console.log(`${applied.length} migration(s) applied`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
