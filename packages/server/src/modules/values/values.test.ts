import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('smart values', () => {
  it('lists a key in order; choosing a new option creates it once', async () => {
    const [group] = (await call('GET', '/values?key=PolicyType')).json();
    assert.deepEqual(
      group.values.map((v: { value: string }) => v.value),
      ['Auto', 'Home', 'Health', 'Life', 'Commercial', 'Umbrella'],
    );
    const created = (await call('POST', '/values/PolicyType', { value: 'Pet' }, employee)).json();
    assert.deepEqual([created.value, created.position], ['Pet', 6]);
    const again = (await call('POST', '/values/PolicyType', { value: 'pet' }, employee)).json();
    assert.equal(again.id, created.id, 'an existing option is answered as is');
    assert.deepEqual((await call('GET', '/values?key=Unused')).json(), [{ key: 'Unused', values: [] }]);
    assert.equal((await call('POST', '/values/PolicyType', { value: '' })).statusCode, 400);
    assert.equal((await call('POST', '/values/bad key!', { value: 'x' })).statusCode, 400);
  });

  it('replaces a group in order (admins), deletes a value (admins), and keeps accounts apart', async () => {
    const [group] = (await call('GET', '/values?key=AffliateVia')).json();
    const [google, referral] = group.values;
    const body = {
      values: [{ id: referral.id, value: referral.value }, { id: google.id, value: google.value, newValue: 'Google Search' }, { value: 'Radio' }],
    };
    assert.equal((await call('POST', '/values/AffliateVia/___replace___', body, employee)).statusCode, 403);
    const replaced = (await call('POST', '/values/AffliateVia/___replace___', body)).json();
    assert.deepEqual(
      replaced.values.map((v: { value: string }) => v.value),
      ['Referral', 'Google Search', 'Radio'],
    );
    assert.equal((await call('POST', '/values/AffliateVia/___replace___', { values: [{ value: 'A' }, { value: 'a' }] })).statusCode, 409);
    assert.equal((await call('DELETE', `/values/${google.id}`, undefined, employee)).statusCode, 403);
    assert.equal((await call('DELETE', `/values/${google.id}`, undefined, other)).statusCode, 404);
    assert.deepEqual((await call('GET', '/values', undefined, other)).json(), []);
    assert.deepEqual((await call('DELETE', `/values/${google.id}`)).json(), { message: 'Value Deleted' });
    assert.equal((await call('DELETE', `/values/${google.id}`)).statusCode, 404);
  });
});
