import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Db } from './index';
import { migrate } from './migrate';
import { grantAppRole } from './roles';
import { verifyAuditChain } from '../modules/audit/chain';
import { loadAuditChainKeys, setAuditChainKeys } from '../modules/audit/key';
import { anonymousWho, recordAudit } from '../modules/audit/trail';

/*
 * On PostgreSQL the app's own role may add and read audit rows, and nothing more: it cannot
 * change, delete, truncate them, nor switch their guard off. (PGlite has one role: the chain is
 * what shows a gap there, see modules/audit/chain.test.ts.)
 */
const adminUrl = process.env.DATABASE_URL;
const suffix = randomBytes(5).toString('hex');
const dbName = `agency_roles_${suffix}`;
const appRole = `agency_app_${suffix}`;
const urlOf = (user: string | null, database: string) => {
  const url = new URL(adminUrl!);
  if (user) {
    url.username = user;
    url.password = '';
  }
  url.pathname = `/${database}`;
  return url.toString();
};

describe('the app role on PostgreSQL', { skip: !adminUrl && 'PostgreSQL only (DATABASE_URL)' }, () => {
  let owner: Db;
  let app: pg.Client;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  before(async () => {
    const a = admin();
    await a.connect();
    await a.query(`create database ${dbName}`);
    await a.query(`create role ${appRole} login`);
    await a.end();
    owner = await openPostgres(urlOf(null, dbName));
    await migrate(owner);
    await grantAppRole(owner, appRole);
    app = new pg.Client({ connectionString: urlOf(appRole, dbName) });
    await app.connect();
  });
  after(async () => {
    await app?.end();
    await owner?.close();
    const a = admin();
    await a.connect();
    await a.query(`drop database if exists ${dbName} with (force)`);
    await a.query(`drop role if exists ${appRole}`);
    await a.end();
  });

  it('adds and reads audit rows, keyed by the app', async () => {
    const keys = setAuditChainKeys(loadAuditChainKeys('/nonexistent', { AUDIT_CHAIN_KEY: 'c'.repeat(64) }));
    await app.query(`insert into accounts (id, name, db_name) values ('00000000-0000-4000-8000-0000000000aa', 'A', 'a')`);
    await app.query('begin');
    await recordAudit(
      { query: async (sql, params) => (await app.query(sql, params)).rows },
      anonymousWho('00000000-0000-4000-8000-0000000000aa', null),
      'signIn',
    );
    await app.query('commit');
    const { rows } = await app.query('select seq, hash from audit_events');
    assert.equal(rows.length, 1);
    assert.equal(Number(rows[0].seq), 1);
    assert.deepEqual((await verifyAuditChain(owner, keys)).breaks, []);
    await assert.rejects(
      app.query('insert into audit_chain_switch (account_id, seq) values ($1, 99)', ['00000000-0000-4000-8000-0000000000aa']),
      /permission denied/,
    );
  });

  it('creates no schema of its own once pg-boss has its schema', async () => {
    const a = admin();
    await a.connect();
    await a.query(`grant create on database ${dbName} to ${appRole}`);
    await a.end();
    await app.query('create schema pgboss');
    await grantAppRole(owner, appRole);
    await assert.rejects(app.query('create schema mine'), /permission denied/);
    await assert.rejects(app.query('create function public.mine() returns int language sql as $$ select 1 $$'), /permission denied/);
    await app.query('create table pgboss.still_its_own (id int)');
  });

  it('cannot change, delete, truncate or drop them, nor switch the guard off', async () => {
    for (const sql of [
      `update audit_events set detail = 'x'`,
      'delete from audit_events',
      'truncate audit_events',
      'alter table audit_events disable trigger audit_events_no_update_or_delete',
      'alter table audit_events disable trigger all',
      'drop trigger audit_events_no_update_or_delete on audit_events',
      'drop table audit_events',
      `update release_changes set reason = 'x'`,
      'delete from release_changes',
      'truncate release_changes',
      'alter table release_changes disable trigger all',
    ]) {
      await assert.rejects(app.query(sql), /permission denied|must be owner/, sql);
    }
  });

  it('keeps its rights on the other tables', async () => {
    await app.query(`update accounts set name = 'A2' where id = '00000000-0000-4000-8000-0000000000aa'`);
    await assert.rejects(app.query('alter table accounts add column x int'), /must be owner/);
  });

  it('refuses to grant when both settings name the same role', async () => {
    await assert.rejects(grantAppRole(owner, 'postgres'), /same role/);
  });
});
