import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskCard } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { clientsChanged, tagsChanged } from './listeners';
import { createBoard, insertClient, insertTag, tagClient, untagClient, type Session } from './test-helpers';

let s: TestServer;
let admin: Session;

before(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, 'admin@demo.test');
});
after(() => s.close());

async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function openCards(boardId: string): Promise<TaskCard[]> {
  const board = (await s.app.inject({ method: 'GET', url: `/api/taskboard/${boardId}`, headers: bearer(admin.token) })).json();
  const cards: TaskCard[] = [];
  for (const lane of board.lanes) {
    const res = await s.app.inject({ method: 'GET', url: `/api/taskboard/${boardId}/${lane.id}/cards?limit=100`, headers: bearer(admin.token) });
    cards.push(...res.json().cards);
  }
  return cards;
}

describe('boards that fill themselves from tags', () => {
  it('gives a client who gains a static tag one card in the first lane, and closes it when the tag goes', async () => {
    const tag = await insertTag(s.db, DEMO, 'Renewal due');
    const board = await createBoard(s.app, admin.token, { boardname: 'Renewals by tag', assignedTag: [tag] });
    const client = await insertClient(s.db, DEMO, 'Rita', 'Renew');
    assert.equal((await openCards(board.id)).length, 0);

    await tagClient(s.db, DEMO, client, tag);
    await clientsChanged(s.db, DEMO, [client]);
    const cards = await openCards(board.id);
    assert.equal(cards.length, 1);
    assert.deepEqual([cards[0].title, cards[0].client?.id, cards[0].laneId, cards[0].source], ['Rita Renew', client, board.lanes[0].id, 'tag']);
    assert.equal(cards[0].details, 'Tagged Renewal due');

    // told twice, or at the same moment: still one card
    await Promise.all([clientsChanged(s.db, DEMO, [client]), clientsChanged(s.db, DEMO, [client])]);
    assert.equal((await openCards(board.id)).length, 1);

    await untagClient(s.db, client, tag);
    await clientsChanged(s.db, DEMO, [client]);
    assert.equal((await openCards(board.id)).length, 0);
    const counted = (await s.app.inject({ method: 'GET', url: `/api/taskboard/${board.id}`, headers: bearer(admin.token) })).json();
    assert.equal(counted.total, 0, 'a closed card leaves the lane counts');
    const [closed] = await s.db.query<{ closed_reason: string }>('select closed_reason from task_cards where board_id = $1', [board.id]);
    assert.equal(closed.closed_reason, 'tag removed');

    // gaining it again brings a new card
    await tagClient(s.db, DEMO, client, tag);
    await clientsChanged(s.db, DEMO, [client]);
    assert.equal((await openCards(board.id)).length, 1);
  });

  it('follows a dynamic tag after any change of the client', async () => {
    const tag = await insertTag(s.db, DEMO, 'Smiths', { lastName: { $regex: '^smith', $options: 'i' } });
    const board = await createBoard(s.app, admin.token, { boardname: 'Smith family', assignedTag: [tag] });
    const jones = await insertClient(s.db, DEMO, 'Jan', 'Jones');
    await clientsChanged(s.db, DEMO, [jones]);
    assert.equal((await openCards(board.id)).length, 0);

    await s.db.query(`update clients set data = data || '{"lastName": "Smithers"}' where id = $1`, [jones]);
    await clientsChanged(s.db, DEMO, [jones]);
    const cards = await openCards(board.id);
    assert.equal(cards.length, 1);
    assert.equal(cards[0].client?.name, 'Jan Smithers');

    await s.db.query(`update clients set data = data || '{"lastName": "Jones"}' where id = $1`, [jones]);
    await clientsChanged(s.db, DEMO, [jones]);
    assert.equal((await openCards(board.id)).length, 0);
  });

  it('fills a board from the clients already holding its tags, and empties it when the tags are taken off', async () => {
    const tag = await insertTag(s.db, DEMO, 'Life prospects');
    const clients = [await insertClient(s.db, DEMO, 'Lee', 'One'), await insertClient(s.db, DEMO, 'Lou', 'Two')];
    for (const c of clients) await tagClient(s.db, DEMO, c, tag);
    const board = await createBoard(s.app, admin.token, { boardname: 'Life', assignedTag: [tag] });
    assert.deepEqual((await openCards(board.id)).map((c) => c.client?.id).sort(), [...clients].sort());
    const res = await s.app.inject({ method: 'PUT', url: `/api/taskboard/${board.id}`, headers: bearer(admin.token), payload: { assignedTag: [] } });
    assert.equal(res.statusCode, 200);
    assert.equal((await openCards(board.id)).length, 0);
  });

  it('does not bring back a card cleared from a lane while the client keeps the tag', async () => {
    const tag = await insertTag(s.db, DEMO, 'Cleared');
    const client = await insertClient(s.db, DEMO, 'Cleo', 'Clear');
    await tagClient(s.db, DEMO, client, tag);
    const board = await createBoard(s.app, admin.token, { boardname: 'Clear me', assignedTag: [tag] });
    assert.equal((await openCards(board.id)).length, 1);
    await s.app.inject({ method: 'DELETE', url: `/api/taskboard/${board.id}/lanes/${board.lanes[0].id}`, headers: bearer(admin.token) });
    await clientsChanged(s.db, DEMO, [client]);
    assert.equal((await openCards(board.id)).length, 0);
  });

  it('closes the cards of a tag that was deleted', async () => {
    const tag = await insertTag(s.db, DEMO, 'Short lived tag');
    const client = await insertClient(s.db, DEMO, 'Dee', 'Leted');
    await tagClient(s.db, DEMO, client, tag);
    const board = await createBoard(s.app, admin.token, { boardname: 'Loses its tag', assignedTag: [tag] });
    assert.equal((await openCards(board.id)).length, 1);
    await s.db.query('delete from tags where id = $1', [tag]);
    await tagsChanged(s.db, DEMO, [tag]);
    assert.equal((await openCards(board.id)).length, 0);
    const after = (await s.app.inject({ method: 'GET', url: `/api/taskboard/${board.id}`, headers: bearer(admin.token) })).json();
    assert.deepEqual(after.assignedTag, []);
  });

  it('follows the contacts screens: tagging a contact there brings its card, untagging closes it', async () => {
    const tag = await insertTag(s.db, DEMO, 'Commercial prospects');
    const board = await createBoard(s.app, admin.token, { boardname: 'Commercial', assignedTag: [tag] });
    const client = await insertClient(s.db, DEMO, 'Bright', 'Bakery');
    const put = (isActive: boolean) =>
      s.app.inject({ method: 'PUT', url: `/api/clients/${client}/tags`, headers: bearer(admin.token), payload: { tags: [{ id: tag, isActive }] } });
    assert.equal((await put(true)).statusCode, 200);
    await eventually(async () => (await openCards(board.id)).length === 1);
    assert.equal((await openCards(board.id))[0].title, 'Bright Bakery');
    assert.equal((await put(false)).statusCode, 200);
    await eventually(async () => (await openCards(board.id)).length === 0);
  });

  it('refuses a tag of another agency', async () => {
    const other = await insertTag(s.db, '00000000-0000-4000-8000-000000000002', 'Theirs');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/taskboard',
      headers: bearer(admin.token),
      payload: { boardname: 'Sneaky', lanes: [{ label: 'A' }], assignedTag: [other] },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Every assigned tag must be a tag of this agency.');
  });
});
