/**
 * Team chat figures: send-to-receive latency between two clients (p50/p99), fan-out of one message
 * to 500 sockets in one room, opening a room of 100,000 messages, and how many sockets one API
 * process holds with the memory each costs. Runs alone: `tsx bench/src/chat.ts`.
 *
 * It prepares a fresh embedded database (users, sessions, the big room), then starts the API as its
 * own process on it (CHAT_BENCH_PORT, default 8391) so its memory is measured apart from the clients.
 *
 *   CHAT_BENCH_MESSAGES   latency samples (default 300)
 *   CHAT_BENCH_FANOUT     sockets in the fan-out room (default 500)
 *   CHAT_BENCH_BIG_ROOM   messages in the big room (default 100000)
 *   CHAT_BENCH_SOCKETS    sockets opened for the memory figure (default 1000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { openPglite, migrate, seedIfEmpty, DEMO_ACCOUNTS, openSession } from '../../packages/server/src/index';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.CHAT_BENCH_PORT || 8391);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES || 300);
const FANOUT = Number(process.env.CHAT_BENCH_FANOUT || 500);
const BIG_ROOM = Number(process.env.CHAT_BENCH_BIG_ROOM || 100_000);
const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS || 1000);
const ACCOUNT = DEMO_ACCOUNTS.demo.id;
/** Users of the fan-out room: each holds FANOUT / FANOUT_USERS sockets. */
const FANOUT_USERS = 50;

type Ack = { ok: true; data: unknown } | { ok: false; message: string };
type Client = Socket;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const step = (what: string) => process.stderr.write(`chat bench: ${what}\n`);

