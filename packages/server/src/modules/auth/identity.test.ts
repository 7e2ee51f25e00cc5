import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES, IDENTITY_MESSAGES } from '@agency/contracts';
import { bearer, DEMO, DEMO_PASSWORD, signIn, startTestServer, totpCode, type SignedIn, type TestServer } from '../../testing/harness';

/*
 * Turning MFA off, setting it up again and changing one's own email need the person themselves:
 * the current password, and the current code when MFA is on. The old address is told.
 */

let s: TestServer;
let employee: SignedIn;
let secret = '';

before(async () => {
  s = await startTestServer();
  employee = await signIn(s.app, 'employee@demo.test');
});
after(() => s.close());

const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, token: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
const mailsTo = async (address: string) =>
  (await s.db.query<{ subject: string; body: string }>('select subject, body from mail_outbox where to_address = $1 order by created_at', [address])).map(
    (m) => m.subject,
  );

describe('setting MFA up, and up again', () => {
  it('sets it up the first time without a password', async () => {
    const init = await call('POST', '/auth/mfa/init', employee.token);
    assert.equal(init.statusCode, 200);
    secret = init.json().code;
    assert.equal((await call('POST', '/auth/mfa/verify', employee.token, { code: totpCode(secret) })).statusCode, 200);
  });

  it('needs the current password and code to set it up again', async () => {
    const bare = await call('POST', '/auth/mfa/init', employee.token);
    assert.deepEqual([bare.statusCode, bare.json().message], [400, IDENTITY_MESSAGES.passwordNeeded]);
    const wrong = await call('POST', '/auth/mfa/init', employee.token, { currentPassword: 'not-it', currentCode: totpCode(secret, 1) });
    assert.deepEqual([wrong.statusCode, wrong.json().message], [400, IDENTITY_MESSAGES.wrongPassword]);
    const noCode = await call('POST', '/auth/mfa/init', employee.token, { currentPassword: DEMO_PASSWORD });
    assert.deepEqual([noCode.statusCode, noCode.json().message], [400, IDENTITY_MESSAGES.codeNeeded]);
    const again = await call('POST', '/auth/mfa/init', employee.token, { currentPassword: DEMO_PASSWORD, currentCode: totpCode(secret, 1) });
    assert.equal(again.statusCode, 200);
    assert.notEqual(again.json().code, secret, 'a new secret is offered');
  });
});

describe('turning MFA off', () => {
  it('refuses a code already used, then turns it off with fresh ones and tells the address', async () => {
    const reused = await call('DELETE', '/auth/mfa', employee.token, { currentPassword: DEMO_PASSWORD, currentCode: totpCode(secret, 1) });
    assert.deepEqual([reused.statusCode, reused.json().message], [400, AUTH_MESSAGES.invalidCode]);
    // The session still works: a refusal here never signs the person out.
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(employee.token) })).statusCode, 200);
    // A minute later, the next code is fresh: a wrong password still refuses it, the right one turns MFA off.
    await s.db.query("update users set mfa_last_step = null where email = 'employee@demo.test' and account_id = $1", [DEMO]);
    const wrong = await call('DELETE', '/auth/mfa', employee.token, { currentPassword: 'not-it', currentCode: totpCode(secret) });
    assert.deepEqual([wrong.statusCode, wrong.json().message], [400, IDENTITY_MESSAGES.wrongPassword]);
    const off = await call('DELETE', '/auth/mfa', employee.token, { currentPassword: DEMO_PASSWORD, currentCode: totpCode(secret) });
    assert.equal(off.statusCode, 200, off.body);
    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(employee.token) });
    assert.equal(me.json().user.mfaEnabled, false);
    assert.ok((await mailsTo('employee@demo.test')).includes('Multi-factor authentication was turned off'));
  });

  it('is refused to a super user, whose MFA is required', async () => {
    const sup = await signIn(s.app, 'super@demo.test', DEMO, { code: totpCode() });
    const res = await call('DELETE', '/auth/mfa', sup.token, { currentPassword: DEMO_PASSWORD, currentCode: totpCode(undefined, 1) });
    assert.deepEqual([res.statusCode, res.json().message], [403, IDENTITY_MESSAGES.mfaStillRequired]);
  });
});

describe('changing an email', () => {
  it('needs the current password for your own, and tells the old address', async () => {
    const id = employee.user.id;
    const bare = await call('PUT', `/users/${id}`, employee.token, { email: 'emily.new@demo.test' });
    assert.deepEqual([bare.statusCode, bare.json().message], [400, IDENTITY_MESSAGES.passwordNeeded]);
    const ok = await call('PUT', `/users/${id}`, employee.token, { email: 'emily.new@demo.test', currentPassword: DEMO_PASSWORD });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().email, 'emily.new@demo.test');
    assert.ok((await mailsTo('employee@demo.test')).includes('Your sign-in email was changed'));
    // Other fields need nothing more.
    assert.equal((await call('PUT', `/users/${id}`, employee.token, { firstName: 'Emily' })).statusCode, 200);
  });

  it("tells the old address when an admin changes someone else's", async () => {
    const admin = await signIn(s.app, 'admin@demo.test');
    const other = await signIn(s.app, 'employee2@demo.test');
    const res = await call('PUT', `/users/${other.user.id}`, admin.token, { email: 'second.new@demo.test' });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok((await mailsTo('employee2@demo.test')).includes('Your sign-in email was changed'));
  });
});

describe('guessing the current password from a session', () => {
  it('shares one limit per person across the email change, turning MFA off and the password change', async () => {
    const admin = await signIn(s.app, 'admin@demo.test');
    const id = admin.user.id;
    const guesses = [
      () => call('PUT', `/users/${id}`, admin.token, { email: 'taken.over@demo.test', currentPassword: 'guess-1' }),
      () => call('DELETE', '/auth/mfa', admin.token, { currentPassword: 'guess-2' }),
      () => call('PUT', `/users/${id}/password`, admin.token, { currentPassword: 'guess-3', password: 'taken-over-1' }),
      () => call('PUT', `/users/${id}`, admin.token, { email: 'taken.over@demo.test', currentPassword: 'guess-4' }),
      () => call('DELETE', '/auth/mfa', admin.token, { currentPassword: 'guess-5' }),
    ];
    for (const guess of guesses) assert.equal((await guess()).statusCode, 400);
    // The sixth, on any of them, is refused before the password is looked at: the right one too.
    for (const refused of [
      await call('PUT', `/users/${id}`, admin.token, { email: 'taken.over@demo.test', currentPassword: DEMO_PASSWORD }),
      await call('DELETE', '/auth/mfa', admin.token, { currentPassword: DEMO_PASSWORD }),
      await call('PUT', `/users/${id}/password`, admin.token, { currentPassword: DEMO_PASSWORD, password: 'taken-over-1' }),
    ]) {
      assert.deepEqual([refused.statusCode, refused.json()], [429, { message: AUTH_MESSAGES.tooManyAttempts }]);
    }
    const [row] = await s.db.query<{ email: string }>('select email from users where id = $1', [id]);
    assert.equal(row?.email, 'admin@demo.test');
    // Once the window is over, the person's own password works and clears the count.
    await s.db.query(`update auth_failures set window_start = now() - interval '16 minutes' where key = $1`, [`cp:${id}`]);
    const ok = await call('PUT', `/users/${id}/password`, admin.token, { currentPassword: DEMO_PASSWORD, password: 'admin-password-2' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(await s.db.query('select key from auth_failures where key = $1', [`cp:${id}`]), []);
  });
});
