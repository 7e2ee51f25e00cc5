import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { PHONE_TOKEN_TTL_SECONDS, SESSION_IDLE_MS } from '@agency/contracts';
import { bearer, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { phoneTokenTtl } from './routes';

/*
 * A phone's token dies with its session: it lives no longer than the session's idle limit, the
 * local carrier's signalling refuses a token whose session has ended, and drops a connected phone
 * when its session ends.
 */
let s: TestServer;
let port: number;

interface Line {
  messages: Array<{ type: string; payload: Record<string, unknown> }>;
  closed: Promise<number>;
  ws: WebSocket;
  next(type: string): Promise<Record<string, unknown>>;
}

async function connect(token: string): Promise<Line> {
  const ws = new WebSocket(`wss://127.0.0.1:${port}/signal`, { rejectUnauthorized: false });
  const messages: Line['messages'] = [];
  let wake: () => void = () => undefined;
  ws.on('message', (d) => {
    if (String(d) === '\n') return;
    messages.push(JSON.parse(String(d)) as Line['messages'][number]);
    wake();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'listen', version: '1.6', payload: { token } }));
  return {
    messages,
    closed,
    ws,
    async next(type) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found.payload;
        if (Date.now() > deadline) throw new Error(`no ${type} (got ${messages.map((m) => m.type).join(', ') || 'nothing'})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100).unref();
        });
      }
    },
  };
}

const phoneToken = async (who: SignedIn) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/phone/token', headers: bearer(who.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { token: string; ttl: number };
};
const signOut = (who: SignedIn) => s.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(who.token) });
const ENDED = { error: { code: 20101, message: 'Invalid Access Token: its session has ended' } };

before(async () => {
  s = await startTestServer();
  await s.app.deps.carrier.listenSignaling({ port: 0, host: '127.0.0.1', certDir: s.config.dataDir, heartbeatMs: 200 });
  port = s.app.deps.carrier.signaling()!.port;
});
after(() => s.close());

describe("a phone's token and its session", () => {
  it("lives no longer than the session's idle limit, nor past the session's end", async () => {
    const who = await signIn(s.app, 'employee@demo.test');
    assert.equal((await phoneToken(who)).ttl, SESSION_IDLE_MS / 1000);
    assert.ok(SESSION_IDLE_MS / 1000 < PHONE_TOKEN_TTL_SECONDS);
    const now = Date.parse('2026-11-28T09:00:00Z');
    assert.equal(phoneTokenTtl('2026-11-28T10:00:00Z', now), 3600, 'a session ending in an hour');
    assert.equal(phoneTokenTtl('2026-11-28T19:00:00Z', now), SESSION_IDLE_MS / 1000);
  });

  it('connects while the session lives, and is dropped the moment it ends', async () => {
    const who = await signIn(s.app, 'employee2@demo.test');
    const line = await connect((await phoneToken(who)).token);
    await line.next('connected');
    assert.equal((await signOut(who)).statusCode, 200);
    assert.deepEqual(await line.next('error'), ENDED);
    assert.equal(await line.closed, 4001);
  });

  it('refuses a token whose session has ended, by sign-out or by going idle', async () => {
    const who = await signIn(s.app, 'admin@demo.test');
    const { token } = await phoneToken(who);
    await signOut(who);
    const refused = await connect(token);
    assert.deepEqual(await refused.next('error'), ENDED);
    assert.equal(await refused.closed, 4001);
    assert.equal(
      refused.messages.some((m) => m.type === 'connected'),
      false,
    );

    const idle = await signIn(s.app, 'owner@demo.test');
    const idleToken = (await phoneToken(idle)).token;
    await s.db.query(`update sessions set last_seen_at = now() - make_interval(secs => $2) where user_id = $1 and revoked_at is null`, [
      idle.user.id,
      SESSION_IDLE_MS / 1000 + 60,
    ]);
    const stale = await connect(idleToken);
    assert.deepEqual(await stale.next('error'), ENDED);
  });
});
