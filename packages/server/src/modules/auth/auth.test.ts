import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

describe('auth', () => {
  it('answers the health check', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/healthcheck' });
    assert.deepEqual(res.json(), { message: 'OK' });
  });

  it('lists the accounts of an email', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/check/multi@demo.test' });
    assert.deepEqual(res.json().accounts.map((a: { name: string }) => a.name), ['Demo Insurance Agency', 'Second Agency']);
  });

  it('signs in and reads /users/me', async () => {
    const { token, user } = await signIn(s.app, 'owner@demo.test');
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    assert.equal(me.statusCode, 200);
    const me_ = me.json().user;
    assert.deepEqual([me_.id, me_.role, me_.email], [user.id, 'owner', 'owner@demo.test']);
  });

  it('refuses a wrong password with the catalogue message', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth('owner@demo.test', 'nope') }, payload: { account: DEMO } });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Invalid email and password combination' });
  });

  it('refuses a user of one account signing in to another', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth('owner@demo.test') }, payload: { account: SECOND } });
    assert.equal(res.statusCode, 401);
  });
});
