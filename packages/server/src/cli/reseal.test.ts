import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { bearer, signIn, startTestServer, type TestServer } from '../testing/harness';
import { totpBinding } from '../modules/auth/totpSecrets';
import { createSealer, keyId, loadClientDataKey } from '../sealing/crypto';
import { sealedFieldBinding } from '../modules/clientStore/mapping';
import { recordBinding } from '../modules/clients/records/service';
import { resealAll } from './reseal';

let s: TestServer;
let clientId: string;

before(async () => {
  s = await startTestServer();
  const owner = await signIn(s.app, 'owner@demo.test');
  const call = (url: string, payload: object) => s.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(owner.token), payload });
  clientId = (await call('/clients', { firstName: 'Rota', lastName: 'Tion', ssn: '911-22-3333', dlId: 'ROT-1234' })).json().id;
  await call(`/clients/${clientId}/dependents`, { firstName: 'Kid', ssn: '922-33-4444' });
  await s.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'owner@demo.test' } });
});
after(() => s.close());

describe('key rotation', () => {
  it('seals everything again with the new key, after which the old key is no longer needed', async () => {
    const oldKey = loadClientDataKey(s.config.dataDir);
    const newKey = randomBytes(32);
    const counted = await resealAll(s.db, createSealer(newKey, [oldKey]));
    assert.deepEqual(
      [counted.clientSsns, counted.clientFields, counted.records, counted.mails > 0, counted.totpSecrets],
      // the client's licence and record, and the demo's dates of birth: six of people, one of a dependent
      [1, 1 + 6, 1 + 1, true, 1],
      JSON.stringify(counted),
    );

    const only = createSealer(newKey);
    const [c] = await s.db.query<{ ssn_enc: string; data: { dlId: string } }>('select ssn_enc, data from clients where id = $1', [clientId]);
    assert.ok(c.ssn_enc.startsWith(`v2:${keyId(newKey)}:`));
    assert.equal(only.open(c.ssn_enc, sealedFieldBinding(clientId, 'ssn')), '911-22-3333');
    assert.equal(only.open(c.data.dlId, sealedFieldBinding(clientId, 'dlId')), 'ROT-1234');
    const [r] = await s.db.query<{ id: string; secret: string }>('select id, secret from client_records where client_id = $1', [clientId]);
    assert.equal(JSON.parse(only.open(r.secret, recordBinding(r.id))).ssn, '922-33-4444');
    const [u] = await s.db.query<{ id: string; mfa_secret: string }>(`select id, mfa_secret from users where mfa_secret is not null`);
    assert.match(only.open(u.mfa_secret, totpBinding(u.id)), /^[A-Z2-7]+=*$/);

    const twice = await resealAll(s.db, createSealer(newKey, [oldKey]));
    assert.deepEqual(twice, { clientSsns: 0, clientFields: 0, records: 0, totpSecrets: 0, mails: 0 }, 'nothing is left on the old key');
  });
});
