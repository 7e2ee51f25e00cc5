import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ClientsUpdate, RefreshTags } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { connect, nextEvent, type ClientSocket } from '../../testing/sockets';
import { createEvents } from '../../events';
import type { AppNamespace } from '../../realtime/index';
import { clientsPush, CLIENTS_PUSH_MAX_IDS, CLIENTS_PUSH_MS } from './realtime';

let s: TestServer;
const sockets: ClientSocket[] = [];
let owner: SignedIn;
let employee: SignedIn;
let other: SignedIn;
let ownerSocket: ClientSocket;
let employeeSocket: ClientSocket;
let otherSocket: ClientSocket;

const open = async (who: SignedIn) => {
  const socket = await connect(s.url!, who.account.dbName, who.token, who.user.id);
  sockets.push(socket);
  return socket;
};

/** Every `event` a socket receives while `during` runs and for a settling time after it. */
async function collect<E extends 'clients_update' | 'refresh_tags'>(
  socket: ClientSocket,
  event: E,
  during: () => Promise<unknown>,
  settleMs = CLIENTS_PUSH_MS * 3,
) {
  const seen: Array<E extends 'clients_update' ? ClientsUpdate : RefreshTags> = [];
  const listener = (payload: (typeof seen)[number]) => void seen.push(payload);
  const untyped = socket as unknown as { on(e: string, l: typeof listener): void; off(e: string, l: typeof listener): void };
  untyped.on(event, listener);
  await during();
  await new Promise((r) => setTimeout(r, settleMs));
  untyped.off(event, listener);
  return seen;
}

const create = async (who: SignedIn, lastName: string) => {
  const res = await s.app.inject({ method: 'POST', url: '/api/clients', headers: bearer(who.token), payload: { firstName: 'Live', lastName } });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { id: string }).id;
};

before(async () => {
  s = await startTestServer({ listen: true });
  owner = await signIn(s.app, 'owner@demo.test', DEMO);
  employee = await signIn(s.app, 'employee@demo.test', DEMO);
  other = await signIn(s.app, 'owner@second.test', SECOND);
  [ownerSocket, employeeSocket, otherSocket] = await Promise.all([open(owner), open(employee), open(other)]);
});
after(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

describe('contacts pushed to the account', () => {
  it('tells every user of the account about a new client, and no one of another account', async () => {
    let id = '';
    const forOther = collect(otherSocket, 'clients_update', async () => {
      const toOwner = nextEvent(ownerSocket, 'clients_update', (u) => !!u.clientIds?.includes(id));
      const toEmployee = nextEvent(employeeSocket, 'clients_update', (u) => !!u.clientIds?.includes(id));
      const tags = nextEvent(employeeSocket, 'refresh_tags');
      id = await create(employee, 'Pushed');
      assert.deepEqual(await toOwner, { clientIds: [id] });
      assert.deepEqual(await toEmployee, { clientIds: [id] });
      // the tag counts may have moved with the client
      assert.deepEqual(await tags, { tagIds: [] });
    });
    assert.deepEqual(await forOther, []);
  });

  it('gathers a burst of changes into one push instead of one per change', async () => {
    const ids: string[] = [];
    const seen = await collect(ownerSocket, 'clients_update', async () => {
      // concurrent writes, as a bulk action makes them
      ids.push(...(await Promise.all(Array.from({ length: 12 }, (_, i) => create(owner, `Burst${i}`)))));
    });
    assert.ok(seen.length >= 1 && seen.length < 12, `${seen.length} pushes for 12 changes`);
    assert.deepEqual(new Set(seen.flatMap((u) => u.clientIds ?? [])), new Set(ids));
  });

  it('sends one push for a thousand changes, naming no ids past the limit', async () => {
    // the push alone, on its own events: an import's worth of changes in one moment
    const events = createEvents();
    const sent: Array<{ accountId: string; event: string; payload: unknown }> = [];
    const nsFor = async (accountId: string) =>
      ({ emit: (event: string, payload: unknown) => sent.push({ accountId, event, payload }) }) as unknown as AppNamespace;
    const work: Array<Promise<unknown>> = [];
    const stop = clientsPush({ db: s.db, events, nsFor, track: (fn) => void work.push(fn()) });
    const ids = Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`);
    for (const id of ids) events.emit('clientsChanged', { accountId: DEMO, clientIds: [id] });
    events.emit('clientsChanged', { accountId: SECOND, clientIds: [ids[0]] });
    await new Promise((r) => setTimeout(r, CLIENTS_PUSH_MS * 2));
    await Promise.all(work);
    stop();
    assert.ok(ids.length > CLIENTS_PUSH_MAX_IDS);
    assert.deepEqual(sent, [
      { accountId: DEMO, event: 'clients_update', payload: { clientIds: null } },
      { accountId: DEMO, event: 'refresh_tags', payload: { tagIds: [] } },
      { accountId: SECOND, event: 'clients_update', payload: { clientIds: [ids[0]] } },
      { accountId: SECOND, event: 'refresh_tags', payload: { tagIds: [] } },
    ]);
  });

  it('pushes an import as the clients it created', async () => {
    const csv = 'First,Last\nIma,Porter\nIvo,Porter\nIda,Porter\n';
    let created: string[] = [];
    const seen = await collect(employeeSocket, 'clients_update', async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: bearer(owner.token),
        payload: { csv, mapping: { First: 'firstName', Last: 'lastName' }, dryRun: false, onDuplicate: 'create' },
      });
      assert.equal(res.statusCode, 200, res.body);
      created = (res.json() as { rows: Array<{ clientId: string | null }> }).rows.map((r) => r.clientId!);
    });
    assert.equal(created.length, 3);
    assert.deepEqual(seen, [{ clientIds: created }]);
  });

  it('sends refresh_tags when a tag is created, edited or deleted', async () => {
    const admin = await signIn(s.app, 'admin@demo.test', DEMO);
    let tagId = '';
    const seen = await collect(employeeSocket, 'refresh_tags', async () => {
      const res = await s.app.inject({ method: 'POST', url: '/api/tags', headers: bearer(admin.token), payload: { name: 'Pushed tag' } });
      assert.equal(res.statusCode, 201, res.body);
      tagId = (res.json() as { id: string }).id;
    });
    assert.deepEqual(seen, [{ tagIds: [tagId] }]);
    const edited = await collect(ownerSocket, 'refresh_tags', async () => {
      const res = await s.app.inject({ method: 'PUT', url: `/api/tags/${tagId}`, headers: bearer(admin.token), payload: { name: 'Pushed tag, renamed' } });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.deepEqual(edited, [{ tagIds: [tagId] }]);
    const forOther = await collect(otherSocket, 'refresh_tags', async () => {
      const res = await s.app.inject({ method: 'DELETE', url: `/api/tags/${tagId}`, headers: bearer(admin.token) });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.deepEqual(forOther, []);
  });
});
