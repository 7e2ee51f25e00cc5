/**
 * The audit trail's chain.
 *   audit verify [accountId]   walks every account's chain (or one) and the global log of release
 *                              changes, with the key (AUDIT_CHAIN_KEY, with AUDIT_CHAIN_PREVIOUS_KEYS,
 *                              or the data folder's), and says whether they hold; exits 1 when a row
 *                              is missing or changed, or was keyed with a key it is not given.
 * On the embedded PGlite, stop the server first (one process opens the data folder at a time).
 */
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { verifyAuditChain } from '../modules/audit/chain';
import { loadAuditChainKeys } from '../modules/audit/key';
import { verifyReleaseChain } from '../modules/releases/history';

const [cmd, accountId] = process.argv.slice(2);
const config = loadConfig();

if (cmd === 'verify') {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    const keys = loadAuditChainKeys(config.dataDir);
    const report = await verifyAuditChain(db, keys, accountId);
    for (const head of report.heads) console.log(`${head.accountId}: ${head.seq} rows, last hash ${head.hash}`);
    if (report.unkeyedRows) console.log(`${report.unkeyedRows} row(s) from before the chain was keyed, checked by their plain hash.`);
    const releases = await verifyReleaseChain(db, keys);
    for (const b of releases.breaks) report.breaks.push({ ...b, accountId: 'release history' });
    for (const id of releases.unknownKeys) if (!report.unknownKeys.includes(id)) report.unknownKeys.push(id);
    if (releases.heads[0]) console.log(`release history: ${releases.heads[0].seq} rows, last hash ${releases.heads[0].hash}`);
    if (report.unknownKeys.length)
      console.log(
        `Rows are keyed with key ${report.unknownKeys.join(', ')}, which is neither AUDIT_CHAIN_KEY (key ${keys.id}) nor in AUDIT_CHAIN_PREVIOUS_KEYS: the wrong key, or a previous key left out.`,
      );
    if (report.breaks.length) {
      for (const b of report.breaks) console.log(`BROKEN ${b.accountId} at row ${b.seq}: ${b.reason}`);
      console.log(`The audit chain does not hold: ${report.breaks.length} break(s) in ${report.rows + releases.rows} rows.`);
      process.exitCode = 1;
    } else {
      console.log(`The audit chain holds: ${report.rows} rows in ${report.accounts} account(s), and ${releases.rows} release change(s).`);
    }
  } finally {
    await db.close();
  }
} else {
  console.error('Usage: audit verify [accountId]');
  process.exit(1);
}
