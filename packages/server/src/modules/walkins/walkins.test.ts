import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WALKIN_MESSAGES, type WalkIn } from '@agency/contracts';
import { DEMO_ACCOUNTS } from '../../seed';
import { bearer, DEMO, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { connect, type ClientSocket } from '../../testing/sockets';

let s: TestServer;
let owner: SignedIn;
let employee: SignedIn;
let watcher: ClientSocket;

before(async () => {
  s = await startTestServer({ listen: true });
  owner = await signIn(s.app, 'owner@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  watcher = await connect(s.url!, DEMO_ACCOUNTS.demo.dbName, employee.token, employee.user.id);
});
after(async () => {
  watcher.close();
  await s.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

describe('walk-ins', () => {
  it('checks a person in by name and tells every screen', async () => {
    const seen = new Promise<{ id: string }>((resolve) => watcher.once('walkins_update', resolve));
    const res = await call(owner.token, 'POST', '/walkins', { name: 'Pat Doe', reason: 'New auto quote' });
    assert.equal(res.statusCode, 201, res.body);
    const w = res.json() as WalkIn;
    assert.deepEqual([w.name, w.reason, w.status, w.client], ['Pat Doe', 'New auto quote', 'waiting', null]);
    assert.equal((await seen).id, w.id);
  });

  it('needs a name or a client, and a reason', async () => {
    assert.equal((await call(owner.token, 'POST', '/walkins', { reason: 'Pay a bill' })).json().message, WALKIN_MESSAGES.nameOrClient);
    assert.equal((await call(owner.token, 'POST', '/walkins', { name: 'Sam', reason: '' })).statusCode, 400);
  });

  it('links a client, assigns an employee (who is told), then marks seen and done', async () => {
    const [client] = await s.db.query<{ id: string }>('select id from clients where account_id = $1 order by id limit 1', [DEMO]);
    const created = (await call(owner.token, 'POST', '/walkins', { name: '', client: client!.id, reason: 'Policy change' })).json() as WalkIn;
    assert.ok(created.client && created.name === created.client.name);
    const told = new Promise<{ message: string; link?: string }>((resolve) => watcher.once('message', resolve));
    const assigned = (await call(owner.token, 'PUT', `/walkins/${created.id}`, { assignedTo: employee.user.id })).json() as WalkIn;
    assert.equal(assigned.assignedTo?.id, employee.user.id);
    assert.deepEqual(await told, { message: WALKIN_MESSAGES.assigned(created.name), link: '/walkins' });
    const seenNow = (await call(employee.token, 'PUT', `/walkins/${created.id}`, { status: 'seen' })).json() as WalkIn;
    assert.ok(seenNow.seenAt && !seenNow.doneAt);
    const done = (await call(employee.token, 'PUT', `/walkins/${created.id}`, { status: 'done' })).json() as WalkIn;
    assert.ok(done.doneAt && done.seenAt);
    const list = (await call(employee.token, 'GET', '/walkins')).json() as WalkIn[];
    assert.deepEqual(
      list.map((w) => w.status),
      ['waiting', 'done'],
    );
  });

  it("another agency neither sees nor changes the demo agency's", async () => {
    const intruder = await signIn(s.app, 'owner@second.test', SECOND);
    assert.deepEqual((await call(intruder.token, 'GET', '/walkins')).json(), []);
    const [w] = (await call(owner.token, 'GET', '/walkins')).json() as WalkIn[];
    assert.equal((await call(intruder.token, 'PUT', `/walkins/${w!.id}`, { status: 'done' })).statusCode, 404);
    assert.equal((await call(owner.token, 'PUT', `/walkins/${w!.id}`, { assignedTo: intruder.user.id })).statusCode, 400);
  });
});
