import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES } from '@agency/contracts';
import { openPostgres, type Db } from '../db/index';
import { bearer, DEMO, demoUserId, freshDb, onPostgres, signIn, startTestServer, type TestServer } from '../testing/harness';
import { createSessionCache, SESSION_CHANGES } from './sessionCache';
import type { SessionRow } from './context';

/** A database whose queries, and reads of a session (the bearer token's one query), are counted. */
function countingSessionReads(db: Awaited<ReturnType<typeof freshDb>>) {
  const counted = { ...db, reads: 0, queries: 0 };
  counted.query = (sql, params) => {
    counted.queries++;
    if (sql.includes('from sessions s')) counted.reads++;
    return db.query(sql, params);
  };
  return counted;
}

const ADMINS_ONLY = `/api/accounts/${DEMO}/subscription`;

describe('verified sessions kept in memory, one process', () => {
  let s: TestServer;
  let db: ReturnType<typeof countingSessionReads>;
  let raw: Awaited<ReturnType<typeof freshDb>>;
  before(async () => {
    raw = await freshDb();
    db = countingSessionReads(raw);
    s = await startTestServer({ db });
  });
  after(async () => {
    await s.close();
    await raw.drop();
  });
  const get = (token: string, url = '/api/users/me') => s.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('reads a session and its GET /users/me from the database once, then answers from memory', async () => {
    const me = await signIn(s.app, 'employee2@demo.test');
    const reads = db.reads;
    assert.equal((await get(me.token)).statusCode, 200);
    const queries = db.queries;
    for (let i = 0; i < 3; i++) assert.equal((await get(me.token)).statusCode, 200);
    assert.deepEqual([db.reads - reads, db.queries - queries], [1, 0]);
  });

  it('GET /users/me shows a change to the user or the account from the next request', async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const me = await signIn(s.app, 'employee2@demo.test');
    assert.equal((await get(me.token)).json().user.firstName, 'Ethan');
    const renamed = await s.app.inject({
      method: 'PUT',
      url: `/api/users/${demoUserId('employee2@demo.test')}`,
      headers: bearer(owner.token),
      payload: { firstName: 'Eli' },
    });
    assert.equal(renamed.statusCode, 200);
    assert.equal((await get(me.token)).json().user.firstName, 'Eli');
    await raw.query(`update accounts set timezone = 'America/Denver' where id = $1`, [DEMO]);
    assert.equal((await get(me.token)).json().account.timezone, 'America/Denver');
  });

  it('a signed-out or superseded session is refused at once', async () => {
    const first = await signIn(s.app, 'employee@demo.test');
    assert.equal((await get(first.token)).statusCode, 200);
    const second = await signIn(s.app, 'employee@demo.test');
    const refused = await get(first.token);
    assert.deepEqual([refused.statusCode, refused.json().message], [401, AUTH_MESSAGES.sessionInvalid]);
    assert.equal((await get(second.token)).statusCode, 200);
    await s.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(second.token) });
    assert.equal((await get(second.token)).statusCode, 401);
  });

  it('a role change counts from the next request, and so does a statement run by hand on the database', async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const admin = await signIn(s.app, 'admin@demo.test');
    const adminId = demoUserId('admin@demo.test');
    assert.equal((await get(admin.token, ADMINS_ONLY)).statusCode, 200);
    const demoted = await s.app.inject({ method: 'PUT', url: `/api/users/${adminId}`, headers: bearer(owner.token), payload: { role: 'employee' } });
    assert.equal(demoted.statusCode, 200);
    assert.equal((await get(admin.token, ADMINS_ONLY)).statusCode, 403);
    await raw.query(`update users set role = 'admin' where id = $1`, [adminId]);
    assert.equal((await get(admin.token, ADMINS_ONLY)).statusCode, 200);
    await raw.query(`update accounts set mfa_required = true where id = $1`, [DEMO]);
    try {
      const held = await get(admin.token, ADMINS_ONLY);
      assert.deepEqual([held.statusCode, held.json().message], [403, AUTH_MESSAGES.mfaSetupRequired]);
    } finally {
      await raw.query(`update accounts set mfa_required = false where id = $1`, [DEMO]);
    }
    await raw.query(`update users set deleted_at = now() where id = $1`, [adminId]);
    assert.equal((await get(admin.token, ADMINS_ONLY)).statusCode, 401);
  });
});

