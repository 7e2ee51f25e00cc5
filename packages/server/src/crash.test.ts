import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './db/index';
import { basicAuth, DEMO, freshDb, onPostgres } from './testing/harness';
import { connect, type ClientSocket } from './testing/sockets';
import { tempDir } from './testing/tempDir';

/*
 * The server killed (SIGKILL: no shutdown, no flush) in the middle of a burst of writes of every
 * kind, then started again on the same data folder: every write it acknowledged is there once,
 * nothing is there twice, and a write it did not acknowledge is there at most once.
 */

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

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

const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port), PHONE_SIGNAL_PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('Agency Desk is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was running:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Session {
  token: string;
  user: { id: string };
}
async function signIn(url: string, email: string): Promise<Session> {
  const res = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { authorization: basicAuth(email), 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return (await res.json()) as Session;
}

async function post<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Emits with an acknowledgement; resolves with the answer's data, rejects on a refusal or a lost socket. */
function emit<T>(socket: ClientSocket, event: string, ...args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const lost = () => reject(new Error('the socket was lost'));
    socket.once('disconnect', lost);
    (socket.emit as unknown as (e: string, ...a: unknown[]) => void)(event, ...args, (res: { ok: boolean; data?: T; message?: string } & T) => {
      socket.off('disconnect', lost);
      if (res.ok) resolve((res.data ?? res) as T);
      else reject(new Error(res.message));
    });
  });
}

