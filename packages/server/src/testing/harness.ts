import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { openPglite, openPostgres, type Db } from '../db/index';
import { migrate } from '../db/migrate';
import { createRealtime, type Realtime } from '../realtime/index';
import { SOCKET_FEATURES } from '../realtime/features';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../seed';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };
export const DEMO = DEMO_ACCOUNTS.demo.id;
export const SECOND = DEMO_ACCOUNTS.second.id;

/** Which database the server suite runs on: PGlite unless TEST_DB=postgres and DATABASE_URL is set. */
export const onPostgres = () => process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/** A fresh, migrated and seeded database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function freshDb(): Promise<Db & { drop(): Promise<void> }> {
  if (!onPostgres()) {
    const db = await openPglite();
    await migrate(db);
    await seedIfEmpty(db);
    return Object.assign(db, { drop: () => db.close() });
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `agency_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db);
  await seedIfEmpty(db);
  return Object.assign(db, {
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  });
}

export interface TestServer {
  app: FastifyInstance;
  db: Db & { drop(): Promise<void> };
  config: ServerConfig;
  realtime?: Realtime;
  url?: string;
  close(): Promise<void>;
}

/** Builds the app on a fresh database; `listen: true` also serves it on a free port with socket.io. */
export async function startTestServer(opts: { listen?: boolean; db?: Db & { drop(): Promise<void> }; redisUrl?: string } = {}): Promise<TestServer> {
  const db = opts.db ?? (await freshDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-test-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), redisUrl: opts.redisUrl };
  const app = await buildApp({ db, config });
  let realtime: Realtime | undefined;
  let url: string | undefined;
  if (opts.listen) {
    realtime = await createRealtime(db, app.server, { redisUrl: opts.redisUrl, features: SOCKET_FEATURES });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  } else {
    await app.ready();
  }
  return {
    app,
    db,
    config,
    realtime,
    url,
    close: async () => {
      await realtime?.close();
      await app.close();
      if (!opts.db) await db.drop();
    },
  };
}

export const basicAuth = (email: string, password = DEMO_PASSWORD) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** Signs in through POST /auth and returns the session body. */
export async function signIn(app: FastifyInstance, email: string, account: string = DEMO, extra: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email) }, payload: { account, ...extra } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: { id: string; role: string }; account: { id: string; dbName: string } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
