import type { Queryable } from '../../db/index';
import { chainMac, type ChainKeys } from './key';

/*
 * Keyed hash chains: the audit trail, one chain per account (migrations 098 and 110), and the global
 * log of release changes, one chain (migration 111). Row n carries the hash of row n - 1 (prev_hash)
 * and its own: an HMAC-SHA256, under the key it names (key_id), of that and every column. The app
 * works it out as it adds the row, under a lock of the chain, so writers from any number of processes
 * chain one after the other; the database, which does not hold the key, checks that the row follows
 * the last one and stamps its time. Walking a chain finds a row removed (a gap in seq, or a prev_hash
 * that is not the hash before it), a row changed (its hash does not match its columns, which no one
 * without the key can work out again), and the first rows removed (the chain does not start at 1
 * from nothing). Rows cut off the end leave no trace in the chain itself: compare the last seq and
 * hash with one noted elsewhere.
 *
 * The audit rows written before the key (key_id null) were hashed with plain SHA-256 in the
 * database: they are checked that way, and only up to where each account's chain stood when the key
 * came in (audit_chain_switch). Their last one is covered by the first keyed row's HMAC, so
 * rewriting them breaks the chain there.
 */

export interface ChainSpec {
  table: string;
  /** The column each chain is per (null: one chain for the table). */
  scope: string | null;
  /** The columns the hash covers, after seq, the time and the key id, in this order. */
  columns: readonly string[];
  /** Rows written before the key: whether the row is before the switch, and whether its unkeyed hash holds (SQL over the row `e`). */
  unkeyed?: { beforeSwitch: string; holds: string };
}

export const AUDIT_CHAIN: ChainSpec = {
  table: 'audit_events',
  scope: 'account_id',
  columns: ['account_id', 'actor_id', 'actor_name', 'acting_as_id', 'acting_as_name', 'action', 'target_type', 'target_id', 'target_label', 'detail', 'ip'],
  unkeyed: {
    beforeSwitch: 'e.seq <= coalesce((select s.seq from audit_chain_switch s where s.account_id = e.account_id), 0)',
    holds: 'e.hash = audit_event_hash(e.prev_hash, e)',
  },
};

/** A time as the hash covers it: UTC to the microsecond. */
const timeText = (sql: string) => `to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * Adds one row to a chain, in the caller's transaction: takes the chain's lock (held to the commit),
 * reads its last row and the database's time, keys the row and inserts it. `values` are the
 * columns' text as the database stores it (uuids in their canonical form).
 */
export async function appendChained(
  q: Queryable,
  spec: ChainSpec,
  scopeValue: string | null,
  values: Record<string, string | null>,
  keys: ChainKeys,
): Promise<void> {
  await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`${spec.table}:${scopeValue ?? ''}`]);
  const where = spec.scope ? `where h.${spec.scope} = $1` : '';
  const [head] = await q.query<{ at: string; seq: string | null; hash: string | null }>(
    `select ${timeText('now()')} as at,
            (select h.seq::text from ${spec.table} h ${where} order by h.seq desc limit 1) as seq,
            (select h.hash from ${spec.table} h ${where} order by h.seq desc limit 1) as hash`,
    spec.scope ? [scopeValue] : [],
  );
  const seq = Number(head!.seq ?? 0) + 1;
  const row = spec.columns.map((c) => values[c] ?? null);
  const hash = chainMac(keys.ring.get(keys.id)!, head!.hash, [seq, head!.at, keys.id, ...row]);
  const cols = ['seq', 'prev_hash', 'hash', 'key_id', ...spec.columns];
  await q.query(`insert into ${spec.table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, [
    seq,
    head!.hash,
    hash,
    keys.id,
    ...row,
  ]);
}

export type ChainBreakReason =
  'changed' | 'a row before it is missing or changed' | 'keyed with a key that is not configured' | 'written without the key after the chain was keyed';

export interface ChainBreak {
  accountId: string;
  seq: number;
  reason: ChainBreakReason;
}

