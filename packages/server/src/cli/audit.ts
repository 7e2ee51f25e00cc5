/**
 * The audit trail's chain.
 *   audit verify [accountId]   walks every account's chain (or one) and says whether it holds;
 *                              exits 1 when a row is missing or changed.
 * On the embedded PGlite, stop the server first (one process opens the data folder at a time).
 */
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { verifyAuditChain } from '../modules/audit/chain';

const [cmd, accountId] = process.argv.slice(2);
const config = loadConfig();

if (cmd === 'verify') {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    const report = await verifyAuditChain(db, accountId);
    for (const head of report.heads) console.log(`${head.accountId}: ${head.seq} rows, last hash ${head.hash}`);
    if (report.breaks.length) {
      for (const b of report.breaks) console.log(`BROKEN ${b.accountId} at row ${b.seq}: ${b.reason}`);
      console.log(`The audit chain does not hold: ${report.breaks.length} break(s) in ${report.rows} rows.`);
      process.exitCode = 1;
    } else {
      console.log(`The audit chain holds: ${report.rows} rows in ${report.accounts} account(s).`);
    }
  } finally {
    await db.close();
  }
} else {
  console.error('Usage: audit verify [accountId]');
  process.exit(1);
}