describe(
  'the server killed during a burst of writes loses nothing it acknowledged and doubles nothing',
  { skip: onPostgres() ? 'the embedded database only' : false },
  () => {
    it('chat messages, contacts, texts and board moves', async () => {
      // a data folder holding the migrated, seeded test database
      const dataDir = tempDir('agency-crash-');
      const seeded = await freshDb();
      const dump = await (seeded as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir();
      await seeded.drop();
      await (await PGlite.create({ dataDir: join(dataDir, 'db'), loadDataDir: dump })).close();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        SHELL_DIR: tempDir('agency-no-shell-'),
        DATABASE_URL: '',
        MIGRATION_DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_DATA: '',
        LOG_LEVEL: '',
        S3_BUCKET: '',
        CLIENT_DATA_KEY: randomBytes(32).toString('base64'),
      };

      const first = await startServer(env);
      const owner = await signIn(first.url, 'owner@demo.test');
      const socket = await connect(first.url, 'demo', owner.token, owner.user.id);
      const employee = (await signIn(first.url, 'employee@demo.test')).user.id;
      const chatRoom = (await emit<{ id: string }>(socket, 'chat_createRoom', { format: 'group', userIds: [employee], title: 'Crash' })).id;
      const smsRoom = (await emit<{ id: string }>(socket, 'sms_create_room', { clientId: null, phoneNumber: '5125550177' })).id;
      const board = await post<{ id: string; lanes: Array<{ id: string }> }>(first.url, owner.token, '/taskboard', {
        boardname: 'Crash',
        lanes: [{ label: 'To do' }, { label: 'Done' }],
      });
      await emit(socket, 'taskBoard_joinBoard', board.id);
      const card = (
        await emit<{ card: { id: string } }>(socket, 'taskBoard_updateCard', {
          boardId: board.id,
          event: { type: 'ADD_CARD', laneId: board.lanes[0]!.id, card: { title: 'Mover' } },
        })
      ).card.id;

      // every write says what it is by a name of its own; acknowledged ones are noted
      const acked = { contacts: [] as string[], chat: [] as string[], texts: [] as string[], moves: [] as number[] };
      const sent = { contacts: 0, chat: 0, texts: 0, moves: 0 };
      let killed = false;
      let burstStarted!: () => void;
      const burst = new Promise<void>((resolve) => (burstStarted = resolve));
      const enough = () => Object.values(acked).every((a) => a.length >= 5) && burstStarted();
      const loop = async (kind: keyof typeof sent, write: (i: number) => Promise<void>) => {
        for (let i = 0; !killed; i++) {
          sent[kind]++;
          try {
            await write(i);
          } catch {
            if (killed) return; // lost with the server: not acknowledged
            throw new Error(`a ${kind} write failed while the server ran`);
          }
          enough();
        }
      };
      const writers = Promise.all([
        loop('contacts', async (i) => {
          const c = await post<{ id: string }>(first.url, owner.token, '/clients', { firstName: `Crash${i}`, lastName: 'Contact' });
          acked.contacts.push(c.id);
        }),
        loop('chat', async (i) => {
          const id = randomUUID();
          await emit(socket, 'chat_message', { roomId: chatRoom, id, message: `Crash chat ${i}` });
          acked.chat.push(id);
        }),
        loop('texts', async (i) => {
          const id = randomUUID();
          await emit(socket, 'sms_send_message', { roomId: smsRoom, id, message: `Crash text ${i}` });
          acked.texts.push(id);
        }),
        loop('moves', async (i) => {
          await emit(socket, 'taskBoard_updateCard', {
            boardId: board.id,
            event: { type: 'MOVE_CARD', cardId: card, fromLaneId: board.lanes[i % 2]!.id, toLaneId: board.lanes[(i + 1) % 2]!.id, index: 0 },
          });
          acked.moves.push(i);
        }),
      ]);
      await Promise.race([burst, writers]);
      killed = true;
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;
      await writers;
      socket.close();

      // started again on the same data, it serves what was acknowledged
      const second = await startServer(env);
      const again = await signIn(second.url, 'owner@demo.test');
      const res = await fetch(`${second.url}/api/clients/${acked.contacts.at(-1)}`, { headers: { authorization: `Bearer ${again.token}` } });
      assert.equal(res.status, 200, 'the last acknowledged contact is served after the restart');
      const stopped = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await stopped;

      const db = await openPglite(join(dataDir, 'db'));
      try {
        const contacts = await db.query<{ id: string; name: string }>(
          `select id, data->>'firstName' as name from clients where account_id = $1 and data->>'lastName' = 'Contact'`,
          [DEMO],
        );
        for (const id of acked.contacts)
          assert.ok(
            contacts.some((c) => c.id === id),
            `contact ${id} acknowledged and lost`,
          );
        assert.equal(new Set(contacts.map((c) => c.name)).size, contacts.length, 'a contact written twice');
        assert.ok(contacts.length <= sent.contacts);

        const chat = await db.query<{ id: string; body: string }>(`select id, body from chat_messages where room_id = $1 and body like 'Crash chat %'`, [
          chatRoom,
        ]);
        for (const id of acked.chat)
          assert.ok(
            chat.some((m) => m.id === id),
            `chat message ${id} acknowledged and lost`,
          );
        assert.equal(new Set(chat.map((m) => m.body)).size, chat.length, 'a chat message written twice');

        const texts = await db.query<{ id: string; body: string }>(`select id, message as body from sms_messages where room_id = $1`, [smsRoom]);
        for (const id of acked.texts)
          assert.ok(
            texts.some((m) => m.id === id),
            `text ${id} acknowledged and lost`,
          );
        assert.equal(new Set(texts.map((m) => m.body)).size, texts.length, 'a text written twice');

        // the card is in the lane of the last acknowledged move, or of the one in flight; once
        const cards = await db.query<{ id: string; lane_id: string }>('select id, lane_id from task_cards where board_id = $1', [board.id]);
        assert.equal(cards.length, 1, 'the moved card is there once');
        const last = acked.moves.at(-1)!;
        const possible = [board.lanes[(last + 1) % 2]!.id, ...(sent.moves > acked.moves.length ? [board.lanes[(last + 2) % 2]!.id] : [])];
        assert.ok(possible.includes(cards[0]!.lane_id), 'the card is where the acknowledged moves put it');
      } finally {
        await db.close();
      }
      assert.ok(acked.contacts.length >= 5 && acked.chat.length >= 5 && acked.texts.length >= 5 && acked.moves.length >= 5);
    });
  },
);
