import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, freshDb } from '../testing/harness';
import { tempDir } from '../testing/tempDir';
import { anonymousWho, recordAudit } from '../modules/audit/trail';
import { loadAuditChainKeys, setAuditChainKeys } from '../modules/audit/key';
import { checkRestoredDatabase } from './restored';
import { RESTORED_MARKER } from './restore';

/* The first start after a restore verifies the audit chain: it goes on when the chain holds, and refuses while it is broken. */
let db: Awaited<ReturnType<typeof freshDb>>;
before(async () => {
  // the key the server would run with (beside the data outside production)
  setAuditChainKeys(loadAuditChainKeys(tempDir('agency-audit-key-'), {}));
  db = await freshDb();
  for (let i = 0; i < 3; i++) await db.tx((q) => recordAudit(q, anonymousWho(DEMO, '10.0.0.1'), 'signInFailed', null, `try ${i}`));
});
after(() => db.drop());

const restoredFolder = () => {
  const dir = tempDir('agency-restored-check-');
  writeFileSync(join(dir, RESTORED_MARKER), JSON.stringify({ backedUpAt: '2026-12-01T10:00:00.000Z' }));
  return dir;
};

describe('the first start after a restore', () => {
  it('does nothing on a folder that was not restored', async () => {
    assert.deepEqual(await checkRestoredDatabase(db, tempDir('agency-plain-')), { restored: false });
  });

  it('says the chain holds and removes the marker', async () => {
    const dir = restoredFolder();
    const check = await checkRestoredDatabase(db, dir);
    assert.equal(check.restored && check.holds, true);
    assert.match(check.restored ? check.message : '', /backup of 2026-12-01T10:00:00.000Z: migrations are applied and the audit trail holds \(\d+ rows/);
    assert.equal(existsSync(join(dir, RESTORED_MARKER)), false);
  });

  it('refuses a database whose chain is broken, and keeps refusing', async () => {
    await db.tx(async (q) => {
      await q.query('alter table audit_events disable trigger audit_events_no_update_or_delete');
      await q.query(`update audit_events set detail = 'rewritten' where account_id = $1 and seq = 1`, [DEMO]);
      await q.query('alter table audit_events enable trigger audit_events_no_update_or_delete');
    });
    const dir = restoredFolder();
    for (let i = 0; i < 2; i++) {
      const check = await checkRestoredDatabase(db, dir);
      assert.equal(check.restored && !check.holds, true);
      assert.match(check.restored ? check.message : '', /audit trail does not hold .*does not start on it/);
      assert.equal(existsSync(join(dir, RESTORED_MARKER)), true);
    }
  });
});
