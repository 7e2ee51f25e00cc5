import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIT_CSV_HEADER, parseCsv, type AuditEvent, type AuditPage } from '@agency/contracts';
import { readOutbox } from '../../providers/mail/local';
import { sealerFor } from '../../sealing/crypto';
import { basicAuth, bearer, DEMO, demoUserId, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';

let s: TestServer;
let owner: SignedIn;
let admin: SignedIn;
let employee: SignedIn;
let otherOwner: SignedIn;
const OWNER = demoUserId('owner@demo.test');
const EMPLOYEE = demoUserId('employee@demo.test');
const EMPLOYEE2 = demoUserId('employee2@demo.test');

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  otherOwner = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), payload });

async function trail(query = '', who: SignedIn = owner): Promise<AuditPage> {
  const res = await call(who, 'GET', `/accounts/${DEMO}/audit${query ? `?${query}` : ''}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as AuditPage;
}
const latest = async (action: AuditEvent['action']) => (await trail('pageSize=100')).items.find((e) => e.action === action);

describe('audit: what is recorded', () => {
  it('records sign-ins with the address, and failures with the email tried, in the account named', async () => {
    const good = await latest('signIn');
    assert.deepEqual([good?.actor?.id, good?.detail, good?.ip], [employee.user.id, 'Browser', '127.0.0.1']);
    const wrong = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('employee@demo.test', 'not-the-password') },
      payload: { account: DEMO },
    });
    assert.equal(wrong.statusCode, 401);
    const failed = await latest('signInFailed');
    assert.equal(failed?.target?.id, EMPLOYEE);
    assert.equal(failed?.actor, null);
    assert.match(failed?.detail ?? '', /employee@demo\.test/);
    assert.ok(failed?.ip, 'the address is kept');
    // Another agency's trail knows nothing of it.
    const second = await s.db.query(`select 1 from audit_events where account_id = $1 and action = 'signInFailed'`, [SECOND]);
    assert.equal(second.length, 0);
  });

  it('records role changes, new and deleted employees, with who did it', async () => {
    const changed = await call(owner, 'PUT', `/users/${EMPLOYEE2}`, { role: 'admin' });
    assert.equal(changed.statusCode, 200, changed.body);
    const role = await latest('roleChanged');
    assert.deepEqual([role?.actor?.id, role?.target?.id, role?.detail], [OWNER, EMPLOYEE2, 'employee to admin']);

    const created = await call(admin, 'POST', `/accounts/${DEMO}/users`, {
      userFirstName: 'Audra',
      userLastName: 'Log',
      userEmail: 'audra@demo.test',
      userRole: 'employee',
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    assert.equal((await latest('employeeAdded'))?.target?.label, 'Audra Log (audra@demo.test)');
    assert.equal((await call(owner, 'DELETE', `/accounts/${DEMO}/users/${id}`)).statusCode, 200);
    const deleted = await latest('employeeDeleted');
    assert.deepEqual([deleted?.actor?.id, deleted?.target?.id, deleted?.target?.label], [OWNER, id, 'Audra Log (audra@demo.test)']);
  });

  it('records ghosting under the real person, acting as the ghosted one, and tells the ghosted person', async () => {
    const ghost = admin;
    assert.equal((await call(ghost, 'POST', `/users/${EMPLOYEE}/ghost`)).statusCode, 200);
    const started = await latest('ghostStarted');
    assert.deepEqual([started?.actor?.id, started?.actingAs, started?.target?.id], [ghost.user.id, null, EMPLOYEE]);
    const [mail] = await readOutbox(s.db, sealerFor(s.config.dataDir), { to: 'employee@demo.test', limit: 1 });
    assert.match(mail.subject, /is using Agency Desk as you/);

    // What the ghost does is the ghost's, acting as the employee.
    const c = (await call(ghost, 'POST', '/clients', { firstName: 'Ghosted', lastName: 'Reveal', ssn: '111-22-3333' })).json();
    assert.equal((await call(ghost, 'POST', `/clients/${c.id}/reveal`, { field: 'ssn' })).json().value, '111-22-3333');
    const reveal = await latest('fieldRevealed');
    assert.deepEqual(
      [reveal?.actor?.id, reveal?.actingAs?.id, reveal?.target?.label, reveal?.detail],
      [ghost.user.id, EMPLOYEE, 'Ghosted Reveal', 'SSN of the primary'],
    );

    assert.equal((await call(ghost, 'DELETE', '/users/ghost')).statusCode, 200);
    const stopped = await latest('ghostStopped');
    assert.deepEqual([stopped?.actor?.id, stopped?.actingAs?.id], [ghost.user.id, EMPLOYEE]);
  });

  it('keeps the rows of a deleted contact, named as it was', async () => {
    const c = (await call(employee, 'POST', '/clients', { firstName: 'Gone', lastName: 'Tomorrow' })).json();
    assert.equal((await call(employee, 'DELETE', `/clients/${c.id}?level=primary`)).statusCode, 200);
    const rows = await s.db.query<{ target_label: string; action: string }>('select target_label, action from audit_events where target_id = $1', [c.id]);
    assert.deepEqual(rows, [{ target_label: 'Gone Tomorrow', action: 'contactDeleted' }]);
  });

  it('records exports with the count, and MFA and password changes', async () => {
    const csv = await call(employee, 'GET', '/clients/export');
    assert.equal(csv.statusCode, 200);
    const exported = await latest('contactsExported');
    assert.equal(exported?.actor?.id, employee.user.id);
    assert.equal(exported?.detail, `${parseCsv(csv.body).length - 1} contacts`);

    assert.equal((await call(owner, 'PUT', `/users/${EMPLOYEE2}/reset-mfa`)).statusCode, 200);
    assert.equal((await latest('mfaReset'))?.target?.id, EMPLOYEE2);
    assert.equal((await call(owner, 'PUT', `/users/${EMPLOYEE2}/reset-password`, { password: 'a-new-password-1' })).statusCode, 200);
    assert.equal((await latest('passwordReset'))?.target?.id, EMPLOYEE2);
  });
});

describe('audit: the trail itself', () => {
  it('is append-only: rows cannot be changed, deleted or truncated', async () => {
    for (const sql of ['update audit_events set detail = $1', 'delete from audit_events where detail is distinct from $1', 'truncate audit_events']) {
      await assert.rejects(s.db.query(sql, sql.includes('$1') ? ['x'] : []), /append-only/, sql);
    }
  });

  it('is for owners only, and only their own account', async () => {
    for (const who of [admin, employee]) assert.equal((await call(who, 'GET', `/accounts/${DEMO}/audit`)).statusCode, 403);
    assert.equal((await call(otherOwner, 'GET', `/accounts/${DEMO}/audit`)).statusCode, 403);
    assert.equal((await call(otherOwner, 'GET', `/accounts/${DEMO}/audit/export`)).statusCode, 403);
    const theirs = await trail('', otherOwner).catch(() => null);
    assert.equal(theirs, null, 'the demo path refuses them');
    const own = await call(otherOwner, 'GET', `/accounts/${SECOND}/audit`);
    assert.equal(own.statusCode, 200);
    assert.ok((own.json() as AuditPage).items.every((e) => !JSON.stringify(e).includes('demo.test')));
  });

  it('pages newest first and filters by category, person, time and words', async () => {
    const all = await trail('pageSize=25');
    assert.ok(all.total >= 10, `total ${all.total}`);
    const times = all.items.map((e) => Date.parse(e.at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const page2 = await trail('pageSize=25&page=2');
    assert.equal(page2.total, all.total);
    assert.ok(!page2.items.some((e) => all.items.some((f) => f.id === e.id)));

    const ghosting = await trail('category=ghosting');
    assert.ok(ghosting.items.length >= 2 && ghosting.items.every((e) => e.action.startsWith('ghost')));
    const aboutEmployee2 = await trail(`userId=${EMPLOYEE2}`);
    assert.ok(aboutEmployee2.items.some((e) => e.action === 'roleChanged'));
    assert.ok(aboutEmployee2.items.every((e) => [e.actor?.id, e.actingAs?.id, e.target?.id].includes(EMPLOYEE2)));
    const words = await trail('q=Tomorrow');
    assert.deepEqual(
      words.items.map((e) => e.action),
      ['contactDeleted'],
    );
    assert.equal((await trail('q=100%25')).total, 0, 'a % is a literal');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    assert.equal((await trail(`from=${encodeURIComponent(future)}`)).total, 0);
    assert.equal((await trail(`to=${encodeURIComponent(future)}`)).total, all.total);
  });

  it('refuses bad filters with a clear message', async () => {
    const backwards = await call(owner, 'GET', `/accounts/${DEMO}/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    assert.equal(backwards.statusCode, 400);
    assert.match(backwards.json().message, /start date must not be after the end date/);
    assert.equal((await call(owner, 'GET', `/accounts/${DEMO}/audit?pageSize=7`)).statusCode, 400);
    assert.equal((await call(owner, 'GET', `/accounts/${DEMO}/audit?category=nope`)).statusCode, 400);
  });

  it('exports the filtered trail as CSV and records the export', async () => {
    const res = await call(owner, 'GET', `/accounts/${DEMO}/audit/export?category=employees`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(res.body);
    assert.deepEqual(header, [...AUDIT_CSV_HEADER]);
    assert.ok(rows.length >= 2);
    assert.ok(
      rows.every((r) => r[2] === 'Employees'),
      JSON.stringify(rows),
    );
    assert.ok(rows.some((r) => r[1] === 'Role changed' && r[8] === 'employee to admin'));
    const recorded = await latest('auditExported');
    assert.equal(recorded?.detail, `${rows.length} ${rows.length === 1 ? 'event' : 'events'}, category Employees`);
  });
});
