import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Peer } from '@agency/contracts';
import { bearer, demoUserId, freshDb, SECOND, signIn, startTestServer, type TestServer } from '../testing/harness';
import { connect, disconnected, nextEvent, refusal, type ClientSocket } from '../testing/sockets';
import { hashToken } from '../sealing/tokens';
import { io } from 'socket.io-client';
import { SOCKET_FAILED } from './failure';

let s: TestServer;
const sockets: ClientSocket[] = [];
const track = (socket: ClientSocket) => (sockets.push(socket), socket);

before(async () => {
  s = await startTestServer({ listen: true });
});
after(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

describe('realtime', () => {
  it('carries a presence change to the other people of the account', async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const employee = await signIn(s.app, 'employee@demo.test');
    const ownerSocket = track(await connect(s.url!, 'demo', owner.token, owner.user.id));
    const employeeSocket = track(await connect(s.url!, 'demo', employee.token, employee.user.id));

    const update = nextEvent(ownerSocket, 'users_update', (u) => u.id === employee.user.id && u.phoneStatus === 'available');
    const peers = nextEvent(ownerSocket, 'users_peers', (list: Peer[]) =>
      list.some((p) => p.id === employee.user.id && p.phoneStatus === 'available' && p.loggedIn),
    );
    employeeSocket.emit('users_phoneStatus', 'available');
    assert.deepEqual(await update, { id: employee.user.id, phoneStatus: 'available' });
    const list = await peers;
    assert.ok(list.every((p) => p.id !== undefined && !('email' in p)));
    assert.equal(list.find((p) => p.id === owner.user.id)?.loggedIn, true);
    assert.equal(list.find((p) => p.id === demoUserId('employee2@demo.test'))?.loggedIn, false);
  });

  it('ignores a status that does not exist', async () => {
    const me = await signIn(s.app, 'employee2@demo.test');
    const socket = track(await connect(s.url!, 'demo', me.token, me.user.id));
    const seen = nextEvent(socket, 'users_update', (u) => u.id === me.user.id, 1_000).then(
      () => 'seen',
      () => 'not seen',
    );
    socket.emit('users_phoneStatus', 'partying' as never);
    assert.equal(await seen, 'not seen');
  });

  it('refuses a bad token, an unknown namespace and an ended session at the handshake', async () => {
    assert.equal(await refusal(s.url!, 'demo', 'not-a-token'), 'Unauthorized');
    assert.equal(await refusal(s.url!, 'demo', ''), 'Unauthorized');
    assert.equal(await refusal(s.url!, 'nowhere', 'not-a-token'), 'Invalid namespace');

    const old = await signIn(s.app, 'multi@demo.test');
    await signIn(s.app, 'multi@demo.test');
    assert.equal(await refusal(s.url!, 'demo', old.token), 'Session Invalid');

    const expired = await signIn(s.app, 'multi@demo.test');
    await s.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(expired.token)]);
    assert.equal(await refusal(s.url!, 'demo', expired.token), 'Session expired');
  });

  it("a changed role reconnects the person's sockets at once, so the new handshake reads it", async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const me = await signIn(s.app, 'employee@demo.test');
    const socket = track(await connect(s.url!, 'demo', me.token, me.user.id));
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const res = await s.app.inject({ method: 'PUT', url: `/api/users/${me.user.id}`, headers: bearer(owner.token), payload: { role: 'admin' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await dropped, 'io server disconnect');
    await s.app.inject({ method: 'PUT', url: `/api/users/${me.user.id}`, headers: bearer(owner.token), payload: { role: 'employee' } });
  });

  it('never tells a socket what the database said', async () => {
    const me = await signIn(s.app, 'employee2@demo.test');
    await s.db.query('alter table sessions rename to sessions_away');
    try {
      const said = await refusal(s.url!, 'demo', me.token);
      assert.equal(said, SOCKET_FAILED);
    } finally {
      await s.db.query('alter table sessions_away rename to sessions');
    }
  });

  it('takes the token from the auth payload only, never from the URL', async () => {
    const me = await signIn(s.app, 'employee2@demo.test');
    const socket = io(`${s.url}/demo`, { transports: ['websocket'], reconnection: false, forceNew: true, query: { token: me.token } });
    const refused = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
    socket.close();
    assert.equal(refused, 'Unauthorized');
  });

  it('tells a superseded session at once and drops it', async () => {
    const first = await signIn(s.app, 'admin@demo.test');
    const socket = track(await connect(s.url!, 'demo', first.token, first.user.id));
    const told = nextEvent(socket, 'unauthorized', () => true, 5_000);
    const dropped = disconnected(socket, 5_000);
    const started = Date.now();
    await signIn(s.app, 'admin@demo.test');
    assert.deepEqual(await told, { message: 'Session Invalid' });
    assert.equal(await dropped, 'io server disconnect');
    assert.ok(Date.now() - started < 5_000);
  });

  it('keeps the new session of the same user connected', async () => {
    const first = await signIn(s.app, 'owner@demo.test');
    const firstSocket = track(await connect(s.url!, 'demo', first.token, first.user.id));
    const dropped = disconnected(firstSocket);
    const second = await signIn(s.app, 'owner@demo.test');
    await dropped;
    const secondSocket = track(await connect(s.url!, 'demo', second.token, second.user.id));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(secondSocket.connected, true);
  });

  it('tells the socket of a session that signs out', async () => {
    const me = await signIn(s.app, 'employee@demo.test');
    const socket = track(await connect(s.url!, 'demo', me.token, me.user.id));
    const told = nextEvent(socket, 'unauthorized');
    await s.app.inject({ method: 'DELETE', url: '/api/auth', headers: bearer(me.token) });
    assert.deepEqual(await told, { message: 'Unauthorized' });
  });

  it('sends users_update when a profile changes through the API', async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const watcher = await signIn(s.app, 'employee2@demo.test');
    const socket = track(await connect(s.url!, 'demo', watcher.token, watcher.user.id));
    const update = nextEvent(socket, 'users_update', (u) => u.id === owner.user.id && u.firstName === 'Olive');
    const res = await s.app.inject({ method: 'PUT', url: `/api/users/${owner.user.id}`, headers: bearer(owner.token), payload: { firstName: 'Olive' } });
    assert.equal(res.statusCode, 200);
    assert.equal((await update).lastName, 'Owens');
  });

  it('keeps accounts apart: a demo token cannot join /second, and /second hears nothing of /demo', async () => {
    const demo = await signIn(s.app, 'employee2@demo.test');
    assert.equal(await refusal(s.url!, 'second', demo.token), 'Unauthorized');

    const other = await signIn(s.app, 'owner@second.test', SECOND);
    const secondSocket = track(await connect(s.url!, 'second', other.token, other.user.id));
    const demoSocket = track(await connect(s.url!, 'demo', demo.token, demo.user.id));
    const leaked = nextEvent(secondSocket, 'users_update', () => true, 1_000).then(
      () => 'leaked',
      () => 'quiet',
    );
    demoSocket.emit('users_phoneStatus', 'lunch');
    assert.equal(await leaked, 'quiet');
  });
});

