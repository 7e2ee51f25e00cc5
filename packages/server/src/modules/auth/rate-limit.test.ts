import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES } from '@agency/contracts';
import { basicAuth, DEMO, startTestServer, type TestServer } from '../../testing/harness';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

const attempt = (from: string, email: string, password?: string, server = s) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth',
    remoteAddress: from,
    headers: { authorization: basicAuth(email, password) },
    payload: { account: DEMO },
  });

describe('sign-in rate limits', () => {
  // Each case starts with the account's own count empty (the cases fail often into one account).
  beforeEach(() => s.db.query(`delete from auth_failures where key like 'acc:%'`));

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

  it('counts failures per account across addresses, and a success there takes only its own try back', async () => {
    const limited = await startTestServer({ db: s.db, config: { authLimits: { ...s.app.deps.config.authLimits, perAccount: 8 } } });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await attempt('10.0.2.1', 'admin@demo.test', undefined, limited)).statusCode, 200);
      for (let i = 0; i < 8; i++) assert.equal((await attempt(`10.0.2.${10 + i}`, 'owner@demo.test', 'wrong', limited)).statusCode, 401);
      const refused = await attempt('10.0.2.99', 'owner@demo.test', undefined, limited);
      assert.deepEqual([refused.statusCode, refused.json()], [429, { message: AUTH_MESSAGES.tooManyAttempts }]);
    } finally {
      await limited.close();
    }
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
