import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskBoard, TaskCard } from '@agency/contracts';
import { bearer, DEMO, DEMO_ACCOUNTS, signIn, startTestServer, type TestServer } from '../../testing/harness';
import type { Actor } from './access';
import { applyCardEvent } from './cards';
import { createBoard, insertClient, signInOutsider, type Session } from './test-helpers';

let s: TestServer;
let owner: Session, admin: Session, employee: Session, employee2: Session, stranger: Session;
const actor = (x: Session): Actor => ({ accountId: x.account.id, userId: x.user.id, role: x.user.role as Actor['role'] });

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  employee2 = await signIn(s.app, 'employee2@demo.test');
  stranger = await signInOutsider(s.app);
});
after(() => s.close());

const get = (token: string, url: string) => s.app.inject({ method: 'GET', url, headers: bearer(token) });

async function addCards(board: TaskBoard, n: number, by = admin, laneIndex = 0): Promise<TaskCard[]> {
  const cards: TaskCard[] = [];
  for (let i = 0; i < n; i++) {
    const r = await applyCardEvent(s.db, actor(by), board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: `Card ${i + 1}` } });
    cards.push(r.card!);
  }
  if (laneIndex > 0) {
    for (const c of cards)
      await applyCardEvent(s.db, actor(by), board.id, {
        type: 'MOVE_CARD',
        cardId: c.id,
        fromLaneId: board.lanes[0].id,
        toLaneId: board.lanes[laneIndex].id,
        index: 0,
      });
  }
  return cards;
}

