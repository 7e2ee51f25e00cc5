import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { openPglite, openPostgres, type Db } from '../db/index';
import { migrate } from '../db/migrate';
import { createEvents, type AppEvents } from '../events';
import { startJobs, type Jobs } from '../jobs/index';
import { createRealtime, type Realtime } from '../realtime/index';
import { PUSH_FEATURES, socketFeatures } from '../realtimeFeatures';
import * as OTPAuth from 'otpauth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SUPER_TOTP_SECRET, DEMO_USERS, seedIfEmpty } from '../seed';
import { startBackground } from '../background';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SUPER_TOTP_SECRET };
export const DEMO = DEMO_ACCOUNTS.demo.id;
export const SECOND = DEMO_ACCOUNTS.second.id;

/** Which database the server suite runs on: PGlite unless TEST_DB=postgres and DATABASE_URL is set. */
export const onPostgres = () => process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/**
 * TEST_PGLITE_SNAPSHOT names a file, new for each run of the suite, where the first file to need a
 * database keeps it migrated and seeded; the others start from it instead of from initdb.
 */
function seededSnapshot(): Blob | undefined {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
async function keepSnapshot(db: { dumpDataDir(): Promise<Blob> }): Promise<void> {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  if (!file || existsSync(file)) return;
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  renameSync(partial, file); // whole or absent, for the files starting beside this one
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * pool.end() resolves before its connections are gone; dropping or copying the database then would
 * meet them mid-goodbye. Give them a moment to leave.
 */
async function connectionsGone(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const [{ count }] = (await admin.query('select count(*)::int as count from pg_stat_activity where datname = $1', [name])).rows;
    if (count === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * TEST_PG_TEMPLATE names a database, new for each run of the suite (the runner drops it after):
 * the first file to need a database migrates and seeds it, and every test database is a copy of
 * it (60 ms instead of 400).
 */
async function seededTemplate(admin: pg.Client, adminUrl: string): Promise<string | null> {
  const template = process.env.TEST_PG_TEMPLATE;
  if (!template) return null;
  await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
  try {
    if (!(await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount) {
      await admin.query(`create database ${template}`);
      const db = await openPostgres(databaseUrl(adminUrl, template));
      await migrate(db);
      await seedIfEmpty(db);
      await db.close();
      await connectionsGone(admin, template);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
  }
  return template;
}

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new PostgreSQL database dropped on
 * close, with its `url` (for server processes of a test's own).
 */
export async function freshDb(): Promise<Db & { drop(): Promise<void>; url?: string }> {
  if (!onPostgres()) {
    const snapshot = seededSnapshot();
    const db = await openPglite(snapshot);
    if (!snapshot) {
      await migrate(db);
      await seedIfEmpty(db);
      await keepSnapshot(db);
    }
    return Object.assign(db, { drop: () => db.close() });
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `agency_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = await seededTemplate(admin, adminUrl);
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const db = await openPostgres(databaseUrl(adminUrl, name));
  if (!template) {
    await migrate(db);
    await seedIfEmpty(db);
  }
  return Object.assign(db, {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await connectionsGone(a, name);
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  });
}

export interface TestServer {
  app: FastifyInstance;
  db: Db & { drop(): Promise<void> };
  config: ServerConfig;
  events: AppEvents;
  jobs?: Jobs;
  realtime?: Realtime;
  url?: string;
  close(): Promise<void>;
}

/**
 * The ports test servers may listen on: TEST_PORTS="8100-8199" (the default) or "0" for any free
 * port. Each server takes the first free one from a random start, so parallel files do not collide.
 */
function testPorts(): number[] {
  const spec = process.env.TEST_PORTS ?? '8100-8199';
  if (spec === '0') return [0];
  const [from, to = from] = spec.split('-').map(Number);
  const ports = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const start = Math.floor(Math.random() * ports.length);
  return [...ports.slice(start), ...ports.slice(0, start)];
}

async function listenOnTestPort(app: FastifyInstance): Promise<string> {
  let lastError: unknown;
  for (const port of testPorts()) {
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      lastError = err;
    }
  }
  throw lastError;
}

export interface TestServerOptions {
  /** Also serve over HTTP with socket.io. */
  listen?: boolean;
  /** Share a database (several API processes on one database); it is not dropped on close. */
  db?: Db & { drop(): Promise<void> };
  redisUrl?: string;
  /** The Redis channel prefix; servers meant to talk must share it, other test runs must not. */
  redisKey?: string;
  /** Start background jobs too. */
  jobs?: boolean;
  /** Overrides of the configuration. */
  config?: Partial<ServerConfig>;
}

/** Builds the app on a fresh database; `listen: true` also serves it on a free port with socket.io. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = opts.db ?? (await freshDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-test-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), redisUrl: opts.redisUrl, ...opts.config };
  const events = createEvents();
  const jobs = opts.jobs ? await startJobs(db, { pollingIntervalSeconds: 0.5 }) : undefined;
  const app = await buildApp({ db, config, events, jobs });
  // With jobs, the background work runs as main.ts runs it.
  const stopBackground = jobs ? await startBackground(app.deps) : async () => undefined;
  let realtime: Realtime | undefined;
  let url: string | undefined;
  if (opts.listen) {
    realtime = await createRealtime(db, app.server, {
      redisUrl: opts.redisUrl,
      redisKey: opts.redisKey,
      events,
      features: socketFeatures(app.deps),
      pushes: PUSH_FEATURES,
      sessions: app.deps.sessions,
    });
    url = await listenOnTestPort(app);
  } else {
    await app.ready();
  }
  return {
    app,
    db,
    config,
    events,
    jobs,
    realtime,
    url,
    close: async () => {
      await stopBackground();
      await jobs?.stop();
      await realtime?.close();
      await app.close();
      if (!opts.db) await db.drop();
      // the server's files (uploads, recordings, its data key) go with it
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const basicAuth = (email: string, password = DEMO_PASSWORD) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export interface SignedIn {
  token: string;
  expiresAt: string;
  user: { id: string; role: string; email: string; firstName: string; mfaEnabled: boolean };
  account: { id: string; dbName: string };
  ghostedBy: { id: string; email: string } | null;
  mfaSetupRequired: boolean;
}

/** Signs in through POST /auth and returns the session body. */
export async function signIn(app: FastifyInstance, email: string, account: string = DEMO, extra: Record<string, unknown> = {}): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email) }, payload: { account, ...extra } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as SignedIn;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The seeded id of a demo user (`owner@demo.test`, or `multi@demo.test` in 'second'). */
export function demoUserId(email: string, account: keyof typeof DEMO_ACCOUNTS = email.endsWith('@second.test') ? 'second' : 'demo'): string {
  const user = DEMO_USERS.find((u) => u.email === email && u.account === account);
  if (!user) throw new Error(`no demo user ${email} in ${account}`);
  return user.id;
}

/** The TOTP code of `secret` for the 30-second step `offset` steps from now. */
export function totpCode(secret = DEMO_SUPER_TOTP_SECRET, offset = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}
