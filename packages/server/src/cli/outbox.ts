/**
 * Prints the latest mails of the local mail provider (the mail_outbox table), newest last.
 *   outbox [count] [--to <address>]
 * With DATABASE_URL it reads PostgreSQL. On the embedded PGlite it reads a copy of the data folder,
 * so it works while the server runs and never touches the server's files.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Db } from '../db/index';
import { readOutbox } from '../providers/mail/local';
import { sealerFor } from '../sealing/crypto';

const args = process.argv.slice(2);
const toIndex = args.indexOf('--to');
const to = toIndex >= 0 ? args[toIndex + 1] : undefined;
const count = Number(args.find((a, i) => /^\d+$/.test(a) && i !== toIndex + 1) ?? 5);
const config = loadConfig();

let db: Db;
let copy: string | undefined;
if (config.databaseUrl) {
  db = await openPostgres(config.databaseUrl);
} else {
  const dir = join(config.dataDir, 'db');
  if (!existsSync(dir)) {
    console.log(`No database at ${dir} yet: start the server once.`);
    process.exit(0);
  }
  copy = mkdtempSync(join(tmpdir(), 'agency-outbox-'));
  cpSync(dir, copy, { recursive: true });
  db = await openPglite(copy);
}

try {
  const mails = await readOutbox(db, sealerFor(config.dataDir), { limit: count, to });
  if (!mails.length) console.log('The outbox is empty.');
  for (const m of mails) {
    console.log(`\n── ${m.createdAt}  to ${m.to}\n   ${m.subject}\n`);
    console.log(m.body.replace(/^/gm, '   '));
  }
} finally {
  await db.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
}
