import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { bearer, DEMO_SUPER_TOTP_SECRET, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';

/*
 * Sensitive fields are sealed at rest: a read of every table finds none of them, answers carry
 * them masked, and each is revealed one field at a time, recorded in the activity and the audit
 * trail. A sealed value copied to another row does not open there.
 */
let s: TestServer;
let owner: SignedIn;

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

const SECRETS = {
  ssn: '901-23-4567',
  coSSN: '902-34-5678',
  dlId: 'D55501234',
  coDlId: 'D55505678',
  healthMemberId: 'MEMB-771234',
  coHealthMemberId: 'MEMB-775678',
  healthMBI: '1EG4TE5MK73',
  coHealthMBI: '2FH5UF6NL84',
  healthMedicaid: 'MCD-661234',
  coHealthMedicaid: 'MCD-665678',
  immigrantCardNumber: 'IOE0912345678',
  coImmigrantCardNumber: 'IOE0987654321',
  dob: '05/17/1961',
  coDOB: '11/23/1963',
};
const DEPENDENT = { ssn: '903-45-6789', dlId: 'DEP-DL-4455', dob: '09/30/2011' };
/** Birth dates the demo seed wrote readable, sealed when the server started. */
const SEEDED = { carterDob: '04/12/1958', emilyCarterDob: '06/02/2007' };
const isoOf = (us: string) => `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
const BANK = { account: '000123456789', routing: '121000358' };

async function everyTable(): Promise<string> {
  const tables = await s.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let dump = '';
  for (const { table_name } of tables) dump += JSON.stringify(await s.db.query(`select * from "${table_name}"`));
  return dump;
}

let clientId: string;
let dependentId: string;

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  const created = await call(owner, 'POST', '/clients', { firstName: 'Sealed', lastName: 'Person', coFirstName: 'Co', coLastName: 'Person', ...SECRETS });
  assert.equal(created.statusCode, 201, created.body);
  clientId = created.json().id;
  const dep = await call(owner, 'POST', `/clients/${clientId}/dependents`, { firstName: 'Kid', lastName: 'Person', ...DEPENDENT });
  assert.equal(dep.statusCode, 201, dep.body);
  dependentId = dep.json().id;
  const bank = await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, { type: 'checking', ...BANK });
  assert.equal(bank.statusCode, 201, bank.body);
  // The owner sets up MFA: the new secret is sealed too.
  const init = await call(owner, 'POST', '/auth/mfa/init');
  const secret = init.json().code as string;
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  assert.equal((await call(owner, 'POST', '/auth/mfa/verify', { code })).statusCode, 200);
  Object.assign(SECRETS, { ownerTotp: secret });
});
after(() => s.close());

describe('sealed fields', () => {
  it('are nowhere readable in the database (TOTP secrets, the seeded one too, included)', async () => {
    const dump = await everyTable();
    for (const [name, value] of Object.entries({ ...SECRETS, ...DEPENDENT, ...BANK, ...SEEDED, superTotp: DEMO_SUPER_TOTP_SECRET })) {
      assert.ok(!dump.includes(value), `${name} is readable in the database`);
      if (/^\d{2}\/\d{2}\/\d{4}$/.test(value)) assert.ok(!dump.includes(isoOf(value)), `${name} is readable in the database as a date`);
      const digits = value.replace(/\D/g, '');
      if (digits.length >= 9) assert.ok(!dump.includes(digits), `${name}'s digits are readable in the database`);
    }
  });

  it('are masked in every answer, keeping the last four', async () => {
    const c = (await call(owner, 'GET', `/clients/${clientId}`)).json();
    assert.deepEqual(
      [c.ssn, c.coSSN, c.dlId, c.coDlId, c.healthMBI, c.coImmigrantCardNumber],
      ['***-**-4567', '***-**-5678', '****1234', '****5678', '****MK73', '****4321'],
    );
    assert.deepEqual([c.dob, c.coDOB], ['**/**/1961', '**/**/1963'], 'dates of birth show only their year');
    assert.ok(c.age > 60 && c.coAge > 60, 'the ages are worked out from the sealed dates');
    const full = (await call(owner, 'GET', `/clients/${clientId}/full`)).body;
    const list = (await call(owner, 'GET', '/clients?search=Sealed')).body;
    const csv = (await call(owner, 'GET', '/clients/export')).body;
    for (const body of [full, list, csv]) for (const value of [...Object.values(SECRETS), ...Object.values(DEPENDENT)]) assert.ok(!body.includes(value), value);
    const [dep] = (await call(owner, 'GET', `/clients/${clientId}/dependents`)).json();
    assert.deepEqual([dep.ssn, dep.dlId, dep.dob], ['***-**-6789', '****4455', '**/**/2011']);
  });

  it('a masked value sent back changes nothing; a new value replaces the sealed one', async () => {
    const saved = (await call(owner, 'PUT', `/clients/${clientId}`, { dlId: '****1234', dob: '**/**/1961', firstName: 'Sealed' })).json();
    assert.deepEqual([saved.dlId, saved.dob], ['****1234', '**/**/1961']);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/reveal`, { field: 'dob' })).json().value, SECRETS.dob);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/reveal`, { field: 'dlId' })).json().value, SECRETS.dlId);
  });

  it('are revealed one field at a time, each reveal recorded', async () => {
    for (const field of ['coDlId', 'healthMBI', 'coHealthMedicaid', 'immigrantCardNumber', 'coDOB'] as const) {
      const res = await call(owner, 'POST', `/clients/${clientId}/reveal`, { field });
      assert.equal(res.json().value, SECRETS[field]);
    }
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/dependents/${dependentId}/reveal`, { field: 'dlId' })).json().value, DEPENDENT.dlId);
    const feed = (await call(owner, 'GET', `/clients/${clientId}/activity?limit=10`)).json() as Array<{ note: string }>;
    assert.ok(feed.some((e) => e.note === "Olivia Owens revealed the Driver's license of dependent Kid Person"));
    assert.ok(feed.some((e) => e.note === 'Olivia Owens revealed the MBI of the primary'));
    assert.ok(feed.some((e) => e.note === 'Olivia Owens revealed the Medicaid of the secondary'));
    assert.ok(feed.some((e) => e.note === 'Olivia Owens revealed the Date of birth of the secondary'));
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/dependents/${dependentId}/reveal`, { field: 'dob' })).json().value, DEPENDENT.dob);
    const audit = await s.db.query<{ detail: string }>(`select detail from audit_events where action = 'fieldRevealed' and target_id = $1`, [clientId]);
    assert.ok(audit.some((r) => r.detail === 'Card number of the primary'));
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/reveal`, { field: 'firstName' })).statusCode, 400, 'only sealed fields');
  });

  it('do not open in another row: a copied ciphertext (identity number or SSN) is refused', async () => {
    const other = (await call(owner, 'POST', '/clients', { firstName: 'Other', lastName: 'Row', dlId: 'X0000' })).json();
    await s.db.query(`update clients set data = jsonb_set(data, '{dlId}', (select data->'dlId' from clients where id = $1)) where id = $2`, [
      clientId,
      other.id,
    ]);
    const refusal = { message: 'This value was not sealed for this record, so it cannot be opened here.' };
    const res = await call(owner, 'POST', `/clients/${other.id}/reveal`, { field: 'dlId' });
    assert.deepEqual([res.statusCode, res.json()], [409, refusal], 'a clear refusal, not a fault of the server');
    assert.ok(!res.body.includes(SECRETS.dlId));
    await s.db.query('update clients set ssn_enc = (select ssn_enc from clients where id = $1) where id = $2', [clientId, other.id]);
    const ssn = await call(owner, 'POST', `/clients/${other.id}/reveal`, { field: 'ssn' });
    assert.deepEqual([ssn.statusCode, ssn.json()], [409, refusal]);
    assert.ok(!ssn.body.includes(SECRETS.ssn));
  });

  it('a dependent copied to a split-off contact has its numbers sealed again for the copy', async () => {
    const res = await call(owner, 'PUT', `/clients/${clientId}/split`, { type: 'secondary', items: { dependents: { [dependentId]: 'copy' } } });
    assert.equal(res.statusCode, 200, res.body);
    const { newClient } = res.json();
    const [copy] = (await call(owner, 'GET', `/clients/${newClient.id}/dependents`)).json();
    assert.notEqual(copy.id, dependentId);
    assert.equal((await call(owner, 'POST', `/clients/${newClient.id}/dependents/${copy.id}/reveal`, { field: 'ssn' })).json().value, DEPENDENT.ssn);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/dependents/${dependentId}/reveal`, { field: 'dlId' })).json().value, DEPENDENT.dlId);
    // The secondary's SSN moved with them, sealed for the new row.
    assert.equal((await call(owner, 'POST', `/clients/${newClient.id}/reveal`, { field: 'ssn' })).json().value, SECRETS.coSSN);
  });
});