describe('the cache itself', () => {
  const row = (accountId: string): SessionRow => ({
    id: 's1',
    account_id: accountId,
    user_id: 'u1',
    ghost_user_id: null,
    expires_at: new Date(Date.now() + 3600_000),
    last_seen_at: new Date(),
    revoked_at: null,
    revoked_reason: null,
    real_role: 'employee',
    ghost_role: null,
    mfa_enrolment_required: false,
  });

  it('keeps nothing read across a change, or while a listening connection is down', () => {
    const cache = createSessionCache(['database', 'redis']);
    cache.listening('database', true);
    cache.keep('h', row('a'), cache.mark());
    assert.equal(cache.lookup('h', Date.now()), undefined, 'not answering before every source is up');
    cache.listening('redis', true);
    const mark = cache.mark();
    cache.forgetAccount('b');
    cache.keep('h', row('a'), mark);
    assert.equal(cache.lookup('h', Date.now()), undefined, 'read before a change was heard');
    cache.keep('h', row('a'), cache.mark());
    assert.equal(cache.lookup('h', Date.now())?.account_id, 'a');
    cache.listening('redis', false);
    assert.equal(cache.lookup('h', Date.now()), undefined, 'forgotten when a source went down');
    cache.keep('h', row('a'), cache.mark());
    assert.equal(cache.lookup('h', Date.now()), undefined, 'not kept while it is down');
  });

  it('answers a kept session until a minute after its use was written, then asks the database again', () => {
    const cache = createSessionCache(['database']);
    cache.listening('database', true);
    cache.keep('h', row('a'), cache.mark());
    assert.ok(cache.lookup('h', Date.now() + 59_000));
    assert.equal(cache.lookup('h', Date.now() + 61_000), undefined);
  });
});

/**
 * Two API processes on one PostgreSQL database (each its own connections), and Redis when
 * REDIS_URL is set: what one process changes, the other honours from its next request on.
 */
if (onPostgres()) {
  describe('verified sessions kept in memory, two processes', () => {
    let shared: Awaited<ReturnType<typeof freshDb>>;
    let second: Db;
    let a: TestServer;
    let b: TestServer;
    const redisUrl = process.env.REDIS_URL || undefined;
    before(async () => {
      shared = await freshDb();
      second = await openPostgres(shared.url!);
      a = await startTestServer({ listen: true, db: shared, redisUrl });
      b = await startTestServer({ listen: true, db: Object.assign(second, { drop: async () => undefined }), redisUrl });
    });
    after(async () => {
      await a.close();
      await b.close();
      await second.close();
      await shared.drop();
    });
    const call = (server: TestServer, token: string, url: string, init: RequestInit = {}) =>
      fetch(`${server.url}${url}`, { ...init, headers: { ...bearer(token), ...(init.body ? { 'content-type': 'application/json' } : {}) } });

    it('a session superseded or signed out through one process is refused by the other at once', async () => {
      const first = await signIn(b.app, 'employee@demo.test');
      assert.equal((await call(b, first.token, '/api/users/me')).status, 200);
      const second = await signIn(a.app, 'employee@demo.test');
      const refused = await call(b, first.token, '/api/users/me');
      assert.deepEqual([refused.status, ((await refused.json()) as { message: string }).message], [401, AUTH_MESSAGES.sessionInvalid]);
      assert.equal((await call(b, second.token, '/api/users/me')).status, 200);
      assert.equal((await call(a, second.token, '/api/auth', { method: 'DELETE' })).status, 200);
      assert.equal((await call(b, second.token, '/api/users/me')).status, 401);
    });

    it('a role changed through one process counts on the other from the next request', async () => {
      const owner = await signIn(a.app, 'owner@demo.test');
      const admin = await signIn(b.app, 'admin@demo.test');
      const adminId = demoUserId('admin@demo.test');
      assert.equal((await call(b, admin.token, ADMINS_ONLY)).status, 200);
      const demoted = await call(a, owner.token, `/api/users/${adminId}`, { method: 'PUT', body: JSON.stringify({ role: 'employee' }) });
      assert.equal(demoted.status, 200);
      assert.equal((await call(b, admin.token, ADMINS_ONLY)).status, 403);
      await call(a, owner.token, `/api/users/${adminId}`, { method: 'PUT', body: JSON.stringify({ role: 'admin' }) });
      assert.equal((await call(b, admin.token, ADMINS_ONLY)).status, 200);
    });

    it('hears again after its listening connection is cut, and keeps nothing in between', async () => {
      const changes: string[] = [];
      const states: boolean[] = [];
      let heardAgain!: () => void;
      const again = new Promise<void>((resolve) => (heardAgain = resolve));
      const stop = await second.listen(
        SESSION_CHANGES,
        (accountId) => changes.push(accountId),
        (listening) => {
          states.push(listening);
          if (listening && states.includes(false)) heardAgain();
        },
      );
      try {
        await shared.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`);
        await again;
        await shared.query(`update accounts set mfa_required = false where id = $1`, [DEMO]); // no change: nothing said
        await shared.query(`update users set role = 'admin' where id = $1`, [demoUserId('employee2@demo.test')]);
        await shared.query(`update users set role = 'employee' where id = $1`, [demoUserId('employee2@demo.test')]);
        // A statement after the changes, so their notices have reached this connection's listener.
        await second.query('select 1');
        assert.deepEqual(states.slice(0, 2), [true, false]);
        assert.ok(changes.filter((c) => c === DEMO).length >= 1);
      } finally {
        await stop();
      }
    });
  });
}
