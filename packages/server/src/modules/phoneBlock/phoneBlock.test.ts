import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { isBlocked } from './routes';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('blocked numbers', () => {
  it('blocks an 11-digit number (plus sign removed) with a reason, newest first', async () => {
    const res = await call('POST', '/phone/block', { phoneNumber: '+1-512-555-0100', reason: 'Spam calls' }, employee);
    assert.equal(res.statusCode, 201);
    assert.deepEqual([res.json().phoneNumber, res.json().reason, res.json().addedBy.firstName], ['15125550100', 'Spam calls', 'Emma']);
    await call('POST', '/phone/block', { phoneNumber: '15125550101' });
    assert.deepEqual(
      (await call('GET', '/phone/block?sort=-createdAt')).json().map((b: { phoneNumber: string }) => b.phoneNumber),
      ['15125550101', '15125550100'],
    );
    assert.equal(await isBlocked(s.db, '00000000-0000-4000-8000-000000000001', '+15125550100'), true);
    assert.equal((await call('POST', '/phone/block', { phoneNumber: '15125550100' })).statusCode, 409);
    assert.equal((await call('POST', '/phone/block', { phoneNumber: '5125550100' })).json().message, '11 digits (ie; 12223334444)');
  });

  it('removes a block (admins) and keeps accounts apart', async () => {
    const [b] = (await call('GET', '/phone/block')).json();
    assert.deepEqual((await call('GET', '/phone/block', undefined, other)).json(), []);
    assert.equal((await call('DELETE', `/phone/block/${b.id}`, undefined, other)).statusCode, 404);
    assert.equal((await call('DELETE', `/phone/block/${b.id}`, undefined, employee)).statusCode, 403);
    assert.equal((await call('DELETE', `/phone/block/${b.id}`)).statusCode, 200);
  });
});
