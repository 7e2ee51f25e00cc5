import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPostgres, type Db } from '../../db/index';
import { bearer, freshDb, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { connectSocket, createBoard, eventually, type TestSocket } from './test-helpers';

/**
 * Two API processes behind Redis: a board changed over HTTP on process B, where no socket of the
 * account is connected, reaches the screen on process A. Runs when REDIS_URL is set (npm test sets
 * it for its PostgreSQL + Redis pass).
 */
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  let a: TestServer;
  let b: TestServer;
  let db: Awaited<ReturnType<typeof freshDb>>;
  let dbOfB: typeof db;
  let screen: TestSocket;

  before(async () => {
    db = await freshDb();
    // Each process has its own connection pool, as two API processes would.
    const pool: Db | null = db.url ? await openPostgres(db.url) : null;
    dbOfB = pool ? Object.assign(pool, { drop: () => pool.close() }) : db;
    a = await startTestServer({ listen: true, db, redisUrl, redisKey: 'taskboards-redis-test' });
    b = await startTestServer({ listen: true, db: dbOfB, redisUrl, redisKey: 'taskboards-redis-test' });
    screen = await connectSocket(a.url!, await signIn(a.app, 'employee@demo.test'));
  });
  after(async () => {
    screen.close();
    await a.close();
    await b.close();
    if (dbOfB !== db) await dbOfB.drop();
    await db.drop();
  });

  describe('task boards across two API processes and Redis', () => {
    it('a change made on a process with no socket of the account reaches a screen on the other', async () => {
      const admin = await signIn(b.app, 'admin@demo.test');
      const board = await createBoard(b.app, admin.token, { boardname: 'Across' });
      assert.equal((await screen.join(board.id)).ok, true);
      const res = await b.app.inject({
        method: 'PUT',
        url: `/api/taskboard/${board.id}`,
        headers: bearer(admin.token),
        payload: { boardname: 'Across processes' },
      });
      assert.equal(res.statusCode, 200, res.body);
      await eventually(() => screen.events.some((e) => e.type === 'BOARD_UPDATED'), 'the screen on A to see the change made on B');
    });
  });
}
