import type { Queryable } from '../../db/index';

/*
 * The audit trail's hash chain (migration 098): per account, row n carries the hash of row n - 1,
 * and its own hash covers that and every column. Walking it finds a row removed (a gap in seq, or a
 * prev_hash that is not the hash before it), a row changed (its hash does not match its columns),
 * and the first rows removed (the chain does not start at 1 from nothing). Rows cut off the end
 * leave no trace in the chain itself: compare the last seq and hash with one noted elsewhere.
 */

export interface ChainBreak {
  accountId: string;
  seq: number;
  reason: 'changed' | 'a row before it is missing or changed';
}

export interface ChainReport {
  accounts: number;
  rows: number;
  /** Each account's last row: what to note elsewhere to notice rows cut off the end. */
  heads: Array<{ accountId: string; seq: number; hash: string }>;
  breaks: ChainBreak[];
}

/** Walks the chain of every account (or one) in the database. */
export async function verifyAuditChain(q: Queryable, accountId?: string): Promise<ChainReport> {
  const scope = accountId ? 'where account_id = $1' : '';
  const params = accountId ? [accountId] : [];
  const walked = `
    select account_id, seq, hash,
           hash is distinct from audit_event_hash(prev_hash, e) as changed,
           case when lag(seq) over w is null then seq <> 1 or prev_hash is not null
                else seq <> lag(seq) over w + 1 or prev_hash is distinct from lag(hash) over w end as unlinked
      from audit_events e ${scope}
    window w as (partition by account_id order by seq)`;
  const [totals] = await q.query<{ accounts: number; rows: number }>(
    `select count(distinct account_id)::int as accounts, count(*)::int as rows from audit_events ${scope}`,
    params,
  );
  const bad = await q.query<{ account_id: string; seq: string; changed: boolean; unlinked: boolean }>(
    `select account_id, seq, changed, unlinked from (${walked}) c where changed or unlinked order by account_id, seq limit 1000`,
    params,
  );
  const heads = await q.query<{ account_id: string; seq: string; hash: string }>(
    `select distinct on (account_id) account_id, seq, hash from audit_events ${scope} order by account_id, seq desc`,
    params,
  );
  return {
    accounts: totals!.accounts,
    rows: totals!.rows,
    heads: heads.map((h) => ({ accountId: h.account_id, seq: Number(h.seq), hash: h.hash })),
    breaks: bad.map((b) => ({ accountId: b.account_id, seq: Number(b.seq), reason: b.changed ? 'changed' : 'a row before it is missing or changed' })),
  };
}
