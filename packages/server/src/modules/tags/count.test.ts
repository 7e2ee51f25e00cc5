import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';

let s: TestServer;
let owner: string;
let admin: string;
let employee: string;
let other: string;

const count = (q: unknown, token = owner) =>
  s.app.inject({
    method: 'POST',
    url: '/api/tags/count',
    headers: bearer(token),
    payload: { queryObj: { mongodb: typeof q === 'string' ? q : JSON.stringify(q), isValid: true } },
  });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  admin = (await signIn(s.app, 'admin@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('POST /tags/count', () => {
  it('counts the clients a query matches, as the saved tag would', async () => {
    const texas = { addresses: { $elemMatch: { state: 'TX' } } };
    assert.deepEqual((await count(texas)).json(), { count: 2 });
    assert.deepEqual((await count({ 'addresses.state': { $eq: 'tx' } }, admin)).json(), { count: 2 }, 'text equality ignores case');
    assert.deepEqual((await count({ $and: [{ 'addresses.state': 'TX' }, { 'addresses.city': 'Austin' }] })).json(), { count: 1 });
    assert.deepEqual((await count({ firstName: 'Nobody' })).json(), { count: 0 });
    const saved = (
      await s.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: bearer(owner),
        payload: { name: 'TX preview', queryObj: { mongodb: JSON.stringify(texas), isValid: true } },
      })
    ).json();
    assert.equal(saved.assigned, 2);
  });

  it('refuses invalid queries with the reason', async () => {
    const res = await count({ password: 'x' });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /unknown field password/);
    assert.equal((await count('{oops')).statusCode, 400);
    const missing = await s.app.inject({ method: 'POST', url: '/api/tags/count', headers: bearer(owner), payload: {} });
    assert.equal(missing.statusCode, 400);
  });

  it('is for admin roles, and counts only the caller account', async () => {
    assert.equal((await count({ firstName: 'James' }, employee)).statusCode, 403);
    const noAuth = await s.app.inject({ method: 'POST', url: '/api/tags/count', payload: { queryObj: { mongodb: '{}', isValid: true } } });
    assert.equal(noAuth.statusCode, 401);
    const mine = (await count({})).json().count;
    const theirs = (await count({}, other)).json().count;
    assert.ok(mine > 2);
    assert.notEqual(mine, theirs);
    assert.deepEqual((await count({ 'addresses.state': 'TX' }, other)).json(), { count: 0 });
  });
});
