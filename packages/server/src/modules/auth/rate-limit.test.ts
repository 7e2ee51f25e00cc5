import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES } from '@agency/contracts';
import { basicAuth, DEMO, SECOND, startTestServer, type TestServer } from '../../testing/harness';
import { parseTrustProxy } from '../../config';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

const attempt = (from: string, email: string, password?: string, server = s, account: string = DEMO) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth',
    remoteAddress: from,
    headers: { authorization: basicAuth(email, password) },
    payload: { account },
  });

describe('sign-in rate limits', () => {
  // Each case starts with the people's own counts empty (the cases fail often into the same people).
  beforeEach(() => s.db.query(`delete from auth_failures where key like 'p:%'`));

  it('refuses an address after 5 failures for one email, even with the right password', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await attempt('10.0.0.1', 'employee@demo.test', 'wrong')).statusCode, 401);
    const blocked = await attempt('10.0.0.1', 'employee@demo.test');
    assert.equal(blocked.statusCode, 429);
    assert.deepEqual(blocked.json(), { message: AUTH_MESSAGES.tooManyAttempts });
  });

  it('never locks the real user out from an address that has not failed', async () => {
    assert.equal((await attempt('10.0.0.2', 'employee@demo.test')).statusCode, 200);
  });

  it('lets the same address sign in as someone else', async () => {
    assert.equal((await attempt('10.0.0.1', 'admin@demo.test')).statusCode, 200);
  });

  it('clears the address+email count on success', async () => {
    for (let i = 0; i < 4; i++) await attempt('10.0.0.3', 'owner@demo.test', 'wrong');
    assert.equal((await attempt('10.0.0.3', 'owner@demo.test')).statusCode, 200);
    for (let i = 0; i < 4; i++) assert.equal((await attempt('10.0.0.3', 'owner@demo.test', 'wrong')).statusCode, 401);
    assert.equal((await attempt('10.0.0.3', 'owner@demo.test')).statusCode, 200);
  });

  it('refuses an address after 30 failures across emails', async () => {
    for (let i = 0; i < 30; i++) assert.equal((await attempt('10.0.0.4', `nobody${i}@demo.test`, 'wrong')).statusCode, 401);
    assert.equal((await attempt('10.0.0.4', 'employee2@demo.test')).statusCode, 429);
    assert.equal((await attempt('10.0.0.5', 'employee2@demo.test')).statusCode, 200);
  });

  it('does not count "2fa required" as a failure', async () => {
    for (let i = 0; i < 6; i++) assert.deepEqual((await attempt('10.0.0.6', 'super@demo.test')).json(), { message: '2fa required' });
  });

  it('counts in the database, so every API process agrees', async () => {
    const other = await startTestServer({ db: s.db });
    try {
      for (let i = 0; i < 5; i++) await attempt('10.0.0.7', 'multi@demo.test', 'wrong');
      assert.equal((await attempt('10.0.0.7', 'multi@demo.test', undefined, other)).statusCode, 429);
    } finally {
      await other.close();
    }
  });

  it('does not believe X-Forwarded-For unless TRUST_PROXY says so', async () => {
    for (let i = 0; i < 5; i++) {
      await s.app.inject({
        method: 'POST',
        url: '/api/auth',
        remoteAddress: '10.0.0.9',
        headers: { authorization: basicAuth('employee@demo.test', 'wrong'), 'x-forwarded-for': `192.0.2.${i}` },
        payload: { account: DEMO },
      });
    }
    assert.equal((await attempt('10.0.0.9', 'employee@demo.test')).statusCode, 429);
  });

  it('behind one proxy, takes the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const proxied = await startTestServer({ db: s.db, config: { trustProxy: parseTrustProxy('1') } });
    try {
      // The load balancer (10.0.7.1) appends the address it saw; the client's own entries come before it.
      const viaProxy = (forwarded: string, password?: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth',
          remoteAddress: '10.0.7.1',
          headers: { authorization: basicAuth('employee@demo.test', password), 'x-forwarded-for': forwarded },
          payload: { account: DEMO },
        });
      for (let i = 0; i < 5; i++) assert.equal((await viaProxy(`192.0.2.${i}, 203.0.113.7`, 'wrong')).statusCode, 401);
      assert.equal((await viaProxy('192.0.2.99, 203.0.113.7')).statusCode, 429, 'a made-up first entry is not a new address');
      assert.equal((await viaProxy('203.0.113.8')).statusCode, 200, 'another client behind the proxy is');
    } finally {
      await proxied.close();
    }
  });

  it('refuses TRUST_PROXY=true and anything that is not a hop count or addresses', () => {
    assert.throws(() => parseTrustProxy('true'), /TRUST_PROXY=true would believe any X-Forwarded-For a client sends/);
    assert.throws(() => parseTrustProxy('*'), /TRUST_PROXY names "\*"/);
    assert.throws(() => parseTrustProxy('10.0.0.0/40'), /TRUST_PROXY names/);
    assert.deepEqual([undefined, 'false', '0', '1', '2', '10.0.0.1, 10.1.0.0/16,loopback', '::1/128'].map(parseTrustProxy), [
      false,
      false,
      false,
      1,
      2,
      '10.0.0.1,10.1.0.0/16,loopback',
      '::1/128',
    ]);
  });

  it('starts a new window once the old one is over', async () => {
    for (let i = 0; i < 5; i++) await attempt('10.0.0.8', 'employee@demo.test', 'wrong');
    assert.equal((await attempt('10.0.0.8', 'employee@demo.test')).statusCode, 429);
    await s.db.query(`update auth_failures set window_start = now() - interval '16 minutes' where key like '%10.0.0.8%'`);
    assert.equal((await attempt('10.0.0.8', 'employee@demo.test')).statusCode, 200);
  });

  it('counts a try before the password is checked, so parallel tries cannot pass the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('10.0.1.1', 'employee@demo.test', 'wrong')));
    const codes = answers.map((r) => r.statusCode).sort();
    assert.deepEqual([codes.filter((c) => c === 401).length, codes.filter((c) => c === 429).length], [5, 7]);
  });

  it('lets no outsider lock an agency out: made-up emails from two addresses, then the right password from a fresh one', async () => {
    for (let i = 0; i < 30; i++) assert.equal((await attempt('10.0.2.1', `made-up-${i}@second.test`, 'wrong', s, SECOND)).statusCode, 401);
    for (let i = 0; i < 20; i++) assert.equal((await attempt('10.0.2.2', `made-up-${i}@elsewhere.test`, 'wrong', s, SECOND)).statusCode, 401);
    const owner = await attempt('10.0.2.3', 'owner@second.test', undefined, s, SECOND);
    assert.equal(owner.statusCode, 200, owner.body);
    const counted = await s.db.query<{ key: string }>(`select key from auth_failures where (key like 'p:%' or key like 'acc:%') and count > 0`);
    assert.deepEqual(counted, [], 'made-up emails count against no person and no account');
  });

  it('counts failures per person across addresses: past the limit an address that has not signed in gets a typo and no more', async () => {
    const limited = await startTestServer({ db: s.db, config: { authLimits: { ...s.app.deps.config.authLimits, perPerson: 8 } } });
    try {
      // A guess spread over many addresses, two tries each.
      for (let i = 0; i < 4; i++) {
        for (let t = 0; t < 2; t++) assert.equal((await attempt(`10.0.4.${i}`, 'owner@demo.test', 'wrong', limited)).statusCode, 401);
      }
      // The person is now under a spread-out guess: an address that has failed twice for them is done.
      const refused = await attempt('10.0.4.0', 'owner@demo.test', undefined, limited);
      assert.deepEqual([refused.statusCode, refused.json()], [429, { message: AUTH_MESSAGES.tooManyAttempts }]);
      // One typo from another address still leaves it the right password.
      assert.equal((await attempt('10.0.4.9', 'owner@demo.test', 'typo', limited)).statusCode, 401);
      assert.equal((await attempt('10.0.4.9', 'owner@demo.test', undefined, limited)).statusCode, 200);
      // So does an address that has not failed; others sign in from the guessing addresses.
      assert.equal((await attempt('10.0.4.50', 'owner@demo.test', undefined, limited)).statusCode, 200);
      assert.equal((await attempt('10.0.4.0', 'admin@demo.test', undefined, limited)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });

  it('keeps the allowance of an address the person signed in from, and caps the guesses from every other address', async () => {
    const limited = await startTestServer({ db: s.db, config: { authLimits: { ...s.app.deps.config.authLimits, perPerson: 4, perPersonCap: 10 } } });
    try {
      assert.equal((await attempt('10.0.10.1', 'employee2@demo.test', undefined, limited)).statusCode, 200, 'the person signs in at the office');
      assert.equal((await attempt('10.0.10.1', 'employee2@demo.test', 'typo', limited)).statusCode, 401, 'and later mistypes once');
      // Ten addresses guess once each; past the cap, no address the person has not signed in from gets a try.
      for (let i = 0; i < 10; i++) assert.equal((await attempt(`10.0.11.${i}`, 'employee2@demo.test', 'wrong', limited)).statusCode, 401);
      assert.equal((await attempt('10.0.11.99', 'employee2@demo.test', 'wrong', limited)).statusCode, 429);
      assert.equal(
        (await attempt('10.0.12.1', 'employee2@demo.test', undefined, limited)).statusCode,
        429,
        'a new address waits, even with the right password',
      );
      // The office, which signed in lately, is not part of the guess: its typo does not count against it.
      assert.equal((await attempt('10.0.10.1', 'employee2@demo.test', undefined, limited)).statusCode, 200);
      // Once the window is over, new addresses may try again.
      await s.db.query(`update auth_failures set window_start = now() - interval '16 minutes' where key like 'p:%'`);
      assert.equal((await attempt('10.0.12.1', 'employee2@demo.test', undefined, limited)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });

  it('lets a person with MFA in from an address that has not failed while they are under a guess', async () => {
    const limited = await startTestServer({ db: s.db, config: { authLimits: { ...s.app.deps.config.authLimits, perPerson: 3 } } });
    try {
      for (let i = 0; i < 4; i++) assert.equal((await attempt(`10.0.5.${i}`, 'super@demo.test', 'wrong', limited)).statusCode, 401);
      assert.equal((await attempt('10.0.5.3', 'super@demo.test', 'wrong', limited)).statusCode, 401);
      assert.equal((await attempt('10.0.5.3', 'super@demo.test', undefined, limited)).statusCode, 429);
      const fresh = await attempt('10.0.5.20', 'super@demo.test', undefined, limited);
      assert.deepEqual([fresh.statusCode, fresh.json()], [401, { message: '2fa required' }]);
    } finally {
      await limited.close();
    }
  });

  it('answers /auth/check alike for a known and an unknown email, within its limit', async () => {
    const known = await s.app.inject({ method: 'GET', url: '/api/auth/check/owner@second.test', remoteAddress: '10.0.6.1' });
    const unknown = await s.app.inject({ method: 'GET', url: '/api/auth/check/nobody@second.test', remoteAddress: '10.0.6.1' });
    assert.deepEqual([known.statusCode, unknown.statusCode], [200, 200]);
    assert.deepEqual(Object.keys(known.json()), Object.keys(unknown.json()));
    assert.equal(known.headers['content-type'], unknown.headers['content-type']);
    assert.deepEqual(unknown.json(), { accounts: [] });
    // What the sign-in page shows to choose the account, nothing more (not the account's namespace).
    assert.deepEqual(known.json(), { accounts: [{ id: SECOND, name: 'Second Agency' }] });
  });

  it('limits email lookups and forgot-password requests per address', async () => {
    const limited = await startTestServer({
      db: s.db,
      config: { authLimits: { ...s.app.deps.config.authLimits, lookupsPerAddress: 3, resetRequestsPerAddress: 2 } },
    });
    try {
      const lookup = (from: string) => limited.app.inject({ method: 'GET', url: '/api/auth/check/owner@demo.test', remoteAddress: from });
      const forgot = (from: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: from, payload: { email: 'nobody@demo.test' } });
      for (let i = 0; i < 3; i++) assert.equal((await lookup('10.0.3.1')).statusCode, 200);
      assert.equal((await lookup('10.0.3.1')).statusCode, 429);
      assert.equal((await lookup('10.0.3.2')).statusCode, 200);
      for (let i = 0; i < 2; i++) assert.equal((await forgot('10.0.3.1')).statusCode, 200);
      const refused = await forgot('10.0.3.1');
      assert.deepEqual([refused.statusCode, refused.json()], [429, { message: AUTH_MESSAGES.tooManyAttempts }]);
    } finally {
      await limited.close();
    }
  });
});
