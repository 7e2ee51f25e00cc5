// Run by a journey while its server is stopped: the texts it had scheduled fall due, as if the
// server had been down past their time. `tsx e2e/support/pass-time.ts <data dir>`
import { openPglite } from '../../packages/server/src/db/index';

async function main() {
  const [dataDir, message] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: pass-time.ts <data dir> [message]');
  const db = await openPglite(`${dataDir}/db`);
  const due = await db.query<{ id: string }>(
    `update sms_messages set send_at = now() - interval '1 minute'
      where type = 'scheduled' and status = 'pending' and carrier_sid is null and ($1::text is null or message = $1) returning id`,
    [message ?? null],
  );
  await db.close();
  console.log(`${due.length} scheduled text(s) now due`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
