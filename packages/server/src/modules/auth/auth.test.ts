import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, bearer, DEMO, DEMO_PASSWORD, demoUserId, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { hashToken } from '../../sealing/tokens';

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
    assert.deepEqual(
      res.json().accounts.map((a: { name: string }) => a.name),
      ['Demo Insurance Agency', 'Second Agency'],
    );
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
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('owner@demo.test', 'nope') },
      payload: { account: DEMO },
    });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Invalid email and password combination' });
  });

  it('refuses a user of one account signing in to another', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('owner@demo.test') },
      payload: { account: SECOND },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('sessions', () => {
  it('lasts 8 hours', async () => {
    const { expiresAt } = await signIn(s.app, 'employee@demo.test');
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3600_000;
    assert.ok(hours > 7.9 && hours <= 8, `expires in ${hours} h`);
  });

  it('a new desktop sign-in retires the older desktop session with "Session Invalid"', async () => {
    const first = await signIn(s.app, 'admin@demo.test');
    const second = await signIn(s.app, 'admin@demo.test');
    assert.notEqual(first.token, second.token);
    const old = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(first.token) });
    assert.equal(old.statusCode, 401);
    assert.deepEqual(old.json(), { message: 'Session Invalid' });
    const fresh = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second.token) });
    assert.equal(fresh.statusCode, 200);
  });

  it('a mobile sign-in leaves the desktop session alone, and retires the older mobile one', async () => {
    const desktop = await signIn(s.app, 'employee2@demo.test');
    const phone = await signIn(s.app, 'employee2@demo.test', DEMO, { device: 'mobile' });
    const res = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(desktop.token) });
    assert.equal(res.statusCode, 200);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(phone.token) })).statusCode, 200);
    await signIn(s.app, 'employee2@demo.test', DEMO, { device: 'mobile' });
    const old = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(phone.token) });
    assert.deepEqual([old.statusCode, old.json()], [401, { message: 'Session Invalid' }]);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(desktop.token) })).statusCode, 200);
  });

  it('an expired session answers "Session expired"', async () => {
    const { token } = await signIn(s.app, 'multi@demo.test');
    await s.db.query(`update sessions set expires_at = now() - interval '1 minute' where token_hash = $1`, [hashToken(token)]);
    const res = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Session expired' });
  });

  it('signs out', async () => {
    const { token } = await signIn(s.app, 'owner@second.test', SECOND);
    const out = await s.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(token) });
    assert.equal(out.statusCode, 200);
    const res = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    assert.equal(res.statusCode, 401);
  });

  it('refuses requests without a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/users/me' });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Unauthorized' });
  });
});

describe('unlock', () => {
  const unlock = (token: string, email: string, password = DEMO_PASSWORD, account: string = DEMO) =>
    s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth(email, password), 'x-unlock': token },
      payload: { account },
    });

  it('returns the same session: same token, nothing revoked', async () => {
    const session = await signIn(s.app, 'owner@demo.test');
    const res = await unlock(session.token, 'owner@demo.test');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.token, session.token);
    assert.equal(body.expiresAt, session.expiresAt);
    assert.equal(body.user.email, 'owner@demo.test');
    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.token) });
    assert.equal(me.statusCode, 200);
    const [{ count }] = await s.db.query<{ count: number }>(`select count(*)::int as count from sessions where user_id = $1 and revoked_at is null`, [
      session.user.id,
    ]);
    assert.equal(count, 1);
  });

  it('refuses a wrong password with the server message, and the session stays', async () => {
    const session = await signIn(s.app, 'owner@demo.test');
    const res = await unlock(session.token, 'owner@demo.test', 'wrong-password');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Invalid email and password combination' });
    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.token) });
    assert.equal(me.statusCode, 200);
  });

  it("refuses another user's right credentials", async () => {
    const session = await signIn(s.app, 'owner@demo.test');
    const res = await unlock(session.token, 'admin@demo.test');
    assert.equal(res.statusCode, 401);
    const other = await unlock(session.token, 'multi@demo.test', DEMO_PASSWORD, SECOND);
    assert.equal(other.statusCode, 401);
  });

  it('refuses a superseded session', async () => {
    const old = await signIn(s.app, 'owner@demo.test');
    await signIn(s.app, 'owner@demo.test');
    const res = await unlock(old.token, 'owner@demo.test');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Session Invalid' });
  });

  it("keeps a ghost: the admin's own password unlocks it", async () => {
    const admin = await signIn(s.app, 'admin@demo.test');
    const ghost = await s.app.inject({ method: 'POST', url: `/api/users/${demoUserId('employee@demo.test')}/ghost`, headers: bearer(admin.token) });
    assert.equal(ghost.statusCode, 200);
    const res = await unlock(admin.token, 'admin@demo.test');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().user.email, 'employee@demo.test');
    assert.equal(res.json().ghostedBy.email, 'admin@demo.test');
    assert.equal((await unlock(admin.token, 'employee@demo.test')).statusCode, 401);
  });
});
