import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskBoard, TaskBoardServerEvent, TaskCard } from '@agency/contracts';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { taskBoardTick } from './ticker';
import { connectSocket, createBoard, eventually, insertTag, type Session, type TestSocket } from './test-helpers';

let s: TestServer;
let admin: Session, employee: Session, employee2: Session, owner: Session;
const sockets: TestSocket[] = [];
const open = async (x: Session) => {
  const t = await connectSocket(s.url!, x);
  sockets.push(t);
  return t;
};

before(async () => {
  s = await startTestServer({ listen: true });
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  employee2 = await signIn(s.app, 'employee2@demo.test');
});
after(async () => {
  for (const t of sockets) t.close();
  await s.close();
});

async function laneIds(board: TaskBoard, laneIndex: number): Promise<string[]> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/taskboard/${board.id}/${board.lanes[laneIndex].id}/cards?limit=100`,
    headers: bearer(admin.token),
  });
  return res.json().cards.map((c: TaskCard) => c.id);
}

describe('taskBoard_* socket events', () => {
  it('sends card events to everyone who joined the board, and only them', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Live' });
    const a = await open(employee);
    const b = await open(employee2);
    const outsider = await open(owner);
    assert.deepEqual(await a.join(board.id), { ok: true, seq: 0 });
    assert.equal((await b.join(board.id)).ok, true);
    const added = await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Quote for Jones', details: 'Auto + home' } });
    assert.equal(added.ok, true);
    await eventually(() => b.events.some((e) => e.type === 'ADD_CARD'), 'the other screen to see the card');
    const ev = b.events.find((e) => e.type === 'ADD_CARD') as Extract<TaskBoardServerEvent, { type: 'ADD_CARD' }>;
    assert.equal(ev.card.title, 'Quote for Jones');
    assert.equal(ev.by, employee.user.id);
    assert.equal(outsider.events.length, 0);
    b.socket.emit('taskBoard_leaveBoard', board.id);
    await new Promise((r) => setTimeout(r, 50));
    const card = (added as { card: TaskCard }).card;
    await a.send(board.id, { type: 'UPDATE_CARD', cardId: card.id, card: { title: 'Quote for the Joneses' } });
    await eventually(() => a.events.some((e) => e.type === 'UPDATE_CARD'), 'the mover to see the update');
    assert.ok(!b.events.some((e) => e.type === 'UPDATE_CARD'), 'a screen that left hears nothing more');
  });

  it('a person taken off a board is told it is gone and hears nothing more of it, at once', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Narrowed' });
    const leaving = await open(employee);
    const staying = await open(employee2);
    assert.equal((await leaving.join(board.id)).ok, true);
    assert.equal((await staying.join(board.id)).ok, true);
    const narrowed = await s.app.inject({
      method: 'PUT',
      url: `/api/taskboard/${board.id}`,
      headers: bearer(admin.token),
      payload: { allowedUsers: [employee2.user.id] },
    });
    assert.equal(narrowed.statusCode, 200, narrowed.body);
    await eventually(() => leaving.events.some((e) => e.type === 'BOARD_DELETED'), 'the removed person to be told');
    await eventually(() => staying.events.some((e) => e.type === 'BOARD_UPDATED'), 'the one who stays to see the change');
    assert.ok(!leaving.events.some((e) => e.type === 'BOARD_UPDATED'), 'the removed person never sees the new board');
    await staying.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Only for the team left' } });
    await eventually(() => staying.events.some((e) => e.type === 'ADD_CARD'), 'the card on the staying screen');
    assert.ok(!leaving.events.some((e) => e.type === 'ADD_CARD'), 'and not on the removed one');
    assert.equal((await leaving.join(board.id)).ok, false, 'nor can they join again');
  });

  it('adds only in the first lane, and never on a board with assigned tags', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Adding' });
    const a = await open(employee);
    const second = await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[1].id, card: { title: 'x' } });
    assert.deepEqual(second, { ok: false, message: 'Cards can only be added to the first lane.' });
    const tag = await insertTag(s.db, admin.account.id, 'Renewal due');
    const tagged = await createBoard(s.app, admin.token, { boardname: 'Tagged', assignedTag: [tag] });
    const refused = await a.send(tagged.id, { type: 'ADD_CARD', laneId: tagged.lanes[0].id, card: { title: 'x' } });
    assert.deepEqual(refused, { ok: false, message: 'Cards of a board with assigned tags come from its tags.' });
  });

  it("deletes for the card's creator, assignee or admin roles, never on tagged boards", async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Deleting' });
    const a = await open(employee);
    const b = await open(employee2);
    const adm = await open(admin);
    const mk = async () => ((await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'd' } })) as { card: TaskCard }).card;
    const c1 = await mk();
    assert.deepEqual(await b.send(board.id, { type: 'DELETE_CARD', cardId: c1.id }), {
      ok: false,
      message: "Only the card's creator, its assignee or an admin can delete it.",
    });
    assert.equal((await a.send(board.id, { type: 'DELETE_CARD', cardId: c1.id })).ok, true);
    const c2 = await mk();
    await a.send(board.id, { type: 'UPDATE_CARD', cardId: c2.id, card: { assignedTo: employee2.user.id } });
    assert.equal((await b.send(board.id, { type: 'DELETE_CARD', cardId: c2.id })).ok, true);
    const c3 = await mk();
    assert.equal((await adm.send(board.id, { type: 'DELETE_CARD', cardId: c3.id })).ok, true);
    assert.deepEqual(await a.send(board.id, { type: 'DELETE_CARD', cardId: c3.id }), { ok: false, message: 'Error finding card to update.' });
    const tag = await insertTag(s.db, admin.account.id, 'Top clients (board test)');
    const tagged = await createBoard(s.app, admin.token, { boardname: 'Tagged deleting', assignedTag: [tag] });
    assert.deepEqual(await adm.send(tagged.id, { type: 'DELETE_CARD', cardId: c3.id }), {
      ok: false,
      message: 'Cards of a board with assigned tags cannot be deleted.',
    });
  });

  it('assigns to board users only, unassigns, and answers a gone card with the catalogue message', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Assigning', allowedUsers: [employee.user.id, admin.user.id] });
    const a = await open(employee);
    const card = ((await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'a' } })) as { card: TaskCard }).card;
    const assigned = (await a.send(board.id, { type: 'UPDATE_CARD', cardId: card.id, card: { assignedTo: employee.user.id } })) as { card: TaskCard };
    assert.equal(assigned.card.assignedTo?.id, employee.user.id);
    assert.ok(assigned.card.assignedOn);
    assert.deepEqual(await a.send(board.id, { type: 'UPDATE_CARD', cardId: card.id, card: { assignedTo: employee2.user.id } }), {
      ok: false,
      message: 'The assignee must be one of the board users.',
    });
    const un = (await a.send(board.id, { type: 'UPDATE_CARD', cardId: card.id, card: { assignedTo: null } })) as { card: TaskCard };
    assert.deepEqual([un.card.assignedTo, un.card.assignedOn], [null, null]);
    assert.deepEqual(await a.send(board.id, { type: 'UPDATE_CARD', cardId: '00000000-0000-4000-8000-00000000dead', card: { title: 'x' } }), {
      ok: false,
      message: 'Error finding card to update.',
    });
    const outsider = await open(employee2);
    assert.deepEqual(await outsider.join(board.id), { ok: false, message: 'You do not have access to perform this action.' });
    assert.deepEqual(await outsider.send(board.id, { type: 'UPDATE_CARD', cardId: card.id, card: { title: 'x' } }), {
      ok: false,
      message: 'You do not have access to perform this action.',
    });
  });

  it('logs and refuses an unknown card event', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Unknown' });
    const a = await open(employee);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (msg: string) => void warnings.push(msg);
    try {
      const res = await a.socket.timeout(5_000).emitWithAck('taskBoard_updateCard', { boardId: board.id, event: { type: 'SHUFFLE_CARDS' } });
      assert.deepEqual(res, { ok: false, message: 'Unknown card event.' });
    } finally {
      console.warn = warn;
    }
    assert.ok(warnings.some((w) => w.includes('SHUFFLE_CARDS')));
  });

  it('moves cards within and between lanes in the order asked for', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Moving' });
    const a = await open(employee);
    const ids: string[] = [];
    for (const t of ['A', 'B', 'C'])
      ids.unshift(((await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: t } })) as { card: TaskCard }).card.id);
    // lane 0 now C, B, A → move A to the top
    const [c, b, aId] = ids;
    await a.send(board.id, { type: 'MOVE_CARD', cardId: aId, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[0].id, index: 0 });
    assert.deepEqual(await laneIds(board, 0), [aId, c, b]);
    await a.send(board.id, { type: 'MOVE_CARD', cardId: c, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[1].id, index: 5 });
    await a.send(board.id, { type: 'MOVE_CARD', cardId: b, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[1].id, index: 0 });
    assert.deepEqual(await laneIds(board, 0), [aId]);
    assert.deepEqual(await laneIds(board, 1), [b, c]);
    await a.send(board.id, { type: 'MOVE_CARD', cardId: aId, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[1].id, index: 1 });
    assert.deepEqual(await laneIds(board, 1), [b, aId, c]);
  });

  it('converges on one order on every screen when two people move cards in the same lane at once', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Race' });
    const a = await open(employee);
    const b = await open(employee2);
    await a.join(board.id);
    await b.join(board.id);
    const lanes = board.lanes.map((l) => l.id);
    const cards: TaskCard[] = [];
    for (let i = 0; i < 12; i++)
      cards.push(((await a.send(board.id, { type: 'ADD_CARD', laneId: lanes[0], card: { title: `R${i}` } })) as { card: TaskCard }).card);
    // each screen keeps its own model from the events it hears, the way the board screen does
    const model = (t: TestSocket) => {
      const byCard = new Map<string, { lane: string; order: number; seq: number }>();
      for (const c of cards) byCard.set(c.id, { lane: c.laneId, order: c.order, seq: 0 });
      return () => {
        for (const e of t.events) {
          if ((e.type === 'MOVE_CARD' || e.type === 'ADD_CARD' || e.type === 'UPDATE_CARD') && e.seq >= (byCard.get(e.card.id)?.seq ?? 0)) {
            byCard.set(e.card.id, { lane: e.card.laneId, order: e.card.order, seq: e.seq });
          }
        }
        return lanes.map((lane) =>
          [...byCard.entries()]
            .filter(([, v]) => v.lane === lane)
            .sort(([ia, x], [ib, y]) => x.order - y.order || (ia < ib ? -1 : 1))
            .map(([id]) => id),
        );
      };
    };
    const seenByA = model(a);
    const seenByB = model(b);
    const before = a.events.length;
    // 40 moves fired at once from both sockets, many on the same cards and the same lane
    const moves = [];
    for (let i = 0; i < 40; i++) {
      const who = i % 2 ? a : b;
      const card = cards[(i * 7) % cards.length];
      moves.push(who.send(board.id, { type: 'MOVE_CARD', cardId: card.id, fromLaneId: lanes[0], toLaneId: lanes[i % 3 === 0 ? 1 : 0], index: (i * 5) % 9 }));
    }
    const acks = await Promise.all(moves);
    assert.ok(
      acks.every((r) => r.ok),
      JSON.stringify(acks.find((r) => !r.ok)),
    );
    await eventually(() => a.events.length - before >= 40 && b.events.length - before >= 40, 'every move to reach both screens');
    const server = [await laneIds(board, 0), await laneIds(board, 1), await laneIds(board, 2)];
    assert.deepEqual(seenByA(), server);
    assert.deepEqual(seenByB(), server);
    const all = server.flat();
    assert.equal(all.length, 12, 'no card lost');
    assert.equal(new Set(all).size, 12, 'no card doubled');
    const seqs = a.events.slice(before).map((e) => e.seq);
    assert.equal(new Set(seqs).size, seqs.length, 'every change has its own number');
  });

  it("feeds the Tasks badge with the user's alerts on monitored boards", async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Monitored', monitor: true });
    const watcher = await open(employee2);
    await eventually(() => watcher.other.some((o) => o.event === 'taskBoard_alerts'), 'the first count on connect');
    const last = () => [...watcher.other].reverse().find((o) => o.event === 'taskBoard_alerts')?.payload as { count: number };
    assert.equal(last().count, 0);
    const a = await open(admin);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const card = (
      (await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Late', dueOn: past, assignedTo: employee2.user.id } })) as {
        card: TaskCard;
      }
    ).card;
    await eventually(() => last().count === 1, 'the badge to count the late card');
    await a.send(board.id, { type: 'MOVE_CARD', cardId: card.id, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[2].id, index: 0 });
    await eventually(() => last().count === 0, 'a completed card to stop counting');
    // a due date passing later is picked up by the clock
    const soon = new Date(Date.now() + 300).toISOString();
    await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Soon', dueOn: soon, assignedTo: employee2.user.id } });
    await new Promise((r) => setTimeout(r, 400));
    await taskBoardTick(s.db);
    await eventually(() => last().count === 1, 'the clock to raise the alert');
  });

  it('tells the user their active task, and clears it when the card is done', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Active live' });
    const a = await open(employee);
    const card = ((await a.send(board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'Work me' } })) as { card: TaskCard }).card;
    await s.app.inject({ method: 'PUT', url: '/api/taskboard/active', headers: bearer(employee.token), payload: { cardId: card.id } });
    const active = () => [...a.other].reverse().find((o) => o.event === 'taskBoard_activeTask')?.payload as { card: TaskCard | null } | undefined;
    await eventually(() => active()?.card?.id === card.id, 'the active task');
    await a.send(board.id, { type: 'MOVE_CARD', cardId: card.id, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[2].id, index: 0 });
    await eventually(() => active()?.card === null, 'the done card to leave the toast');
  });
});
