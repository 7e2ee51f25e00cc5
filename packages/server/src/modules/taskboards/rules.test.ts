import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskCard } from '@agency/contracts';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import type { Actor } from './access';
import { applyCardEvent } from './cards';
import { dueOccurrence, nextDue, spawnDueRepeats } from './recurring';
import { createBoard, type Session } from './test-helpers';

describe('repeating cards', () => {
  it('steps daily, weekly and monthly, keeping the day of the month where it can', () => {
    const d = new Date('2025-01-31T15:00:00Z');
    assert.equal(nextDue(d, 'daily').toISOString(), '2025-02-01T15:00:00.000Z');
    assert.equal(nextDue(d, 'weekly').toISOString(), '2025-02-07T15:00:00.000Z');
    assert.equal(nextDue(d, 'monthly').toISOString(), '2025-02-28T15:00:00.000Z');
  });
  it('skips occurrences missed while nobody was looking', () => {
    const due = new Date('2025-03-01T09:00:00Z');
    assert.equal(dueOccurrence(due, 'daily', new Date('2025-03-01T20:00:00Z')), null);
    assert.equal(dueOccurrence(due, 'daily', new Date('2025-03-05T10:00:00Z'))?.toISOString(), '2025-03-05T09:00:00.000Z');
  });

  let s: TestServer;
  let admin: Session;
  before(async () => {
    s = await startTestServer();
    admin = await signIn(s.app, 'admin@demo.test');
  });
  after(() => s.close());

  it('puts the next card in the first lane when it falls due, once', async () => {
    const board = await createBoard(s.app, admin.token, { boardname: 'Weekly review' });
    const actor: Actor = { accountId: admin.account.id, userId: admin.user.id, role: 'admin' };
    const due = new Date(Date.now() - 8 * 86_400_000);
    const refused = applyCardEvent(s.db, actor, board.id, { type: 'ADD_CARD', laneId: board.lanes[0].id, card: { title: 'No date', repeat: 'weekly' } });
    await assert.rejects(refused, /A repeating card needs a due date\./);
    const { card } = await applyCardEvent(s.db, actor, board.id, {
      type: 'ADD_CARD',
      laneId: board.lanes[0].id,
      card: { title: 'Pipeline review', repeat: 'weekly', dueOn: due.toISOString(), assignedTo: admin.user.id },
    });
    await applyCardEvent(s.db, actor, board.id, { type: 'MOVE_CARD', cardId: card!.id, fromLaneId: board.lanes[0].id, toLaneId: board.lanes[2].id, index: 0 });
    const spawned = await spawnDueRepeats(s.db);
    assert.equal(spawned.length, 1);
    assert.equal((await spawnDueRepeats(s.db)).length, 0, 'never twice');
    const res = await s.app.inject({ method: 'GET', url: `/api/taskboard/${board.id}/${board.lanes[0].id}/cards`, headers: bearer(admin.token) });
    const [next]: TaskCard[] = res.json().cards;
    assert.equal(next.title, 'Pipeline review');
    assert.equal(next.source, 'repeat');
    assert.equal(next.repeat, 'weekly');
    assert.equal(next.dueOn, new Date(due.getTime() + 7 * 86_400_000).toISOString());
    assert.equal(next.assignedTo?.id, admin.user.id);
  });
});