describe('task boards over HTTP', () => {
  it('lets admin roles create a board and refuses employees', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'New business', description: 'Quotes in flight' });
    assert.equal(board.boardname, 'New business');
    assert.deepEqual(
      board.lanes.map((l) => l.label),
      ['To do', 'Doing', 'Done'],
    );
    assert.deepEqual([board.total, board.progress, board.completed, board.monitorAlert], [0, 0, 0, false]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/taskboard',
      headers: bearer(employee.token),
      payload: { boardname: 'Mine', lanes: [{ label: 'A' }] },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { message: 'You do not have access to perform this action.' });
  });

  it('answers bad input with a message and saves nothing', async () => {
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from task_boards'))[0].n;
    const noLanes = await s.app.inject({ method: 'POST', url: '/api/taskboard', headers: bearer(admin.token), payload: { boardname: 'X', lanes: [] } });
    assert.equal(noLanes.statusCode, 400);
    assert.equal(noLanes.json().message, 'A board needs at least one lane');
    const badUser = await s.app.inject({
      method: 'POST',
      url: '/api/taskboard',
      headers: bearer(admin.token),
      payload: { boardname: 'X', lanes: [{ label: 'A' }], allowedUsers: [stranger.user.id] },
    });
    assert.equal(badUser.statusCode, 400);
    assert.equal(badUser.json().message, 'Every allowed user must be a user of this agency.');
    const after = (await s.db.query<{ n: number }>('select count(*)::int as n from task_boards'))[0].n;
    assert.equal(after, before);
  });

  it('pages a lane 10 at a time in order, then by id, with keyset paging too', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Paging' });
    await addCards(board, 25);
    const lane = board.lanes[0].id;
    const pages: TaskCard[][] = [];
    for (const page of [1, 2, 3]) {
      const res = await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards?page=${page}&limit=10&sort=order,%20_id`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().total, 25);
      pages.push(res.json().cards);
    }
    assert.deepEqual(
      pages.map((p) => p.length),
      [10, 10, 5],
    );
    const all = pages.flat();
    // new cards go on top: the last added comes first
    assert.equal(all[0].title, 'Card 25');
    assert.equal(all[24].title, 'Card 1');
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].order < all[i].order || (all[i - 1].order === all[i].order && all[i - 1].id < all[i].id));
    assert.equal(new Set(all.map((c) => c.id)).size, 25);
    const after10 = all[9];
    const keyset = await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards?afterOrder=${after10.order}&afterId=${after10.id}`);
    assert.deepEqual(
      keyset.json().cards.map((c: TaskCard) => c.id),
      pages[1].map((c) => c.id),
    );
    const search = await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards?search=Card%202`);
    assert.deepEqual(
      search
        .json()
        .cards.map((c: TaskCard) => c.title)
        .sort(),
      ['Card 2', 'Card 20', 'Card 21', 'Card 22', 'Card 23', 'Card 24', 'Card 25'],
    );
    const bad = await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards?sort=random`);
    assert.equal(bad.statusCode, 400);
  });

  it('counts progress and completion and sorts alerts first, then by name', async () => {
    const a = await createBoard(s.app, admin.token, { boardname: 'aardvark quotes' });
    const z = await createBoard(s.app, admin.token, { boardname: 'Zebra claims', monitor: true });
    const cards = await addCards(a, 4);
    await applyCardEvent(s.db, actor(admin), a.id, { type: 'MOVE_CARD', cardId: cards[0].id, fromLaneId: a.lanes[0].id, toLaneId: a.lanes[1].id, index: 0 });
    await applyCardEvent(s.db, actor(admin), a.id, { type: 'MOVE_CARD', cardId: cards[1].id, fromLaneId: a.lanes[0].id, toLaneId: a.lanes[2].id, index: 0 });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await applyCardEvent(s.db, actor(admin), z.id, {
      type: 'ADD_CARD',
      laneId: z.lanes[0].id,
      card: { title: 'Overdue', dueOn: past, assignedTo: employee.user.id },
    });
    const list: TaskBoard[] = (await get(employee.token, '/api/taskboard')).json();
    const names = list.map((b) => b.boardname);
    assert.ok(names.indexOf('Zebra claims') < names.indexOf('aardvark quotes'), 'the board in alert comes first');
    const zb = list.find((b) => b.id === z.id)!;
    assert.deepEqual([zb.monitorAlert, zb.pastDue, zb.assigned], [true, 1, 1]);
    const ab = list.find((b) => b.id === a.id)!;
    assert.deepEqual([ab.total, ab.progress, ab.completed, ab.monitorAlert], [4, 2, 1, false]);
    const rest = list.filter((b) => !b.monitorAlert).map((b) => b.boardname);
    assert.deepEqual(
      rest,
      [...rest].sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base' })),
    );
  });

  it('keeps boards with allowed users to those users and admin roles', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Private', allowedUsers: [employee.user.id] });
    assert.equal((await get(employee.token, `/api/taskboard/${board.id}`)).statusCode, 200);
    assert.equal((await get(employee2.token, `/api/taskboard/${board.id}`)).statusCode, 403);
    assert.equal((await get(owner.token, `/api/taskboard/${board.id}`)).statusCode, 200);
    const seen = (await get(employee2.token, '/api/taskboard')).json().map((b: TaskBoard) => b.id);
    assert.ok(!seen.includes(board.id));
    const users = (await get(employee.token, `/api/taskboard/${board.id}/users`)).json();
    assert.deepEqual(
      users.map((u: { id: string }) => u.id),
      [employee.user.id],
    );
    const lanes = (await get(employee.token, `/api/taskboard/${board.id}/lanes`)).json();
    assert.deepEqual(
      lanes.map((l: { label: string }) => l.label),
      ['To do', 'Doing', 'Done'],
    );
  });

  it('renames, reorders, adds and deletes lanes, refusing to drop a lane that has cards', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Lanes' });
    const [todo, doing, done] = board.lanes;
    await addCards(board, 1, admin, 1);
    const refused = await s.app.inject({
      method: 'PUT',
      url: `/api/taskboard/${board.id}`,
      headers: bearer(admin.token),
      payload: { lanes: [todo, done] },
    });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, 'The Doing lane still has cards. Clear it before deleting it.');
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/taskboard/${board.id}`,
      headers: bearer(admin.token),
      payload: { boardname: 'Lanes 2', lanes: [{ id: doing.id, label: 'In progress' }, { id: todo.id, label: 'Backlog' }, { label: 'Review' }] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const updated: TaskBoard = res.json();
    assert.equal(updated.boardname, 'Lanes 2');
    assert.deepEqual(
      updated.lanes.map((l) => l.label),
      ['In progress', 'Backlog', 'Review'],
    );
    assert.equal(updated.lanes[0].id, doing.id);
    assert.equal(updated.total, 1);
    const byEmployee = await s.app.inject({
      method: 'PUT',
      url: `/api/taskboard/${board.id}`,
      headers: bearer(employee.token),
      payload: { boardname: 'Hijack' },
    });
    assert.equal(byEmployee.statusCode, 403);
  });

  it('clears a lane for admin roles only', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Clearing' });
    await addCards(board, 3);
    const lane = board.lanes[0].id;
    const refused = await s.app.inject({ method: 'DELETE', url: `/api/taskboard/${board.id}/lanes/${lane}`, headers: bearer(employee.token) });
    assert.equal(refused.statusCode, 403);
    assert.equal((await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards`)).json().total, 3);
    const cleared = await s.app.inject({ method: 'DELETE', url: `/api/taskboard/${board.id}/lanes/${lane}`, headers: bearer(owner.token) });
    assert.deepEqual(cleared.json(), { cleared: 3 });
    assert.equal((await get(employee.token, `/api/taskboard/${board.id}/${lane}/cards`)).json().total, 0);
  });

  it("lists a contact's open cards with each board's lanes", async () => {
    const clientId = await insertClient(s.db, DEMO, 'Carla', 'Client');
    const board = await createBoard(s.app, admin.token, { boardname: 'Client work' });
    await applyCardEvent(s.db, actor(admin), board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Call back', clientId } });
    const res = await get(employee.token, `/api/taskboard/client/${clientId}`);
    assert.equal(res.statusCode, 200);
    const [entry] = res.json();
    assert.equal(entry.taskBoard.boardname, 'Client work');
    assert.equal(entry.taskBoardLane.label, 'To do');
    assert.equal(entry.lanes.length, 3);
    assert.deepEqual(entry.card.client, { id: clientId, name: 'Carla Client' });
  });

  it('sets and sets aside the active task', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Active' });
    const [card] = await addCards(board, 1);
    const set = await s.app.inject({ method: 'PUT', url: '/api/taskboard/active', headers: bearer(employee.token), payload: { cardId: card.id } });
    assert.equal(set.json().card.id, card.id);
    assert.equal((await get(employee.token, '/api/taskboard/active')).json().card.id, card.id);
    await s.app.inject({ method: 'DELETE', url: '/api/taskboard/active', headers: bearer(employee.token) });
    assert.equal((await get(employee.token, '/api/taskboard/active')).json().card, null);
  });

  it("never lets another agency's token reach a board", async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Tenancy' });
    const [card] = await addCards(board, 1);
    const lane = board.lanes[0].id;
    const clientId = await insertClient(s.db, DEMO_ACCOUNTS.demo.id, 'Tina', 'Tenant');
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/taskboard/${board.id}`],
      ['PUT', `/api/taskboard/${board.id}`, { boardname: 'Mine now' }],
      ['DELETE', `/api/taskboard/${board.id}`],
      ['GET', `/api/taskboard/${board.id}/users`],
      ['GET', `/api/taskboard/${board.id}/lanes`],
      ['DELETE', `/api/taskboard/${board.id}/lanes/${lane}`],
      ['GET', `/api/taskboard/${board.id}/${lane}/cards`],
      ['GET', `/api/taskboard/client/${clientId}`],
      ['PUT', '/api/taskboard/active', { cardId: card.id }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await s.app.inject({ method: method as 'GET', url, headers: bearer(stranger.token), payload: payload as object });
      assert.ok([403, 404].includes(res.statusCode), `${method} ${url} answered ${res.statusCode}`);
      assert.ok(typeof res.json().message === 'string');
    }
    const theirs = (await get(stranger.token, '/api/taskboard')).json();
    assert.deepEqual(theirs, []);
    assert.equal((await get(owner.token, `/api/taskboard/${board.id}`)).json().boardname, 'Tenancy');
    await assert.rejects(
      applyCardEvent(s.db, actor(stranger), board.id, { type: 'MOVE_CARD', cardId: card.id, fromLaneId: lane, toLaneId: lane, index: 0 }),
      /Task board not found/,
    );
  });

  it('deletes a board for admin roles only', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Short lived' });
    assert.equal((await s.app.inject({ method: 'DELETE', url: `/api/taskboard/${board.id}`, headers: bearer(employee.token) })).statusCode, 403);
    assert.equal((await s.app.inject({ method: 'DELETE', url: `/api/taskboard/${board.id}`, headers: bearer(admin.token) })).statusCode, 200);
    assert.equal((await get(admin.token, `/api/taskboard/${board.id}`)).statusCode, 404);
  });
});
