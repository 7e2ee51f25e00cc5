import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, bearer, DEMO, DEMO_SUPER_TOTP_SECRET, signIn, startTestServer, totpCode, type TestServer } from '../../testing/harness';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

const signInWith = (email: string, code?: string) =>
  s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email) }, payload: { account: DEMO, ...(code ? { code } : {}) } });

describe('MFA sign-in (super@demo.test, secret JBSWY3DPEHPK3PXP)', () => {
  it('asks for the code after the right password', async () => {
    const res = await signInWith('super@demo.test');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: '2fa required' });
  });

  it('refuses a wrong code', async () => {
    const wrong = String((Number(totpCode()) + 1) % 1_000_000).padStart(6, '0');
    const res = await signInWith('super@demo.test', wrong);
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Invalid code' });
  });

  it('signs in with the current code, refuses the same code again, takes the next one', async () => {
    const code = totpCode(DEMO_SUPER_TOTP_SECRET);
    const first = await signInWith('super@demo.test', code);
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().user.role, 'super');
    assert.equal(first.json().mfaSetupRequired, false);

    const reused = await signInWith('super@demo.test', code);
    assert.equal(reused.statusCode, 401);
    assert.deepEqual(reused.json(), { message: 'Invalid code' });

    const next = await signInWith('super@demo.test', totpCode(DEMO_SUPER_TOTP_SECRET, 1));
    assert.equal(next.statusCode, 200);
  });
});

describe('MFA setup', () => {
  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/init' });
    assert.equal(res.statusCode, 401);
  });

  it('refuses verify before init', async () => {
    const { token } = await signIn(s.app, 'employee2@demo.test');
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', headers: bearer(token), payload: { code: '123456' } });
    assert.equal(res.statusCode, 400);
  });

  it('inits a pending secret, verifies it, and then sign-in needs a code used once', async () => {
    const { token, user } = await signIn(s.app, 'employee@demo.test');
    const init = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/init', headers: bearer(token) });
    assert.equal(init.statusCode, 200);
    const { url, code: secret } = init.json();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.ok(url.startsWith('otpauth://totp/'), url);
    assert.ok(url.includes(`secret=${secret}`));
    assert.ok(url.includes('employee%40demo.test'));

    // Pending only: MFA is still off, sign-in needs no code yet.
    assert.equal((await signInWith('employee@demo.test')).statusCode, 200);
    const { token: token2 } = await signIn(s.app, 'employee@demo.test');

    const bad = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', headers: bearer(token2), payload: { code: '000000' } });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), { message: 'Invalid code' });
    const badShape = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', headers: bearer(token2), payload: { code: '12' } });
    assert.equal(badShape.statusCode, 400);

    const events: string[] = [];
    const off = s.events.on('userUpdated', ({ user: u }) => void events.push(`${u.id}:${u.mfaEnabled}`));
    const code = totpCode(secret);
    const ok = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', headers: bearer(token2), payload: { code } });
    off();
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(events, [`${user.id}:true`]);

    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token2) });
    assert.equal(me.json().user.mfaEnabled, true);

    assert.deepEqual((await signInWith('employee@demo.test')).json(), { message: '2fa required' });
    // The code that turned MFA on is spent.
    assert.equal((await signInWith('employee@demo.test', code)).statusCode, 401);
    assert.equal((await signInWith('employee@demo.test', totpCode(secret, 1))).statusCode, 200);
  });

  it('asks for setup when the account requires MFA', async () => {
    await s.db.query('update accounts set mfa_required = true where id = $1', [DEMO]);
    try {
      const session = await signIn(s.app, 'admin@demo.test');
      assert.equal(session.user.mfaEnabled, false);
      assert.equal(session.mfaSetupRequired, true);
    } finally {
      await s.db.query('update accounts set mfa_required = false where id = $1', [DEMO]);
    }
  });
});
