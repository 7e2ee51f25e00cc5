import type { Db } from '../db/index';
import { SEEN_EVERY_MS, type SessionRow } from './context';

/** Where the database names an account whose sessions may have changed (migration 096's triggers). */
export const SESSION_CHANGES = 'session_changes';

/** Sessions kept at most; past it the longest kept is dropped first. */
const MAX_SESSIONS = 20_000;

/**
 * The sessions this process has verified, so a request resolves its bearer token without the
 * database. Nothing stale is ever honoured:
 * - a change to who a session is names its account on SESSION_CHANGES as it commits; the process
 *   that wrote it hears that before its commit resolves, and every other process on the database
 *   hears it on its listening connection;
 * - with Redis, the writing process also publishes the account, and its answer waits until Redis
 *   has taken it: Redis writes the message to every process before it answers, so every process
 *   has it before the caller can ask again;
 * - a session read from the database while such a change was heard is not kept (the mark);
 * - while a listening connection is down nothing is kept or answered from memory;
 * - a kept session is answered only until it expires, or a minute after its use was last written
 *   (then the database is asked again, and the use written down).
 */
export interface SessionCache {
  /** The verified session of this token hash, if it is kept and still good at `now`. */
  lookup(hash: string, now: number): SessionRow | undefined;
  /** Taken before reading a session from the database; `keep` refuses what a change since made stale. */
  mark(): number;
  keep(hash: string, row: SessionRow, mark: number): void;
  /**
   * What `read` answers for a kept session, read once while it stays kept (the signed-in view of
   * GET /users/me: SESSION_CHANGES also names an account whose users, locations or settings change).
   */
  remember<T>(hash: string, read: () => Promise<T>): Promise<T>;
  /** Forgets every session of the account (as SESSION_CHANGES says). */
  forgetAccount(accountId: string): void;
  /** What an answer must wait for before it leaves (the publishing of this process's own changes), if anything. */
  settled(): Promise<void> | undefined;
  close(): Promise<void>;
}

interface Kept {
  row: SessionRow;
  goodUntil: number;
  view?: unknown;
}

/** The cache itself, answering once each of `sources` (the listening connections) says it is up. */
export function createSessionCache(sources: readonly string[]) {
  const kept = new Map<string, Kept>();
  const up = new Map<string, boolean>();
  let generation = 0;
  const forgetAll = () => {
    generation++;
    kept.clear();
  };
  const answering = () => sources.every((source) => up.get(source));
  return {
    lookup(hash: string, now: number): SessionRow | undefined {
      const entry = kept.get(hash);
      if (!entry) return undefined;
      if (now < entry.goodUntil) return entry.row;
      kept.delete(hash);
      return undefined;
    },
    mark: () => generation,
    keep(hash: string, row: SessionRow, mark: number) {
      if (mark !== generation || !answering()) return;
      const goodUntil = Math.min(new Date(row.expires_at).getTime(), new Date(row.last_seen_at).getTime() + SEEN_EVERY_MS);
      kept.delete(hash);
      kept.set(hash, { row, goodUntil });
      if (kept.size > MAX_SESSIONS) kept.delete(kept.keys().next().value!);
    },
    async remember<T>(hash: string, read: () => Promise<T>): Promise<T> {
      const entry = kept.get(hash);
      if (entry && 'view' in entry) return entry.view as T;
      const mark = generation;
      const view = await read();
      const still = kept.get(hash);
      if (still && mark === generation) still.view = view;
      return view;
    },
    forgetAccount(accountId: string) {
      generation++;
      for (const [hash, entry] of kept) if (entry.row.account_id === accountId) kept.delete(hash);
    },
    /** A listening connection is up or down; while one is down nothing is kept, so nothing is answered from memory. */
    listening(source: string, now: boolean) {
      if (!now) forgetAll();
      up.set(source, now);
    },
    forgetAll,
  };
}

/** Where the writing process publishes the accounts its own writes changed, with Redis. */
const REDIS_CHANNEL = 'agency:session_changes';
/** An answer waits this long at most for Redis to take a publication (the database's notice still goes). */
const PUBLISH_WAIT_MS = 1000;

/** A session cache that hears the database (and Redis, with `redisUrl`) for as long as it is open. */
export async function watchSessions(db: Db, opts: { redisUrl?: string } = {}): Promise<SessionCache> {
  const cache = createSessionCache(opts.redisUrl ? ['database', 'redis'] : ['database']);
  const closers: Array<() => Promise<unknown>> = [];
  const pending = new Set<Promise<unknown>>();
  let publish: ((accountId: string) => Promise<unknown>) | undefined;

  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const pub = new Redis(opts.redisUrl);
    const sub = new Redis(opts.redisUrl, { autoResubscribe: false });
    for (const client of [pub, sub]) client.on('error', (err) => console.error('sessions redis:', err.message));
    sub.on('message', (channel, accountId) => {
      if (channel === REDIS_CHANNEL) cache.forgetAccount(accountId);
    });
    sub.on('close', () => cache.listening('redis', false));
    // Answered from memory again only once subscribed again.
    sub.on(
      'ready',
      () =>
        void sub.subscribe(REDIS_CHANNEL).then(
          () => cache.listening('redis', true),
          () => sub.disconnect(true),
        ),
    );
    // Not awaited: until Redis is there, sessions are read from the database (and the app starts).
    publish = (accountId) => pub.publish(REDIS_CHANNEL, accountId);
    closers.push(
      () => pub.quit().catch(() => undefined),
      () => sub.quit().catch(() => undefined),
    );
  }

  const stop = await db.listen(
    SESSION_CHANGES,
    (accountId, own) => {
      cache.forgetAccount(accountId);
      if (!own || !publish) return;
      const published = Promise.race([publish(accountId), new Promise((resolve) => setTimeout(resolve, PUBLISH_WAIT_MS).unref())]).catch(() => undefined);
      pending.add(published);
      void published.then(() => pending.delete(published));
    },
    (now) => cache.listening('database', now),
  );
  cache.listening('database', true);
  closers.unshift(stop);

  return {
    lookup: cache.lookup,
    mark: cache.mark,
    keep: cache.keep,
    remember: cache.remember,
    forgetAccount: cache.forgetAccount,
    settled: () => (pending.size ? Promise.all(pending).then(() => undefined) : undefined),
    close: async () => {
      cache.listening('database', false);
      for (const close of closers) await close();
    },
  };
}
