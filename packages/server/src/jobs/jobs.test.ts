import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb } from '../testing/harness';
import { againAfterDeadlock, startJobs, type Jobs } from './index';

type TestDb = Awaited<ReturnType<typeof freshDb>>;
let db: TestDb;
before(async () => {
  db = await freshDb();
});
after(() => db.drop());

const until = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe(`jobs (pg-boss on ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a job scheduled for now exactly once', async () => {
    const jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    try {
      const runs: Array<{ n: number }> = [];
      await jobs.work<{ n: number }>('test-now', async (data) => void runs.push(data));
      const id = await jobs.schedule('test-now', { n: 1 });
      // Completed is final: a job pg-boss has completed never runs again.
      await until(async () => (await jobs.state('test-now', id)) === 'completed');
      assert.deepEqual(runs, [{ n: 1 }]);
      assert.equal(await jobs.state('test-now', id), 'completed');
    } finally {
      await jobs.stop();
    }
  });

  it('keeps a recurring job as one pg-boss schedule, however many processes ask, and works its runs', async () => {
    const [a, b] = [await startJobs(db, { pollingIntervalSeconds: 0.5 }), await startJobs(db, { pollingIntervalSeconds: 0.5 })];
    try {
      let runs = 0;
      await a.every('test-every', '*/10 * * * *', async () => void runs++);
      await b.every('test-every', '*/10 * * * *', async () => void runs++);
      const schedules = await db.query<{ name: string; cron: string }>(`select name, cron from pgboss.schedule where name = 'test-every'`);
      assert.deepEqual(schedules, [{ name: 'test-every', cron: '*/10 * * * *' }]);
      // a run of the schedule (what the cron sends) is taken by one process
      const id = await a.schedule('test-every', {});
      await until(async () => (await a.state('test-every', id)) === 'completed');
      assert.equal(runs, 1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('does not run a job before its time', async () => {
    const jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    try {
      let ranAt = 0;
      await jobs.work('test-later', async () => void (ranAt = Date.now()));
      const runAt = new Date(Date.now() + 1_500);
      await jobs.schedule('test-later', {}, runAt);
      await until(() => ranAt > 0);
      assert.ok(ranAt >= runAt.getTime(), `ran ${runAt.getTime() - ranAt} ms early`);
    } finally {
      await jobs.stop();
    }
  });

  it('keeps a job across a restart', async () => {
    const before: Jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    const id = await before.schedule('test-restart', { reminder: 'call back' }, new Date(Date.now() + 1_000));
    await before.stop();

    const after_: Jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    try {
      const runs: unknown[] = [];
      await after_.work('test-restart', async (data, job) => {
        assert.equal(job.id, id);
        runs.push(data);
      });
      await until(async () => (await after_.state('test-restart', id)) === 'completed');
      assert.deepEqual(runs, [{ reminder: 'call back' }]);
    } finally {
      await after_.stop();
    }
  });

  it('retries a job whose handler fails', async () => {
    const jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    try {
      let attempts = 0;
      await jobs.work('test-retry', async () => {
        attempts++;
        if (attempts === 1) throw new Error('carrier down');
      });
      const id = await jobs.schedule('test-retry', {});
      await until(async () => (await jobs.state('test-retry', id)) === 'completed');
      assert.equal(attempts, 2);
    } finally {
      await jobs.stop();
    }
  });

  it('works through a backlog without waiting a poll between jobs', async () => {
    // A poll a minute: only going straight on from a full batch finishes in time.
    const jobs = await startJobs(db, { pollingIntervalSeconds: 60 });
    try {
      for (let n = 0; n < 50; n++) await jobs.schedule('test-backlog', { n });
      const runs: number[] = [];
      await jobs.work<{ n: number }>('test-backlog', async ({ n }) => void runs.push(n));
      await until(() => runs.length === 50);
      assert.deepEqual(
        [...runs].sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, n) => n),
      );
    } finally {
      await jobs.stop();
    }
  });

  it('retries only the job of a batch that failed', async () => {
    const jobs = await startJobs(db, { pollingIntervalSeconds: 0.5 });
    try {
      const runs = new Map<number, number>();
      const ids: string[] = [];
      for (let n = 0; n < 5; n++) ids.push(await jobs.schedule('test-batch-retry', { n }));
      await jobs.work<{ n: number }>('test-batch-retry', async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        if (n === 2 && runs.get(n) === 1) throw new Error('carrier down');
      });
      await until(async () => (await Promise.all(ids.map((id) => jobs.state('test-batch-retry', id)))).every((state) => state === 'completed'));
      assert.deepEqual(
        [...runs.entries()].sort((a, b) => a[0] - b[0]),
        [
          [0, 1],
          [1, 1],
          [2, 2],
          [3, 1],
          [4, 1],
        ],
      );
    } finally {
      await jobs.stop();
    }
  });
});

describe('againAfterDeadlock', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs the work again when PostgreSQL chose it as a deadlock victim', async () => {
    let calls = 0;
    const result = await againAfterDeadlock(async () => {
      calls++;
      if (calls < 3) throw deadlock();
      return 'queue created';
    });
    assert.equal(result, 'queue created');
    assert.equal(calls, 3);
  });

  it('gives up after its attempts, and never runs again on any other error', async () => {
    let calls = 0;
    await assert.rejects(
      againAfterDeadlock(async () => {
        calls++;
        throw deadlock();
      }, 3),
      /deadlock detected/,
    );
    assert.equal(calls, 3);
    calls = 0;
    await assert.rejects(
      againAfterDeadlock(async () => {
        calls++;
        throw Object.assign(new Error('permission denied'), { code: '42501' });
      }),
      /permission denied/,
    );
    assert.equal(calls, 1);
  });
});