export interface ChainReport {
  accounts: number;
  rows: number;
  /** Rows written before the key, checked by their plain hash. */
  unkeyedRows: number;
  /** Ids of keys rows name that are not configured (the wrong AUDIT_CHAIN_KEY, or a previous key left out). */
  unknownKeys: string[];
  /** Each chain's last row: what to note elsewhere to notice rows cut off the end. */
  heads: Array<{ accountId: string; seq: number; hash: string }>;
  breaks: ChainBreak[];
}

const BATCH = 2000;
const MAX_BREAKS = 1000;

/** Walks every chain of a table (or the one of `scopeValue`), batch by batch. */
export async function verifyChain(q: Queryable, spec: ChainSpec, keys: ChainKeys, scopeValue?: string): Promise<ChainReport> {
  const scope = spec.scope ? `e.${spec.scope}::text` : `''`;
  const unkeyed = spec.unkeyed
    ? `, (e.key_id is null and ${spec.unkeyed.beforeSwitch}) as before_switch, (e.key_id is null and ${spec.unkeyed.holds}) as unkeyed_holds`
    : ', false as before_switch, false as unkeyed_holds';
  const report: ChainReport = { accounts: 0, rows: 0, unkeyedRows: 0, unknownKeys: [], heads: [], breaks: [] };
  const unknown = new Set<string>();
  let last: { scope: string; seq: number; hash: string } | null = null;
  let after: [string, number] | null = null;
  const brk = (accountId: string, seq: number, reason: ChainBreakReason) => {
    if (report.breaks.length < MAX_BREAKS) report.breaks.push({ accountId, seq, reason });
  };
  for (;;) {
    const params: unknown[] = [];
    const conds: string[] = [];
    if (scopeValue !== undefined && spec.scope) conds.push(`e.${spec.scope} = $${params.push(scopeValue)}`);
    if (after)
      conds.push(
        spec.scope ? `(${scope}, e.seq) > ($${params.push(after[0])}, $${params.push(after[1])}::bigint)` : `e.seq > $${params.push(after[1])}::bigint`,
      );
    const rows = await q.query<Record<string, string | null> & { before_switch: boolean; unkeyed_holds: boolean }>(
      `select ${scope} as chain, e.seq::text as seq, e.prev_hash, e.hash, e.key_id, ${timeText('e.at')} as at,
              ${spec.columns.map((c) => `e.${c}::text as ${c}`).join(', ')}${unkeyed}
         from ${spec.table} e ${conds.length ? `where ${conds.join(' and ')}` : ''}
        order by ${spec.scope ? `${scope}, ` : ''}e.seq limit ${BATCH}`,
      params,
    );
    for (const r of rows) {
      const chain = r.chain!;
      const seq = Number(r.seq);
      report.rows++;
      if (!last || last.scope !== chain) {
        if (last) report.heads.push({ accountId: last.scope, seq: last.seq, hash: last.hash });
        report.accounts++;
        if (seq !== 1 || r.prev_hash !== null) brk(chain, seq, 'a row before it is missing or changed');
      } else if (seq !== last.seq + 1 || r.prev_hash !== last.hash) brk(chain, seq, 'a row before it is missing or changed');
      if (r.key_id === null) {
        report.unkeyedRows++;
        if (!r.before_switch) brk(chain, seq, 'written without the key after the chain was keyed');
        else if (!r.unkeyed_holds) brk(chain, seq, 'changed');
      } else {
        const key = keys.ring.get(r.key_id);
        if (!key) {
          unknown.add(r.key_id);
          brk(chain, seq, 'keyed with a key that is not configured');
        } else if (chainMac(key, r.prev_hash, [seq, r.at, r.key_id, ...spec.columns.map((c) => r[c] ?? null)]) !== r.hash) brk(chain, seq, 'changed');
      }
      last = { scope: chain, seq, hash: r.hash! };
    }
    if (rows.length < BATCH) break;
    after = [last!.scope, last!.seq];
  }
  if (last) report.heads.push({ accountId: last.scope, seq: last.seq, hash: last.hash });
  report.unknownKeys = [...unknown];
  return report;
}

/** Walks the audit chain of every account (or one). */
export const verifyAuditChain = (q: Queryable, keys: ChainKeys, accountId?: string) => verifyChain(q, AUDIT_CHAIN, keys, accountId);
