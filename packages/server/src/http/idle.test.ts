import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SESSION_IDLE_MS } from '@agency/contracts';
import { hashToken } from '../sealing/tokens';
import { bearer, signIn, startTestServer, type TestServer } from '../testing/harness';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

const lastSeen = async (token: string) =>
  new Date(
    (await s.db.query<{ last_seen_at: Date }>('select last_seen_at from sessions where token_hash = $1', [hashToken(token)]))[0]!.last_seen_at,
  ).getTime();
const setLastSeen = (token: string, msAgo: number) =>
  s.db.query(`update sessions set last_seen_at = now() - make_interval(secs => $2) where token_hash = $1`, [hashToken(token), msAgo / 1000]);

describe('the server idle timeout', () => {
  it('a session unused for the idle time is refused, as the screen would have signed out', async () => {
    const me = await signIn(s.app, 'employee@demo.test');
    await setLastSeen(me.token, SESSION_IDLE_MS + 60_000);
    const res = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(me.token) });
    assert.deepEqual([res.statusCode, res.json().message], [401, 'Session expired']);
  });

  it('every use keeps it alive, written down at most once a minute', async () => {
    const me = await signIn(s.app, 'employee2@demo.test');
    await setLastSeen(me.token, SESSION_IDLE_MS - 60_000);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(me.token) })).statusCode, 200);
    const touched = await lastSeen(me.token);
    assert.ok(Date.now() - touched < 10_000, 'the use was written down');
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(me.token) })).statusCode, 200);
    assert.equal(await lastSeen(me.token), touched, 'not again within the minute');
  });
});
