// Run by a journey while its server is stopped: the day's renewal run happens, as the daily
// schedule would run it. `tsx e2e/support/renewals-day.ts <data dir>`
import { openPglite } from '../../packages/server/src/db/index';
import { runRenewalsDaily } from '../../packages/server/src/modules/renewals/daily';

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: renewals-day.ts <data dir>');
  const db = await openPglite(`${dataDir}/db`);
  const done = await runRenewalsDaily(db);
  await db.close();
  console.log(`${done.started} renewal(s) started`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
