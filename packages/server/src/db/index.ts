import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** What every module uses to reach the database, on PGlite or PostgreSQL alike. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** The connection string, on PostgreSQL. */
  url?: string;
  /** Runs fn in one transaction: all of it is written, or none. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** For pg-boss: one statement with values, or a script without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  await lite.waitReady;
  // PGlite runs one query at a time; a transaction must not interleave with other callers' queries.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => serial(async () => (await lite.query<never>(sql, params)).rows),
    tx: (fn) => serial(() => lite.transaction(async (t) => fn({ query: async (sql, params) => (await t.query<never>(sql, params)).rows }))),
    exec: (sql) => serial(async () => void (await lite.exec(sql))),
    executeSql: (text, values) =>
      serial(async () => {
        if (values && values.length) return { rows: (await lite.query<Row>(text, values)).rows };
        const results = await lite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Row[] };
      }),
    close: () => lite.close(),
  };
  return db;
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('database:', err.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    url,
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
    close: () => pool.end(),
  };
}

export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
