import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FORGOT_PASSWORD_MESSAGE, INVALID_RESET_CODE_MESSAGE, PASSWORD_RESET_MESSAGE } from '@agency/contracts';
import { basicAuth, bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { readOutbox } from '../../providers/mail/local';
import { sealerFor } from '../../sealing/crypto';
import { RESET_MAILS_PER_HOUR } from './password-reset';

const outboxSealer = () => sealerFor(s.app.deps.config.dataDir);

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

// The page keeps each request's id and sends it back with the code; so do these cases.
const requests = new Map<string, string>();
const forgot = async (email: string, remoteAddress = '127.0.0.1') => {
  const res = await s.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { email } });
  if (res.statusCode === 200) requests.set(email.toLowerCase(), res.json().requestId);
  return res;
};
const verify = (email: string, code: string, password: string, requestId = requests.get(email.toLowerCase()), remoteAddress = '127.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/auth/forgot-password/verify', remoteAddress, payload: { email, code, password, requestId } });
/** A mailed link (or a welcome link) sends its token with no request. */
const verifyLink = (email: string, token: string, password: string, remoteAddress: string) =>
  s.app.inject({ method: 'POST', url: '/api/auth/forgot-password/verify', remoteAddress, payload: { email, code: token, password } });
const signInStatus = async (email: string, password: string, account: string = DEMO) =>
  (await s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email, password) }, payload: { account } })).statusCode;

async function latestMail(email: string): Promise<string> {
  const [mail] = (await readOutbox(s.db, outboxSealer(), { to: email, limit: 1 })).slice(-1);
  assert.ok(mail, `nothing mailed to ${email}`);
  return mail.body;
}
async function latestCode(email: string): Promise<string> {
  const code = (await latestMail(email)).match(/code is (\d+)\./)?.[1];
  assert.ok(code, `no code mailed to ${email}`);
  return code;
}
async function latestLinkToken(email: string): Promise<string> {
  const token = (await latestMail(email)).match(/\/forgot-password\/[0-9a-f-]{36}\/([A-Za-z0-9_-]{22})\?email=/)?.[1];
  assert.ok(token, `no link mailed to ${email}`);
  return token;
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

  it(`sends at most ${RESET_MAILS_PER_HOUR} mails an hour per email, answering the same`, async () => {
    for (let i = 0; i <= RESET_MAILS_PER_HOUR; i++) assert.equal((await forgot('admin@demo.test', `10.6.0.${i}`)).json().message, FORGOT_PASSWORD_MESSAGE);
    assert.equal((await readOutbox(s.db, outboxSealer(), { to: 'admin@demo.test', limit: 10 })).length, RESET_MAILS_PER_HOUR);
  });

  it('checks the new password', async () => {
    await forgot('owner@demo.test');
    const res = await verify('owner@demo.test', await latestCode('owner@demo.test'), 'short');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Password must be at least 8 characters' });
  });

  it('keeps the codes before a new one live until one is used, which spends them all', async () => {
    const first = await forgot('employee2@demo.test', '10.6.1.1');
    const firstCode = await latestCode('employee2@demo.test');
    const second = await forgot('employee2@demo.test', '10.6.1.1');
    const secondCode = await latestCode('employee2@demo.test');
    const ok = await verify('employee2@demo.test', firstCode, 'first-code-password', first.json().requestId, '10.6.1.1');
    assert.equal(ok.statusCode, 200, 'the first code still works after a second was sent');
    const spent = await verify('employee2@demo.test', secondCode, 'second-code-password', second.json().requestId, '10.6.1.1');
    assert.equal(spent.statusCode, 400, 'and spent the second');
    assert.equal(await signInStatus('employee2@demo.test', 'first-code-password'), 200);
  });

  it("lets no outsider block a person's reset: codes they ask for and wrong guesses from anywhere leave the person's own code working", async () => {
    await s.db.query(`delete from auth_failures where key like 'reset:%'`);
    const own = await forgot('owner@demo.test', '10.8.0.1');
    const ownCode = await latestCode('owner@demo.test');
    // An outsider asks for codes for the same email (and others of the agency) and guesses from many addresses.
    let n = 0;
    const from = () => `10.9.${Math.floor(n / 200)}.${n++ % 200}`;
    for (const email of ['owner@demo.test', 'admin@demo.test', 'employee@demo.test']) {
      for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) {
        const asked = await forgot(email, from());
        for (let t = 0; t < 5; t++) assert.equal((await verify(email, '99999999', 'taken-over-1', asked.json().requestId, from())).statusCode, 400);
        assert.equal((await verifyLink(email, '99999999', 'taken-over-1', from())).statusCode, 400);
      }
    }
    const ok = await verify('owner@demo.test', ownCode, 'owner-new-password', own.json().requestId, '10.8.0.1');
    assert.deepEqual([ok.statusCode, ok.json()], [200, { message: PASSWORD_RESET_MESSAGE }]);
    assert.equal(await signInStatus('owner@demo.test', 'owner-new-password'), 200);
  });

  it('mails a link that works from any device, which no wrong token or used-up allowance takes away', async () => {
    await s.db.query(`delete from auth_failures where key like 'reset:%'`);
    // An outsider uses up the person's mails for the hour: the last one still holds a live link.
    for (let i = 0; i <= RESET_MAILS_PER_HOUR; i++) await forgot('multi@demo.test', `10.7.0.${i}`);
    const token = await latestLinkToken('multi@demo.test');
    for (let i = 0; i < 20; i++) {
      // one character changed, never to itself (a token's last character is one of only four)
      const at = i % token.length;
      const wrongToken = `${token.slice(0, at)}${token[at] === 'x' ? 'y' : 'x'}${token.slice(at + 1)}`;
      const wrong = await verifyLink('multi@demo.test', wrongToken, 'taken-over-1', `10.7.1.${i}`);
      assert.equal(wrong.statusCode, 400);
    }
    const ok = await verifyLink('multi@demo.test', token, 'multi-new-password', '10.7.2.1');
    assert.deepEqual([ok.statusCode, ok.json()], [200, { message: PASSWORD_RESET_MESSAGE }]);
    assert.equal(await signInStatus('multi@demo.test', 'multi-new-password'), 200);
    assert.equal(await signInStatus('multi@demo.test', 'multi-new-password', SECOND), 200);
    assert.deepEqual(await s.db.query(`select 1 from password_resets p join users u on u.id = p.user_id where u.email = 'multi@demo.test'`), [], 'all spent');
    assert.equal((await verifyLink('multi@demo.test', token, 'another-password', '10.7.2.1')).statusCode, 400);
  });
});
