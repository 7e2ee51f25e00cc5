import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, SECOND, startTestServer, type TestServer } from '../../testing/harness';
import { verifyAuditChain } from './chain';
import { anonymousWho, recordAudit } from './trail';

/*
 * Each audit row carries the hash of its account's row before it, so a row removed or changed, even
 * by someone who can switch the append-only guard off, is found by walking the chain.
 */
let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

const record = (accountId: string, detail: string) => s.db.tx((q) => recordAudit(q, anonymousWho(accountId, '10.0.0.1'), 'signInFailed', null, detail));
/** What only the table's owner can do: write with the guard off. */
const asOwner = (sql: string, params: unknown[]) =>
  s.db.tx(async (q) => {
    await q.query('alter table audit_events disable trigger audit_events_no_update_or_delete');
    await q.query(sql, params);
    await q.query('alter table audit_events enable trigger audit_events_no_update_or_delete');
  });

describe('the audit chain', () => {
  it('links every row to the one before it, per account, also when written at once', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => record(i % 2 ? DEMO : SECOND, `try ${i}`)));
    const rows = await s.db.query<{ seq: string; prev_hash: string | null; hash: string }>(
      'select seq, prev_hash, hash from audit_events where account_id = $1 order by seq',
      [DEMO],
    );
    assert.ok(rows.length >= 6);
    rows.forEach((r, i) => {
      assert.equal(Number(r.seq), i + 1);
      assert.equal(r.prev_hash, i === 0 ? null : rows[i - 1]!.hash);
      assert.match(r.hash, /^[0-9a-f]{64}$/);
    });
    const report = await verifyAuditChain(s.db);
    assert.deepEqual(report.breaks, []);
    assert.equal(report.heads.find((h) => h.accountId === DEMO)?.hash, rows.at(-1)!.hash);
  });

  it('finds a row removed from the middle and a row changed, with the guard switched off', async () => {
    for (let i = 0; i < 4; i++) await record(DEMO, `later ${i}`);
    const [{ seq: last }] = await s.db.query<{ seq: string }>('select max(seq) as seq from audit_events where account_id = $1', [DEMO]);
    const n = Number(last);
    await asOwner('delete from audit_events where account_id = $1 and seq = $2', [DEMO, n - 2]);
    await asOwner(`update audit_events set detail = 'nothing happened' where account_id = $1 and seq = $2`, [DEMO, n]);
    const report = await verifyAuditChain(s.db, DEMO);
    assert.deepEqual(report.breaks, [
      { accountId: DEMO, seq: n - 1, reason: 'a row before it is missing or changed' },
      { accountId: DEMO, seq: n, reason: 'changed' },
    ]);
    assert.deepEqual((await verifyAuditChain(s.db, SECOND)).breaks, [], "another account's chain still holds");
  });

  it('refuses changes while the guard is on', async () => {
    await assert.rejects(s.db.query('delete from audit_events where account_id = $1', [SECOND]), /append-only/);
    await assert.rejects(s.db.query(`update audit_events set hash = 'x' where account_id = $1`, [SECOND]), /append-only/);
  });
});
