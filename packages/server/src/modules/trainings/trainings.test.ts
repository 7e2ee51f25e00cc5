import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Training } from '@agency/contracts';
import { basicAuth, bearer, DEMO, SECOND, signIn, startTestServer, totpCode, type SignedIn, type TestServer } from '../../testing/harness';

let s: TestServer;
let superToken: string;
let employee: SignedIn;
const created: Training[] = [];

before(async () => {
  s = await startTestServer();
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: basicAuth('super@demo.test') },
    payload: { account: DEMO, code: totpCode() },
  });
  superToken = res.json().token;
  employee = await signIn(s.app, 'employee@demo.test');
});
after(() => s.close());

const create = (token: string, payload: object) => s.app.inject({ method: 'POST', url: '/api/trainings', headers: bearer(token), payload });
const list = async (token: string, query = '') => (await s.app.inject({ method: 'GET', url: `/api/trainings${query}`, headers: bearer(token) })).json();
const count = async (token: string) => (await s.app.inject({ method: 'GET', url: '/api/trainings/count', headers: bearer(token) })).json().count;

describe('trainings', () => {
  it('lets a super add items', async () => {
    for (const t of [
      { title: 'Getting started', description: 'Your first day', tags: ['New', 'setup'] },
      { title: 'Task boards', description: 'Lanes and cards', tags: ['tasks'], arcadeId: 'arc-1' },
      { title: 'The softphone', description: 'Calls, queues and 100% of the dialpad', tags: ['phone'], details: '<p>Dial</p>' },
    ]) {
      const res = await create(superToken, t);
      assert.equal(res.statusCode, 201);
      created.push(res.json());
    }
    assert.deepEqual(created[0].tags, ['new', 'setup']);
    assert.equal(created[1].arcadeId, 'arc-1');
    assert.deepEqual(created[2].viewedBy, []);
  });

  it('refuses other roles and bad input', async () => {
    const owner = await signIn(s.app, 'owner@demo.test');
    const res = await create(owner.token, { title: 'Mine' });
    assert.equal(res.statusCode, 403);
    const empty = await create(superToken, { title: ' ' });
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json(), { message: 'Title is required' });
    const thumb = await create(superToken, { title: 'x', thumbnail: 'https://example.com/a.png' });
    assert.deepEqual(thumb.json(), { message: 'Thumbnail must be an image' });
  });

  it('lists newest first with a total, and searches title, description and tags', async () => {
    const all = await list(employee.token);
    assert.equal(all.total, 3);
    assert.deepEqual(
      all.trainings.map((t: Training) => t.title),
      ['The softphone', 'Task boards', 'Getting started'],
    );
    assert.deepEqual(
      (await list(employee.token, '?search=lanes')).trainings.map((t: Training) => t.title),
      ['Task boards'],
    );
    assert.deepEqual(
      (await list(employee.token, '?search=SETUP')).trainings.map((t: Training) => t.title),
      ['Getting started'],
    );
    assert.deepEqual(
      (await list(employee.token, '?search=board')).trainings.map((t: Training) => t.title),
      ['Task boards'],
    );
    // LIKE wildcards are plain text.
    assert.deepEqual(
      (await list(employee.token, '?search=100%25')).trainings.map((t: Training) => t.title),
      ['The softphone'],
    );
    assert.equal((await list(employee.token, '?search=_')).total, 0);
    const two = await list(employee.token, '?count=2');
    assert.equal(two.trainings.length, 2);
    assert.equal(two.total, 3);
  });

  it('counts what the user has not viewed, and records views', async () => {
    assert.equal(await count(employee.token), 3);
    const res = await s.app.inject({ method: 'PUT', url: `/api/trainings/${created[1].id}/viewed`, headers: bearer(employee.token) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().viewedBy, [employee.user.id]);
    await s.app.inject({ method: 'PUT', url: `/api/trainings/${created[1].id}/viewed`, headers: bearer(employee.token) });
    assert.equal(await count(employee.token), 2);
    const owner = await signIn(s.app, 'owner@demo.test');
    assert.equal(await count(owner.token), 3);
  });

  it('reads one item, 404 for an unknown one', async () => {
    const one = await s.app.inject({ method: 'GET', url: `/api/trainings/${created[0].id}`, headers: bearer(employee.token) });
    assert.equal(one.json().title, 'Getting started');
    const missing = '00000000-0000-4000-8000-00000000ffff';
    assert.equal((await s.app.inject({ method: 'GET', url: `/api/trainings/${missing}`, headers: bearer(employee.token) })).statusCode, 404);
    assert.equal((await s.app.inject({ method: 'PUT', url: `/api/trainings/${missing}/viewed`, headers: bearer(employee.token) })).statusCode, 404);
  });

  it("is one library for every account, but shows only the reader's account in viewedBy", async () => {
    const second = await signIn(s.app, 'owner@second.test', SECOND);
    const all = await list(second.token);
    assert.equal(all.total, 3);
    assert.ok(all.trainings.every((t: Training) => t.viewedBy.length === 0));
  });

  it('tells every screen of each item added (the footer badge counts it), with notify or not', async () => {
    const seen: string[] = [];
    const off = s.events.on('trainingCreated', ({ training }) => void seen.push(`${training.title} ${training.notify}`));
    await create(superToken, { title: 'Quiet' });
    await create(superToken, { title: 'Loud', notify: true });
    off();
    assert.deepEqual(seen, ['Quiet false', 'Loud true']);
  });

  it('needs a session', async () => {
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/trainings' })).statusCode, 401);
  });
});
