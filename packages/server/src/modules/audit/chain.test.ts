import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO, SECOND, startTestServer, type TestServer } from '../../testing/harness';
import { keyId } from '../../sealing/crypto';
import { verifyAuditChain } from './chain';
import { auditChainKeys, loadAuditChainKeys, setAuditChainKeys, type ChainKeys } from './key';
import { anonymousWho, recordAudit } from './trail';

/*
 * Each audit row carries the hash of its account's row before it and its own, an HMAC under a key
 * the database does not hold, so a row removed or changed, even by someone who owns the schema and
 * can switch the append-only guard off, is found by walking the chain.
 */
let s: TestServer;
let keys: ChainKeys;
before(async () => {
  s = await startTestServer();
  keys = auditChainKeys();
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
const lastSeq = async (accountId: string) =>
  Number((await s.db.query<{ seq: string }>('select max(seq) as seq from audit_events where account_id = $1', [accountId]))[0]!.seq);
const hexKey = () => randomBytes(32).toString('hex');

describe('the audit chain', () => {
  it('links every row to the one before it, per account, also when written at once', async () => {
    await Promise.all(Array.from({ length: 24 }, (_, i) => record(i % 2 ? DEMO : SECOND, `try ${i}`)));
    const rows = await s.db.query<{ seq: string; prev_hash: string | null; hash: string; key_id: string }>(
      'select seq, prev_hash, hash, key_id from audit_events where account_id = $1 order by seq',
      [DEMO],
    );
    assert.ok(rows.length >= 12);
    rows.forEach((r, i) => {
      assert.equal(Number(r.seq), i + 1);
      assert.equal(r.prev_hash, i === 0 ? null : rows[i - 1]!.hash);
      assert.match(r.hash, /^[0-9a-f]{64}$/);
    });
    assert.equal(rows.at(-1)!.key_id, keys.id);
    const report = await verifyAuditChain(s.db, keys);
    assert.deepEqual(report.breaks, []);
    assert.equal(report.heads.find((h) => h.accountId === DEMO)?.hash, rows.at(-1)!.hash);
  });

  it('finds a row removed from the middle and a row changed, with the guard switched off', async () => {
    for (let i = 0; i < 4; i++) await record(DEMO, `later ${i}`);
    const n = await lastSeq(DEMO);
    await asOwner('delete from audit_events where account_id = $1 and seq = $2', [DEMO, n - 2]);
    await asOwner(`update audit_events set detail = 'nothing happened' where account_id = $1 and seq = $2`, [DEMO, n]);
    const report = await verifyAuditChain(s.db, keys, DEMO);
    assert.deepEqual(report.breaks, [
      { accountId: DEMO, seq: n - 1, reason: 'a row before it is missing or changed' },
      { accountId: DEMO, seq: n, reason: 'changed' },
    ]);
    assert.deepEqual((await verifyAuditChain(s.db, keys, SECOND)).breaks, [], "another account's chain still holds");
  });

  it('finds a row changed by the schema owner who worked the hashes out again without the key', async () => {
    const account = randomUUID();
    for (let i = 0; i < 5; i++) await record(account, `try ${i}`);
    assert.deepEqual((await verifyAuditChain(s.db, keys, account)).breaks, []);
    await asOwner(`update audit_events set detail = 'nothing happened' where account_id = $1 and seq = 2`, [account]);
    // every later row's prev_hash and hash, as the database's own hash function works them out
    for (let seq = 2; seq <= 5; seq++) {
      await asOwner(
        `update audit_events e set prev_hash = (select p.hash from audit_events p where p.account_id = e.account_id and p.seq = e.seq - 1)
          where account_id = $1 and seq = $2`,
        [account, seq],
      );
      await asOwner('update audit_events e set hash = audit_event_hash(e.prev_hash, e) where account_id = $1 and seq = $2', [account, seq]);
    }
    const report = await verifyAuditChain(s.db, keys, account);
    assert.deepEqual(
      report.breaks.map((b) => [b.seq, b.reason]),
      [2, 3, 4, 5].map((seq) => [seq, 'changed']),
    );
  });

  it('dates each row by the database, whatever the insert says', async () => {
    const account = randomUUID();
    await record(account, 'first');
    const [stored] = await s.db.tx(async (q) => {
      const [head] = await q.query<{ hash: string }>('select hash from audit_events where account_id = $1 and seq = 1', [account]);
      return q.query<{ recent: boolean }>(
        `insert into audit_events (account_id, action, seq, prev_hash, hash, key_id, at)
         values ($1, 'signIn', 2, $2, 'forged', 'forged', now() - interval '300 days')
         returning at > now() - interval '1 hour' as recent`,
        [account, head!.hash],
      );
    });
    assert.equal(stored!.recent, true);
    const [{ recent }] = await s.db.query<{ recent: boolean }>(
      `select bool_and(at > now() - interval '1 hour') as recent from audit_events where account_id = $1`,
      [account],
    );
    assert.equal(recent, true);
    // and a row that was not keyed with the key is found
    assert.deepEqual(
      (await verifyAuditChain(s.db, keys, account)).breaks.map((b) => [b.seq, b.reason]),
      [[2, 'keyed with a key that is not configured']],
    );
  });

  it('refuses rows that do not follow the last one or come without a key', async () => {
    const account = randomUUID();
    await record(account, 'first');
    const insert = (seq: number, prev: string | null, keyed: boolean) =>
      s.db.query(`insert into audit_events (account_id, action, seq, prev_hash, hash, key_id) values ($1, 'signIn', $2, $3, $4, $5)`, [
        account,
        seq,
        prev,
        keyed ? 'x' : null,
        keyed ? 'k' : null,
      ]);
    await assert.rejects(insert(5, null, true), /follows the last row/);
    await assert.rejects(insert(1, null, true), /follows the last row/);
    const [{ hash }] = await s.db.query<{ hash: string }>('select hash from audit_events where account_id = $1', [account]);
    await assert.rejects(insert(2, hash, false), /keyed by the app/);
  });

  it('finds a row written without the key once the chain is keyed', async () => {
    const account = randomUUID();
    await record(account, 'first');
    const [{ hash }] = await s.db.query<{ hash: string }>('select hash from audit_events where account_id = $1', [account]);
    await s.db.tx(async (q) => {
      await q.query('alter table audit_events disable trigger audit_events_chain');
      await q.query(`insert into audit_events (account_id, action, seq, prev_hash, hash) values ($1, 'signIn', 2, $2, 'x')`, [account, hash]);
      await q.query('alter table audit_events enable trigger audit_events_chain');
    });
    await asOwner('update audit_events e set hash = audit_event_hash(e.prev_hash, e) where account_id = $1 and seq = 2', [account]);
    assert.deepEqual(
      (await verifyAuditChain(s.db, keys, account)).breaks.map((b) => [b.seq, b.reason]),
      [[2, 'written without the key after the chain was keyed']],
    );
  });

  it('fails with the wrong key, saying which key the rows name', async () => {
    const wrong = loadAuditChainKeys('/nonexistent', { AUDIT_CHAIN_KEY: hexKey() });
    const report = await verifyAuditChain(s.db, wrong, SECOND);
    assert.ok(report.breaks.length > 0);
    assert.ok(report.breaks.every((b) => b.reason === 'keyed with a key that is not configured'));
    assert.deepEqual(report.unknownKeys, [keys.id]);
  });

  it('rotates: new rows take the new key, older ones verify with the previous key', async () => {
    const account = randomUUID();
    await record(account, 'before');
    const old = [...keys.ring.entries()].find(([id]) => id === keys.id)![1];
    const fresh = hexKey();
    const rotated = loadAuditChainKeys('/nonexistent', { AUDIT_CHAIN_KEY: fresh, AUDIT_CHAIN_PREVIOUS_KEYS: old.toString('base64') });
    try {
      setAuditChainKeys(rotated);
      await record(account, 'after');
    } finally {
      setAuditChainKeys(keys);
    }
    const rows = await s.db.query<{ key_id: string }>('select key_id from audit_events where account_id = $1 order by seq', [account]);
    assert.deepEqual(
      rows.map((r) => r.key_id),
      [keys.id, keyId(Buffer.from(fresh, 'hex'))],
    );
    assert.deepEqual((await verifyAuditChain(s.db, rotated, account)).breaks, []);
    const withoutPrevious = loadAuditChainKeys('/nonexistent', { AUDIT_CHAIN_KEY: fresh });
    assert.deepEqual(
      (await verifyAuditChain(s.db, withoutPrevious, account)).breaks.map((b) => [b.seq, b.reason]),
      [[1, 'keyed with a key that is not configured']],
    );
  });

  it('pins the search_path of the functions the trail runs', async () => {
    const rows = await s.db.query<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where proname in ('audit_events_chain', 'audit_event_hash', 'audit_events_append_only') order by proname`,
    );
    assert.equal(rows.length, 3);
    for (const r of rows) assert.deepEqual(r.proconfig, ['search_path=pg_catalog, public'], r.proname);
  });

  it('refuses changes while the guard is on', async () => {
    await assert.rejects(s.db.query('delete from audit_events where account_id = $1', [SECOND]), /append-only/);
    await assert.rejects(s.db.query(`update audit_events set hash = 'x' where account_id = $1`, [SECOND]), /append-only/);
  });
});
