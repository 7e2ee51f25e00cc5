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
  /**
   * Hears NOTIFY on `channel`, delivered when the notifying transaction commits. `own` is true for
   * what this process's own writes notified, heard before their query or commit resolves.
   * `onListening(false)` says notifications may be missed from now on (the listening connection was
   * lost), `true` that they are heard again. Resolves, listening, with the function that stops.
   */
  listen(channel: string, onMessage: (payload: string, own: boolean) => void, onListening: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PGlite in `dataDir`, in memory when there is none, or in memory from a `dumpDataDir()` snapshot
 * (which skips initdb: a third of the time of a fresh one).
 */
export async function openPglite(dataDir?: string | Blob): Promise<PgliteDb> {
  const lite = typeof dataDir === 'string' ? await PGlite.create(dataDir) : await PGlite.create(dataDir ? { loadDataDir: dataDir } : {});
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
    // In one process nothing is ever missed: PGlite calls back before the notifying query resolves.
    listen: async (channel, onMessage) => {
      const stop = await serial(() => lite.listen(channel, (payload) => onMessage(payload, true)));
      return () => serial(() => stop());
    },
    close: () => lite.close(),
  };
  return Object.assign(db, {
    dumpDataDir: () => serial(async () => (await lite.dumpDataDir('none')) as Blob),
    snapshot: () =>
      serial(async () => {
        // Between two queries of the queue no transaction is open: the files are a consistent copy.
        await lite.exec('checkpoint');
        const counts = await countRows({ query: async (sql, params) => (await lite.query<never>(sql, params)).rows });
        return { counts, data: (await lite.dumpDataDir('none')) as Blob };
      }),
  });
}

export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
  /** The data folder as a tar and the rows of every table, taken together between two queries. */
  snapshot(): Promise<{ counts: Record<string, number>; data: Blob }>;
}

/** The rows of every table of the database's own schemas, by `schema.table`. */
export async function countRows(q: Queryable): Promise<Record<string, number>> {
  const tables = await q.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
      order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n from ${name}`);
    counts[name] = n;
  }
  return counts;
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('database:', err.message));
  // Each connection also listens on the channels listened to, so a write hears what it notified
  // itself (PostgreSQL sends it before the commit's answer) and says it is its own. The LISTENs run
  // when a connection is taken, before what it was taken for: one query at a time on a connection
  // (pg 9 will refuse a query sent while another runs).
  const channels = new Map<string, Set<(payload: string, own: boolean) => void>>();
  const listening = new WeakMap<pg.PoolClient, Set<string>>();
  async function take(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    try {
      let heard = listening.get(client);
      if (!heard) {
        listening.set(client, (heard = new Set()));
        // A connection lost while taken fails the query it runs (and is let go with it); the error
        // it also emits must not crash the process (the pool listens only while it is idle).
        client.on('error', () => undefined);
        client.on('notification', (n) => {
          const own = n.processId === (client as unknown as { processID: number }).processID;
          for (const heard of channels.get(n.channel) ?? []) heard(n.payload ?? '', own);
        });
      }
      for (const channel of channels.keys()) {
        if (heard.has(channel)) continue;
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
        heard.add(channel);
      }
      return client;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }
  /** One statement on a connection of the pool (a failed one's connection is let go, as pool.query does). */
  async function poolQuery(sql: string, params?: unknown[]): Promise<Row[]> {
    const client = await take();
    try {
      const { rows } = await client.query(sql, params);
      client.release();
      return rows;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }
  await poolQuery('select 1');
  return {
    kind: 'postgres',
    url,
    query: async <T = Row>(sql: string, params?: unknown[]) => (await poolQuery(sql, params)) as T[],
    tx: async (fn) => {
      const client = await take();
      // A transaction's statements run one after another, even when its callback issues several at once.
      let chain: Promise<unknown> = Promise.resolve();
      const serial = <T>(run: () => Promise<T>): Promise<T> => {
        const next = chain.then(run, run);
        chain = next.catch(() => undefined);
        return next;
      };
      try {
        await client.query('begin');
        const result = await fn({ query: async (sql, params) => (await serial(() => client.query(sql, params as unknown[]))).rows });
        await chain;
        await client.query('commit');
        return result;
      } catch (err) {
        await chain;
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await poolQuery(sql)),
    executeSql: async (text, values) => ({ rows: await poolQuery(text, values) }),
    listen: async (channel, onMessage, onListening) => {
      const handlers = channels.get(channel) ?? new Set();
      channels.set(channel, handlers.add(onMessage));
      // What other processes notify is heard on a connection of its own (pooled ones come and go).
      const stop = await listenOnPostgres(url, channel, (payload) => onMessage(payload, false), onListening);
      return async () => {
        handlers.delete(onMessage);
        await stop();
      };
    },
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own, opened again a second after it is lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    onListening(false);
    client.end().catch(() => undefined);
    again();
  };
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    client.on('error', (err) => {
      if (client === current) console.error('database: the listening connection was lost:', err.message);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await client.end());
    current = client;
    onListening(true);
  };
  const again = () => {
    if (stopped) return;
    retry = setTimeout(() => open().catch(again), 1000);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end();
  };
}

export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