function ask<T>(socket: Client, event: string, req: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event}: no answer`)), 30_000);
    socket.emit(event, req, (res: Ack) => {
      clearTimeout(timer);
      if (res.ok) resolve(res.data as T);
      else reject(new Error(res.message));
    });
  });
}

function connect(url: string, token: string): Promise<Client> {
  const socket = io(`${url}/demo`, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A fresh database with the demo agency, FANOUT_USERS extra colleagues, their sessions and the rooms. */
async function prepare(dataDir: string) {
  const db = await openPglite(join(dataDir, 'db'));
  await migrate(db);
  await seedIfEmpty(db);
  const [owner] = await db.query<{ id: string; password_hash: string }>("select id, password_hash from users where email = 'owner@demo.test'");
  const [emma] = await db.query<{ id: string }>("select id from users where email = 'employee@demo.test'");
  const colleagues: string[] = [];
  for (let i = 0; i < FANOUT_USERS; i++) {
    const id = randomUUID();
    colleagues.push(id);
    await db.query(`insert into users (id, account_id, email, password_hash, role, first_name, last_name) values ($1, $2, $3, $4, 'employee', 'Bench', $5)`, [
      id,
      ACCOUNT,
      `bench${i}@demo.test`,
      owner.password_hash,
      `User ${i}`,
    ]);
  }
  const session = async (userId: string) => (await openSession(db, { accountId: ACCOUNT, userId, device: 'mobile', hours: 8 })).token;
  const tokens = { owner: await session(owner.id), emma: await session(emma.id), colleagues: [] as string[] };
  for (const id of colleagues) tokens.colleagues.push(await session(id));

  // Rooms: a direct one for latency, a group of everyone for fan-out, and one of BIG_ROOM messages.
  const room = async (id: string, format: 'group' | 'direct', title: string, members: string[]) => {
    await db.query(`insert into chat_rooms (account_id, id, format, title, created_by) values ($1, $2, $3, $4, $5)`, [ACCOUNT, id, format, title, owner.id]);
    for (const [i, m] of members.entries())
      await db.query('insert into chat_members (account_id, room_id, user_id, sort_order) values ($1, $2, $3, $4)', [ACCOUNT, id, m, i]);
  };
  const direct = `users:${[owner.id, emma.id].sort().join(':')}`;
  const fanout = randomUUID();
  const big = randomUUID();
  await room(direct, 'direct', '', [owner.id, emma.id]);
  await room(fanout, 'group', 'Everyone', [owner.id, ...colleagues]);
  await room(big, 'group', 'Archive', [owner.id, emma.id]);
  const started = performance.now();
  await db.exec(`
    insert into chat_messages (id, account_id, room_id, seq, rev, type, user_id, body, created_at)
    select gen_random_uuid(), '${ACCOUNT}', '${big}', n, n, 'message',
           case when n % 2 = 0 then '${owner.id}'::uuid else '${emma.id}'::uuid end,
           'Archived note number ' || n || case when n % 1000 = 0 then ' about the Garcia renewal' else '' end,
           now() - make_interval(mins => ${BIG_ROOM} - n)
      from generate_series(1, ${BIG_ROOM}) as n;
    update chat_rooms set last_seq = ${BIG_ROOM}, last_rev = ${BIG_ROOM}, last_message_at = now() where id = '${big}';
    update chat_members set last_read_seq = ${BIG_ROOM} where room_id = '${big}';
  `);
  const seeded = performance.now() - started;
  await db.close();
  return { tokens, rooms: { direct, fanout, big }, seededMs: seeded };
}

async function startApi(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  // node itself (not the tsx wrapper) so that the child's memory is the API's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('The API exited while starting');
    const up = await fetch(`${url}/api/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url };
    await sleep(250);
  }
  child.kill();
  throw new Error('The API did not start');
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Runs every chat measurement and prints the figures; returns them too. */
export async function benchChat(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-chat-bench-'));
  const opened: Client[] = [];
  let api: { child: ChildProcess; url: string } | null = null;
  try {
    step('preparing the database');
    const { tokens, rooms, seededMs } = await prepare(dataDir);
    step('starting the API');
    api = await startApi(dataDir);
    step('send to receive');
    const { url } = api;

    // 1. Send to receive between two clients, one message at a time.
    const owner = await connect(url, tokens.owner);
    const emma = await connect(url, tokens.emma);
    opened.push(owner, emma);
    const latencies: number[] = [];
    for (let i = 0; i < MESSAGES + 20; i++) {
      const id = randomUUID();
      const got = new Promise<number>((resolve) => {
        const on = (e: { message: { id: string } }) => {
          if (e.message.id !== id) return;
          emma.off('chat_message', on);
          resolve(performance.now());
        };
        emma.on('chat_message', on);
      });
      const sent = performance.now();
      await ask(owner, 'chat_message', { roomId: rooms.direct, id, message: `latency ${i}` });
      const received = await got;
      if (i >= 20) latencies.push(received - sent); // the first ones warm up the JIT and caches
    }

    // 2. Sockets one API process holds, and the memory each costs it (measured on a steady process).
    step(`holding ${SOCKETS} sockets`);
    const before = rssKb(api.child.pid!);
    const held: Client[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      held.push(await connect(url, tokens.colleagues[i % tokens.colleagues.length]));
    }
    opened.push(...held);
    await sleep(2000);
    const after = rssKb(api.child.pid!);
    const stillUp = held.filter((s) => s.connected).length;

    for (const s of held) s.close();
    await sleep(1000);

    // 3. One message to FANOUT sockets in one room.
    step(`fan-out to ${FANOUT} sockets`);
    const fanSockets: Client[] = [];
    const perUser = Math.ceil(FANOUT / FANOUT_USERS);
    for (let u = 0; u < FANOUT_USERS && fanSockets.length < FANOUT; u++) {
      for (let k = 0; k < perUser && fanSockets.length < FANOUT; k++) fanSockets.push(await connect(url, tokens.colleagues[u]));
    }
    opened.push(...fanSockets);
    await sleep(500);
    const fanTimes: number[] = [];
    for (let round = 0; round < 12; round++) {
      const id = randomUUID();
      let left = fanSockets.length;
      let last = 0;
      const all = new Promise<void>((resolve) => {
        for (const s of fanSockets) {
          const on = (e: { message: { id: string } }) => {
            if (e.message.id !== id) return;
            s.off('chat_message', on);
            last = performance.now();
            if (--left === 0) resolve();
          };
          s.on('chat_message', on);
        }
      });
      const sent = performance.now();
      await ask(owner, 'chat_message', { roomId: rooms.fanout, id, message: `fan-out ${round}` });
      await all;
      if (round >= 2) fanTimes.push(last - sent);
      await sleep(100);
    }

    step('the big room');
    // 4. Opening a room of BIG_ROOM messages: its latest page, the page before, a search.
    const openTimes: number[] = [];
    const olderTimes: number[] = [];
    const searchTimes: number[] = [];
    for (let i = 0; i < 12; i++) {
      let t = performance.now();
      const page = await ask<{ messages: Array<{ seq: number }> }>(emma, 'chat_joinRoom', { roomId: rooms.big });
      if (i >= 2) openTimes.push(performance.now() - t);
      t = performance.now();
      await ask(emma, 'chat_loadMore', { roomId: rooms.big, before: page.messages[0].seq });
      if (i >= 2) olderTimes.push(performance.now() - t);
      t = performance.now();
      await ask(emma, 'chat_search', { text: 'Garcia renewal' });
      if (i >= 2) searchTimes.push(performance.now() - t);
    }

    const figures = {
      'send→receive p50': ms(pct(latencies, 50)),
      'send→receive p99': ms(pct(latencies, 99)),
      [`fan-out to ${fanSockets.length} sockets p50`]: ms(pct(fanTimes, 50)),
      [`fan-out to ${fanSockets.length} sockets max`]: ms(Math.max(...fanTimes)),
      [`open a room of ${BIG_ROOM.toLocaleString('en-US')} messages p50`]: ms(pct(openTimes, 50)),
      'older page in it p50': ms(pct(olderTimes, 50)),
      'search across it p50': ms(pct(searchTimes, 50)),
      'sockets held by one API process': stillUp,
      'memory per socket': `${((after - before) / SOCKETS).toFixed(1)} KB`,
      'API process RSS with them': `${(after / 1024).toFixed(0)} MB`,
      [`(seeding ${BIG_ROOM.toLocaleString('en-US')} messages)`]: ms(seededMs),
    };
    console.log('\nTeam chat');
    const width = Math.max(...Object.keys(figures).map((k) => k.length));
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(width)}  ${v}`);
    console.log(`  aims: p50 under 30 ms on loopback; 500-way fan-out under 200 ms`);
    return figures;
  } finally {
    for (const s of opened) s.close();
    api?.child.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchChat().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
