import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/index';
import { verifyAuditChain } from '../modules/audit/chain';
import { auditChainKeys } from '../modules/audit/key';
import { verifyReleaseChain } from '../modules/releases/history';
import { RESTORED_MARKER } from './restore';

export type RestoredCheck = { restored: false } | { restored: true; holds: true; message: string } | { restored: true; holds: false; message: string };

/**
 * The first start after a restore (its marker in the data folder), once migrations have run:
 * the audit chain of every agency must hold, else the start is refused and the marker stays (so
 * every start refuses until another backup is restored or the operator removes the marker).
 */
export async function checkRestoredDatabase(db: Queryable, dataDir: string): Promise<RestoredCheck> {
  const marker = join(dataDir, RESTORED_MARKER);
  if (!existsSync(marker)) return { restored: false };
  const { backedUpAt } = JSON.parse(readFileSync(marker, 'utf8')) as { backedUpAt?: string };
  // with the key the server runs with (set before migrations): a copy keyed otherwise does not hold
  const keys = auditChainKeys();
  const report = await verifyAuditChain(db, keys);
  const releases = await verifyReleaseChain(db, keys);
  for (const b of releases.breaks) report.breaks.push({ ...b, accountId: 'release history' });
  const unknownKeys = [...new Set([...report.unknownKeys, ...releases.unknownKeys])];
  if (report.breaks.length || unknownKeys.length) {
    const first = [
      ...report.breaks.slice(0, 5).map((b) => `${b.accountId} at row ${b.seq}: ${b.reason}`),
      ...unknownKeys.map((id) => `rows keyed with key ${id}, which this server was not given (AUDIT_CHAIN_KEY)`),
    ];
    return {
      restored: true,
      holds: false,
      message:
        `The restored database's audit trail does not hold (${report.breaks.length} break(s) in ${report.rows} rows: ${first.join('; ')}). ` +
        `The server does not start on it: restore another backup, or remove ${marker} to start anyway.`,
    };
  }
  rmSync(marker);
  return {
    restored: true,
    holds: true,
    message: `Restored from the backup of ${backedUpAt ?? 'an unknown time'}: migrations are applied and the audit trail holds (${report.rows} rows in ${report.accounts} agencies).`,
  };
}
