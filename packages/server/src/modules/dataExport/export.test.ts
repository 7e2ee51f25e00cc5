import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as tar from 'tar';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { tempDir } from '../../testing/tempDir';
import { createFileStorage } from '../../providers/files/index';
import { EXPORTED_TABLES, type ExportManifest } from './export';

let s: TestServer;
let owner: string;
const SECRET_SSN = '123-45-6789';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** A chat upload of the account (a room of its own, the file in storage) named `name`. */
async function chatUpload(accountId: string, name: string): Promise<string> {
  const [user] = await s.db.query<{ id: string }>(`select id from users where account_id = $1 and role = 'owner' limit 1`, [accountId]);
  const room = randomUUID();
  await s.db.query(`insert into chat_rooms (id, account_id, format, title, created_by) values ($1, $2, 'group', 'Export', $3)`, [room, accountId, user!.id]);
  const id = randomUUID();
  const key = `chat/${accountId}/${id}`;
  await createFileStorage(s.config.dataDir).put(key, Buffer.from(`${name} of ${accountId}`), 'text/plain');
  await s.db.query(
    `insert into chat_uploads (id, account_id, room_id, user_id, name, type, size, storage_key) values ($1, $2, $3, $4, $5, 'text/plain', 10, $6)`,
    [id, accountId, room, user!.id, name, key],
  );
  return key;
}

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
});
after(() => s.close());

describe("an owner's export of the agency's data", () => {
  it('holds every row of the agency and the files its rows name, nothing of another agency and no secret', async () => {
    const mine = await chatUpload(DEMO, 'ours.txt');
    const theirs = await chatUpload(SECOND, 'theirs.txt');
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: bearer(owner),
      payload: { firstName: 'Exported', lastName: 'Client', ssn: SECRET_SSN },
    });
    assert.equal(created.statusCode, 201, created.body);

    const res = await s.app.inject({ method: 'GET', url: `/api/accounts/${DEMO}/export`, headers: bearer(owner) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/gzip');
    assert.match(String(res.headers['content-disposition']), /attachment; filename="agency-data-\d{4}-\d{2}-\d{2}\.tar\.gz"/);
    const dir = tempDir('agency-export-test-');
    writeFileSync(join(dir, 'export.tar.gz'), res.rawPayload);
    await tar.extract({ file: join(dir, 'export.tar.gz'), cwd: dir });

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ExportManifest;
    assert.equal(manifest.agency.id, DEMO);
    for (const table of ['users', ...Object.values(EXPORTED_TABLES).flat()]) {
      const lines = readFileSync(join(dir, 'data', `${table}.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean);
      const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from ${table} where account_id = $1`, [DEMO]);
      assert.equal(lines.length, n, `${table}: every row of the agency`);
      assert.equal(manifest.tables[table], n);
      for (const line of lines) {
        const row = JSON.parse(line) as { account_id?: string };
        if (table !== 'users') assert.equal(row.account_id, DEMO, `${table}: only the agency's rows`);
      }
    }
    assert.ok(manifest.tables.clients! > 1 && manifest.tables.chat_uploads! > 0, 'the contacts and the upload are in it');

    const files = walk(dir).map((p) => relative(dir, p).split(sep).join('/'));
    assert.ok(files.includes(`files/${mine}`));
    assert.equal(readFileSync(join(dir, 'files', ...mine.split('/')), 'utf8'), `ours.txt of ${DEMO}`);
    assert.ok(!files.includes(`files/${theirs}`));
    assert.deepEqual(manifest.files.map((f) => f.path).sort(), files.filter((f) => f.startsWith('files/') || f.startsWith('recordings/')).sort());
    // nothing in the archive names the other agency, and no secret is in it
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'latin1');
      assert.ok(!text.includes(SECOND), `${f} names another agency`);
      assert.ok(!/password_hash|mfa_secret|\$argon2/.test(text), `${f} holds a secret`);
      assert.ok(!/"v2:[0-9a-f]{8}:/.test(text), `${f} holds a sealed value`);
    }
    assert.ok(existsSync(join(dir, 'data', 'clients.jsonl')));
    assert.ok(!readFileSync(join(dir, 'data', 'clients.jsonl'), 'utf8').includes(SECRET_SSN));

    const [event] = await s.db.query<{ action: string; detail: string }>(
      `select action, detail from audit_events where account_id = $1 and action = 'agencyExported' order by seq desc limit 1`,
      [DEMO],
    );
    assert.match(event?.detail ?? '', /^\d+ rows, \d+ files$/);
  });

  it('is for the owner of that agency only', async () => {
    const admin = (await signIn(s.app, 'admin@demo.test')).token;
    const employee = (await signIn(s.app, 'employee@demo.test')).token;
    for (const token of [admin, employee]) {
      assert.equal((await s.app.inject({ method: 'GET', url: `/api/accounts/${DEMO}/export`, headers: bearer(token) })).statusCode, 403);
    }
    const other = await s.app.inject({ method: 'GET', url: `/api/accounts/${SECOND}/export`, headers: bearer(owner) });
    assert.ok([403, 404].includes(other.statusCode), String(other.statusCode));
    assert.equal((await s.app.inject({ method: 'GET', url: `/api/accounts/${DEMO}/export` })).statusCode, 401);
  });
});