const redisUrl = process.env.REDIS_URL;
describe('realtime across two API processes (Redis adapter)', () => {
  it('carries presence and session ends from one process to the clients of the other', { skip: redisUrl ? false : 'REDIS_URL not set' }, async () => {
    const db = await freshDb();
    const redisKey = `agency-test-${randomBytes(4).toString('hex')}`;
    const a = await startTestServer({ listen: true, redisUrl, redisKey, db });
    const b = await startTestServer({ listen: true, redisUrl, redisKey, db });
    const local: ClientSocket[] = [];
    try {
      assert.notEqual(a.url, b.url);
      const owner = await signIn(a.app, 'owner@demo.test');
      const employee = await signIn(b.app, 'employee@demo.test');
      const onA = await connect(a.url!, 'demo', owner.token, owner.user.id);
      const onB = await connect(b.url!, 'demo', employee.token, employee.user.id);
      local.push(onA, onB);

      const update = nextEvent(onB, 'users_update', (u) => u.id === owner.user.id && u.phoneStatus === 'busy');
      const peers = nextEvent(onB, 'users_peers', (list: Peer[]) => list.some((p) => p.id === owner.user.id && p.loggedIn && p.phoneStatus === 'busy'));
      onA.emit('users_phoneStatus', 'busy');
      assert.deepEqual(await update, { id: owner.user.id, phoneStatus: 'busy' });
      const list = await peers;
      assert.equal(list.find((p) => p.id === employee.user.id)?.loggedIn, true, 'peers count sockets of both processes');

      // A sign-in served by A ends the session whose socket lives on B.
      const told = nextEvent(onB, 'unauthorized', () => true, 5_000);
      await signIn(a.app, 'employee@demo.test');
      assert.deepEqual(await told, { message: 'Session Invalid' });
    } finally {
      for (const socket of local) socket.close();
      await new Promise((r) => setTimeout(r, 300)); // let both servers see the clients go
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
