import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { loadConfig } from '../config';
import { countRows, openPglite, type PgliteDb } from '../db/index';
import { ask, connectClient, type ChatClient } from '../modules/chat/testing';
import { KEY_FILE } from '../sealing/crypto';
import { AUDIT_KEY_FILE } from '../modules/audit/key';
import { bearer, onPostgres, signIn, startTestServer, type TestServer } from '../testing/harness';
import { tempDir } from '../testing/tempDir';
import { hashFile, MANIFEST, type BackupManifest } from './archive';
import { backupThroughServer, listenForControl, serverRunning } from './control';
import { restoreBackup, RestoreRefused, RESTORED_MARKER, verifyUnpacked } from './restore';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

function multipart(name: string, data: Buffer) {
  const boundary = `----backup${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s entry point on `dataDir`, resolved once it is running (or rejected with its output when it exits first). */
async function startProcess(dataDir: string): Promise<{ child: ChildProcess; output: () => string }> {
  const shellDir = tempDir('agency-no-shell-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SHELL_DIR: shellDir,
      DATABASE_URL: '',
      MIGRATION_DATABASE_URL: '',
      REDIS_URL: '',
      DEMO_DATA: '',
      LOG_LEVEL: '',
      S3_BUCKET: '',
      CLIENT_DATA_KEY: '',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PHONE_SIGNAL_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('Agency Desk is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was running:\n${output}`)));
  });
  return { child, output: () => output };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe(
  'a backup taken through the running server under writes restores every row and file',
  { skip: onPostgres() ? 'the embedded database only' : false },
  () => {
    let s: TestServer;
    let stopControl: () => Promise<void>;
    let chat: ChatClient;
    let token: string;
    let roomId: string;
    let archive: string;
    let manifest: BackupManifest;
    let keyFile: string;
    let auditKeyFile: string;
    const acked = { clients: 0, messages: 0, uploads: 0 };

    before(async () => {
      s = await startTestServer({ listen: true });
      stopControl = await listenForControl(s.db as unknown as PgliteDb, s.config);
      token = (await signIn(s.app, 'owner@demo.test')).token;
      chat = await connectClient(s.url!, 'demo', token);
      const emma = (await signIn(s.app, 'employee@demo.test')).user.id;
      roomId = (await ask(chat, 'chat_createRoom', { format: 'group', userIds: [emma], title: 'Backups' })).id;
      keyFile = join(tempDir('agency-key-'), KEY_FILE);
      auditKeyFile = join(tempDir('agency-key-'), AUDIT_KEY_FILE);
    });
    after(async () => {
      chat?.close();
      await stopControl?.();
      await s?.close();
    });

    it('copies the database and the files while contacts, chat messages and uploads keep coming', async () => {
      let writing = true;
      let started!: () => void;
      const enough = new Promise<void>((resolve) => (started = resolve));
      const writer = async (one: (i: number) => Promise<void>, counter: keyof typeof acked) => {
        for (let i = 0; writing || i < 5; i++) {
          await one(i);
          acked[counter]++;
          if (acked.clients >= 10 && acked.messages >= 10 && acked.uploads >= 5) started();
        }
      };
      const writers = Promise.all([
        writer(async (i) => {
          const res = await s.app.inject({
            method: 'POST',
            url: '/api/clients',
            headers: bearer(token),
            payload: { firstName: `Backup${i}`, lastName: 'Writer' },
          });
          assert.equal(res.statusCode, 201, res.body);
        }, 'clients'),
        writer(async (i) => void (await ask(chat, 'chat_message', { roomId, id: randomUUID(), message: `Message ${i}` })), 'messages'),
        writer(async (i) => {
          const m = multipart(`note-${i}.txt`, Buffer.from(`note ${i} ${randomUUID()}`));
          const res = await s.app.inject({
            method: 'POST',
            url: `/api/utilities/upload/chat/${roomId}`,
            payload: m.payload,
            headers: { ...m.headers, ...bearer(token) },
          });
          assert.equal(res.statusCode, 200, res.body);
        }, 'uploads'),
      ]);
      await Promise.race([enough, writers]); // a writer that fails ends the wait
      const before = { ...acked };
      archive = join(tempDir('agency-backups-'), 'backup.tar.gz');
      manifest = (await backupThroughServer(s.config.dataDir, archive))!;
      writing = false;
      await writers;

      assert.ok(manifest, 'the running server answered on its control socket');
      assert.equal(manifest.database, 'pglite');
      // the copy is of a moment between what was acknowledged before it was asked and after it answered
      const [{ n: clientsNow }] = await s.db.query<{ n: number }>('select count(*)::int as n from clients');
      assert.ok(manifest.tables['public.clients']! <= clientsNow - 5, 'contacts written after the backup are not in it');
      assert.ok(manifest.tables['public.chat_uploads']! >= before.uploads);
      assert.ok(
        manifest.files.some((f) => f.path.startsWith('files/chat/')),
        'the uploads are in it',
      );
      copyFileSync(join(s.config.dataDir, KEY_FILE), keyFile); // the operator keeps the keys apart from the backups
      copyFileSync(join(s.config.dataDir, AUDIT_KEY_FILE), auditKeyFile);
    });

    it('restores into a fresh data folder: every table has the manifest’s rows and every file its hash', async () => {
      const dataDir = tempDir('agency-restored-');
      copyFileSync(keyFile, join(dataDir, KEY_FILE));
      copyFileSync(auditKeyFile, join(dataDir, AUDIT_KEY_FILE));
      const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
      const { keptAside } = await restoreBackup(archive, config, { env: {} });
      assert.equal(keptAside, undefined);

      const files = walk(join(dataDir, 'files')).map((p) => ['files', ...relative(join(dataDir, 'files'), p).split(sep)].join('/'));
      const listed = manifest.files.filter((f) => f.path !== 'database/pgdata.tar');
      assert.deepEqual(files.sort(), listed.map((f) => f.path).sort());
      for (const f of listed) assert.deepEqual(await hashFile(join(dataDir, ...f.path.split('/'))), { size: f.size, sha256: f.sha256 }, f.path);

      const db = await openPglite(join(dataDir, 'db'));
      try {
        assert.deepEqual(await countRows(db), manifest.tables);
        assert.ok(Object.keys(manifest.tables).length > 50, 'every table is counted');
        // every upload the database names is among the files
        const keys = await db.query<{ storage_key: string }>('select storage_key from chat_uploads');
        for (const { storage_key } of keys) assert.ok(files.includes(`files/${storage_key}`), storage_key);
      } finally {
        await db.close();
      }

      // the first start verifies the audit trail and says so, then serves; a restore meanwhile is refused
      const server = await startProcess(dataDir);
      try {
        assert.match(server.output(), /Restored from the backup of .*the audit trail holds/);
        assert.equal(existsSync(join(dataDir, RESTORED_MARKER)), false);
        assert.equal(await serverRunning(dataDir), true);
      } finally {
        await stopProcess(server.child);
      }
      assert.equal(await serverRunning(dataDir), false);

      // a folder holding data is replaced only with --force, and kept aside
      await assert.rejects(restoreBackup(archive, config, { env: {} }), (err: Error) => err instanceof RestoreRefused && /--force/.test(err.message));
      const again = await restoreBackup(archive, config, { env: {}, force: true });
      assert.ok(again.keptAside && existsSync(join(again.keptAside, 'db')));
    });

    it('refuses an archive whose files differ from its manifest, or the wrong key', async () => {
      const dir = tempDir('agency-unpacked-');
      await tar.extract({ file: archive, cwd: dir });
      const upload = manifest.files.find((f) => f.path.startsWith('files/'))!;
      writeFileSync(join(dir, ...upload.path.split('/')), 'changed');
      await assert.rejects(verifyUnpacked(dir), new RegExp(`${upload.path} is not the file the manifest lists`));
      mkdirSync(join(dir, 'files', 'extra'));
      writeFileSync(join(dir, 'files', 'extra', 'x'), 'x');
      await assert.rejects(verifyUnpacked(dir), /files\/extra\/x, which its manifest does not list/);
      assert.ok(existsSync(join(dir, MANIFEST)));

      const other = loadConfig({ DATA_DIR: tempDir('agency-other-key-'), NODE_ENV: 'test' });
      await assert.rejects(restoreBackup(archive, other, { env: {} }), new RegExp(`sealed with client data key ${manifest.clientDataKeyId}`));
    });
  },
);
