import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGE, INVALID_RESET_CODE_MESSAGE, PASSWORD_RESET_MESSAGE } from '@agency/contracts';
import { basicAuth, bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { readOutbox } from '../../providers/mail/local';
import { sealerFor } from '../../sealing/crypto';
import { RESET_FAILURES_PER_ACCOUNT } from './password-reset';
import { hashPassword } from './service';

const outboxSealer = () => sealerFor(s.app.deps.config.dataDir);

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

// The page keeps each request's id and sends it back with the code; so do these cases.
const requests = new Map<string, string>();
const forgot = async (email: string) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  if (res.statusCode === 200) requests.set(email.toLowerCase(), res.json().requestId);
  return res;
};
const verify = (email: string, code: string, password: string, requestId = requests.get(email.toLowerCase())) =>
  s.app.inject({ method: 'POST', url: '/api/auth/forgot-password/verify', payload: { email, code, password, requestId } });
const signInStatus = async (email: string, password: string, account: string = DEMO) =>
  (await s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email, password) }, payload: { account } })).statusCode;

async function latestCode(email: string): Promise<string> {
  const [mail] = (await readOutbox(s.db, outboxSealer(), { to: email, limit: 1 })).slice(-1);
  const code = mail?.body.match(/code is (\d+)\./)?.[1];
  assert.ok(code, `no code mailed to ${email}`);
  return code;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

describe('forgot password', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await forgot('nobody@demo.test');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, FORGOT_PASSWORD_MESSAGE);
    assert.match(res.json().requestId, /^[A-Za-z0-9_-]{22}$/, 'a request id all the same');
    assert.equal((await readOutbox(s.db, outboxSealer(), { to: 'nobody@demo.test' })).length, 0);
  });

  it('mails a code of 8 digits, and refuses a code of 4 as not a code', async () => {
    await forgot('owner@demo.test');
    const code = await latestCode('owner@demo.test');
    assert.match(code, /^\d{8}$/);
    const short = await verify('owner@demo.test', code.slice(0, 4), 'brand-new-password');
    assert.deepEqual([short.statusCode, short.json()], [400, { message: 'Enter the 8-digit code' }]);
    assert.match(FORGOT_PASSWORD_MESSAGE, /an 8-digit code is on its way/);
    await s.db.query(`delete from password_resets`); // the next cases count the stored codes
  });

  it('validates the email', async () => {
    const res = await forgot('not-an-email');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Enter a valid email address' });
  });

  it('mails one code that resets every user of the email and ends their sessions', async () => {
    const demoSession = await signIn(s.app, 'multi@demo.test');
    const secondSession = await signIn(s.app, 'multi@demo.test', SECOND);

    const res = await forgot('MULTI@demo.test');
    assert.equal(res.json().message, FORGOT_PASSWORD_MESSAGE);
    const mails = await readOutbox(s.db, outboxSealer(), { to: 'multi@demo.test' });
    assert.equal(mails.length, 1);
    assert.match(mails[0].body, /Demo Insurance Agency/);
    assert.match(mails[0].body, /Second Agency/);
    const code = await latestCode('multi@demo.test');
    const [row] = await s.db.query<{ body: string }>(`select body from mail_outbox where to_address = 'MULTI@demo.test' or to_address = 'multi@demo.test'`);
    assert.ok(row && !row.body.includes(code) && row.body.startsWith('v2:'), 'the outbox table keeps the mail sealed');
    const stored = await s.db.query<{ code_hash: string }>('select code_hash from password_resets');
    assert.equal(stored.length, 2);
    assert.ok(stored.every((r) => r.code_hash.startsWith('$argon2id$') && !r.code_hash.includes(code)));

    // The right code is worth nothing without its own request.
    for (const other of [undefined, 'bm90LXRoZS1yZXF1ZXN0LWlk']) {
      const unbound = await s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password/verify',
        payload: { email: 'multi@demo.test', code, password: 'brand-new-password', requestId: other },
      });
      assert.deepEqual([unbound.statusCode, unbound.json()], [400, { message: INVALID_RESET_CODE_MESSAGE }]);
    }
    const bad = await verify('multi@demo.test', wrongCode(code), 'brand-new-password');
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), { message: INVALID_RESET_CODE_MESSAGE });

    const ok = await verify('multi@demo.test', code, 'brand-new-password');
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { message: PASSWORD_RESET_MESSAGE });

    assert.equal(await signInStatus('multi@demo.test', 'demo-password'), 401);
    assert.equal(await signInStatus('multi@demo.test', 'brand-new-password'), 200);
    assert.equal(await signInStatus('multi@demo.test', 'brand-new-password', SECOND), 200);
    for (const old of [demoSession, secondSession]) {
      assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(old.token) })).statusCode, 401);
    }
    // Spent.
    assert.equal((await verify('multi@demo.test', code, 'another-password')).statusCode, 400);
  });

  it('allows 5 attempts per code', async () => {
    await forgot('employee@demo.test');
    const code = await latestCode('employee@demo.test');
    for (let i = 0; i < 5; i++) assert.equal((await verify('employee@demo.test', wrongCode(code), 'brand-new-password')).statusCode, 400);
    assert.equal((await verify('employee@demo.test', code, 'brand-new-password')).statusCode, 400);
    assert.equal(await signInStatus('employee@demo.test', 'demo-password'), 200);
  });

  it('expires a code after 15 minutes', async () => {
    await forgot('employee2@demo.test');
    const code = await latestCode('employee2@demo.test');
    const [{ minutes }] = await s.db.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - now()) / 60)::int as minutes from password_resets p join users u on u.id = p.user_id where u.email = 'employee2@demo.test'`,
    );
    assert.equal(minutes, 15);
    await s.db.query(`update password_resets set expires_at = now() - interval '1 second'`);
    assert.equal((await verify('employee2@demo.test', code, 'brand-new-password')).statusCode, 400);
  });

  it('sends at most 3 codes an hour per email, answering the same', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await forgot('admin@demo.test')).json().message, FORGOT_PASSWORD_MESSAGE);
    assert.equal((await readOutbox(s.db, outboxSealer(), { to: 'admin@demo.test', limit: 10 })).length, 3);
  });

  it('checks the new password', async () => {
    await forgot('owner@demo.test');
    const res = await verify('owner@demo.test', await latestCode('owner@demo.test'), 'short');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Password must be at least 8 characters' });
  });

  it("pauses an agency's codes after 20 wrong ones in an hour, from any address and email, and tells the person", async () => {
    const people = await s.db.query<{ id: string; email: string }>(
      `select id, email from users where account_id = $1 and deleted_at is null and role <> 'super' order by email limit 5`,
      [DEMO],
    );
    assert.equal(people.length, 5);
    await s.db.query(`delete from auth_failures where key = $1`, [`resetfail:${DEMO}`]); // the earlier cases' wrong codes
    const hash = await hashPassword('12345678');
    for (const p of people) {
      await s.db.query(
        `insert into password_resets (user_id, account_id, code_hash, attempts, expires_at) values ($1, $2, $3, 0, now() + interval '15 minutes')
         on conflict (user_id) do update set code_hash = excluded.code_hash, request_hash = null, attempts = 0, expires_at = excluded.expires_at`,
        [p.id, DEMO, hash],
      );
    }
    let n = 0;
    const from = () => `10.9.${Math.floor(n / 200)}.${n++ % 200}`;
    const guess = (email: string, code: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password/verify',
        remoteAddress: from(),
        payload: { email, code, password: 'brand-new-password' },
      });
    for (let i = 0; i < RESET_FAILURES_PER_ACCOUNT; i++) {
      const res = await guess(people[i % 4]!.email, '99999999');
      assert.equal(res.statusCode, 400, `guess ${i + 1}`);
    }
    const last = people[(RESET_FAILURES_PER_ACCOUNT - 1) % 4]!.email;
    const [told] = await readOutbox(s.db, outboxSealer(), { to: last, limit: 1 });
    assert.equal(told?.subject, 'Password resets paused for an hour');
    const refused = await guess(people[4]!.email, '12345678');
    assert.deepEqual([refused.statusCode, refused.json()], [429, { message: AUTH_MESSAGES.tooManyAttempts }]);
    assert.equal(await signInStatus(people[4]!.email, 'brand-new-password'), 401, 'the right code did nothing while paused');
    await s.db.query(`delete from auth_failures where key = $1`, [`resetfail:${DEMO}`]);
    assert.equal((await guess(people[4]!.email, '12345678')).statusCode, 200, 'after the hour the right code works');
  });
});
