/**
 * Rotates the data key.
 *   keys rotate    seals again, with CLIENT_DATA_KEY, everything sealed with a key of
 *                  CLIENT_DATA_PREVIOUS_KEYS; then the previous keys can be dropped.
 *   keys id        prints the current key's id (the one new values carry).
 * On the embedded PGlite, stop the server first (one process opens the data folder at a time).
 */
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { keyId, loadClientDataKey, sealerFor } from '../sealing/crypto';
import { resealAll } from './reseal';

const [cmd] = process.argv.slice(2);
const config = loadConfig();

if (cmd === 'id') {
  console.log(keyId(loadClientDataKey(config.dataDir)));
} else if (cmd === 'rotate') {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  try {
    const n = await resealAll(db, sealerFor(config.dataDir));
    console.log(
      `Sealed again with key ${keyId(loadClientDataKey(config.dataDir))}: ${n.clientSsns} SSNs, ${n.clientFields} identity numbers, ` +
        `${n.records} record secrets, ${n.totpSecrets} TOTP secrets, ${n.mails} mails.`,
    );
  } finally {
    await db.close();
  }
} else {
  console.error('Usage: keys rotate | keys id');
  process.exit(1);
}
