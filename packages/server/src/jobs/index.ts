import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/index';

/*
 * Background jobs (scheduled texts, reminders, campaign runs...) on pg-boss 10, in the app's own
 * database: rows with a due time, claimed with FOR UPDATE SKIP LOCKED, so a job survives a restart
 * and one run is never taken by two workers. On PostgreSQL pg-boss keeps its own small pool from
 * the connection string; on PGlite it goes through the Db's executeSql, which runs after the app's
 * other queries (PGlite serves one query at a time).
 */

export interface JobInfo {
  id: string;
  name: string;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface Jobs {
  /**
   * Runs `name`'s handler with `data` at `runAt` (now when omitted). Returns the job id. With `q`
   * (a transaction) the job is written in it: it exists exactly when the transaction commits.
   * The queue must already be known (its worker registered) when a transaction is given.
   */
  schedule<T extends object>(name: string, data: T, runAt?: Date, q?: Queryable): Promise<string>;
  /**
   * Handles the jobs of `name`, one at a time, without pausing while more are due. A handler that
   * throws is retried (twice by default).
   */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /**
   * Runs `handler` on a cron schedule (minute precision) as a pg-boss schedule: one job each time
   * across every process sharing the database, so a sweep never runs twice at once.
   */
  every(name: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** The job's state: created, retry, active, completed, cancelled or failed (null when unknown). */
  state(name: string, id: string): Promise<string | null>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** How often an idle worker looks for due jobs (pg-boss allows 0.5 at least). */
  pollingIntervalSeconds?: number;
}

/**
 * Runs `work` again when PostgreSQL aborted it as one side of a deadlock (40P01): two API hosts
 * starting together on a new database both create pg-boss's queues (a table each), and PostgreSQL
 * resolves their lock cycle by failing one of them, which then succeeds on its own.
 */
export async function againAfterDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || (err as { code?: string }).code !== '40P01') throw err;
    }
  }
}

/** Jobs fetched at once by a worker (handled one after another). */
const BATCH_SIZE = 20;

export async function startJobs(db: Db, opts: JobsOptions = {}): Promise<Jobs> {
  const boss = db.kind === 'postgres' && db.url ? new PgBoss({ connectionString: db.url, max: 4 }) : new PgBoss({ db: { executeSql: db.executeSql } });
  boss.on('error', (err) => console.error('jobs:', err));
  await boss.start();

  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = againAfterDeadlock(() => boss.createQueue(name));
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };
  const pollingIntervalSeconds = Math.max(0.5, opts.pollingIntervalSeconds ?? 2);

  const jobs: Jobs = {
    async schedule(name, data, runAt, q) {
      await ensureQueue(name);
      const inTransaction = q ? { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await q.query(text, values) }) } } : {};
      const id = await boss.send(name, data, { ...(runAt ? { startAfter: runAt } : {}), ...inTransaction });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    async work<T extends object>(name: string, handler: JobHandler<T>) {
      await ensureQueue(name);
      let workerId = '';
      workerId = await boss.work<T>(name, { pollingIntervalSeconds, batchSize: BATCH_SIZE }, async (batch) => {
        for (const job of batch) {
          try {
            await handler(job.data, { id: job.id, name: job.name });
          } catch (err) {
            // This job alone is retried; the others of the batch are done.
            await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
        // A full batch means more are waiting: fetch again now, not after the polling interval.
        if (batch.length === BATCH_SIZE) boss.notifyWorker(workerId);
      });
    },
    async every(name, cron, handler) {
      await jobs.work(name, () => handler());
      await boss.schedule(name, cron);
    },
    async state(name, id) {
      const job = await boss.getJobById(name, id);
      return job?.state ?? null;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
  return jobs;
}

export const stopJobs = (jobs: Jobs) => jobs.stop();
