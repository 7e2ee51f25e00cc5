/**
 * Task boards: how long a board of 10 lanes with 10,000 cards each takes to open, and how long a
 * card moved by one person takes to reach another person's screen.
 *   tsx bench/src/tasks.ts            (runs alone; `pnpm bench` runs it with the others)
 * It seeds a fresh embedded database in a temp dir, starts the production server on BENCH_PORT
 * (8560 unless set), and stops it at the end. The browser figures need `npm run build` first.
 */
import { signInThroughPage } from './signIn';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { openPglite, migrate, DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../../packages/server/src/index';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LANES = 10;
const CARDS_PER_LANE = 10_000;
const MOVES = 200;
const OPENS = 7;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function seed(dataDir: string): Promise<{ boardId: string; laneIds: string[] }> {
  const db = await openPglite(join(dataDir, 'db'));
  await migrate(db);
  await seedIfEmpty(db);
  const accountId = DEMO_ACCOUNTS.demo.id;
  const boardId = randomUUID();
  const laneIds = Array.from({ length: LANES }, () => randomUUID());
  await db.tx(async (q) => {
    await q.query('insert into task_boards (id, account_id, name, description, monitor) values ($1, $2, $3, $4, true)', [
      boardId,
      accountId,
      'Bench: 10 lanes x 10,000 cards',
      'A very busy pipeline',
    ]);
    for (const [i, id] of laneIds.entries()) {
      await q.query('insert into task_board_lanes (id, account_id, board_id, label, position) values ($1, $2, $3, $4, $5)', [
        id,
        accountId,
        boardId,
        `Stage ${i + 1}`,
        i,
      ]);
    }
    await q.query(
      `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, details, due_on)
       select gen_random_uuid(), $1, $2, l.id, g * 1024, 'Client follow-up ' || l.position || '-' || g, 'Renewal paperwork',
              case when g % 50 = 0 then now() - interval '1 day' else null end
         from task_board_lanes l cross join generate_series(1, ${CARDS_PER_LANE}) g
        where l.board_id = $2`,
      [accountId, boardId],
    );
  });
  await db.exec('analyze');
  await db.close();
  return { boardId, laneIds };
}

function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
    child.stdout!.on('data', (b: Buffer) => {
      if (b.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}` },
    body: JSON.stringify({ account: DEMO_ACCOUNTS.demo.id }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return (await res.json()) as { token: string; user: { id: string } };
}

/** The board and the first page of every lane, the way the board screen asks for them. */
async function apiOpen(base: string, token: string, boardId: string, laneIds: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const board = await fetch(`${base}/api/taskboard/${boardId}`, { headers });
  if (!board.ok) throw new Error(`board: ${board.status}`);
  await board.json();
  const lanes = await Promise.all(
    laneIds.map((l) => fetch(`${base}/api/taskboard/${boardId}/${l}/cards?page=1&limit=10&sort=order,%20_id`, { headers }).then((r) => r.json())),
  );
  if (lanes.some((l: { cards?: unknown[] }) => l.cards?.length !== 10)) throw new Error('a lane came back without its first page');
  return performance.now() - t0;
}

async function browserOpen(base: string, boardId: string): Promise<{ cold: number[]; warm: number[] } | null> {
  if (!existsSync(join(ROOT, 'shell/dist/index.html')) || !existsSync(join(ROOT, 'mf-tasks/dist/mf-manifest.json'))) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await signInThroughPage(page, base, 'employee@demo.test', DEMO_PASSWORD);
    const lanesFilled = () =>
      page.waitForFunction(
        (n) => {
          const lanes = [...document.querySelectorAll('[data-testid="task-lane"]')];
          return lanes.length === n && lanes.every((l) => l.querySelector('[data-testid="task-card"]'));
        },
        LANES,
        { polling: 'raf', timeout: 60_000 },
      );
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      // a full page load: shell, remote and board
      const t0 = Date.now();
      await page.goto(`${base}/tasks/${boardId}`);
      await lanesFilled();
      cold.push(Date.now() - t0);
      // inside the app: from the boards list to the board on screen
      await page.getByRole('button', { name: 'Back to task boards' }).click();
      await page.getByTestId('board-summary').first().waitFor();
      const t1 = await page.evaluate(() => performance.now());
      await page.getByTestId('board-summary').first().click();
      await lanesFilled();
      warm.push((await page.evaluate(() => performance.now())) - t1);
    }
    return { cold, warm };
  } finally {
    await browser.close();
  }
}

function connect(base: string, session: { token: string; user: { id: string } }): Promise<Socket> {
  const socket = io(`${base}/${DEMO_ACCOUNTS.demo.dbName}`, {
    transports: ['websocket'],
    auth: { token: session.token },
    query: { userId: session.user.id, name: 'bench', version: 'bench', device: 'desktop' },
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One person moves a card; the time until another person's socket hears of it. */
async function moveLatency(base: string, boardId: string, laneIds: string[]): Promise<number[]> {
  const mover = await connect(base, await signIn(base, 'employee@demo.test'));
  const watcher = await connect(base, await signIn(base, 'employee2@demo.test'));
  const joined = await Promise.all([mover, watcher].map((s) => s.timeout(10_000).emitWithAck('taskBoard_joinBoard', boardId)));
  if (!joined.every((r: { ok: boolean }) => r.ok)) throw new Error('could not join the board');
  const res = await fetch(`${base}/api/taskboard/${boardId}/${laneIds[0]}/cards?limit=50`, {
    headers: { authorization: `Bearer ${(await signIn(base, 'admin@demo.test')).token}` },
  });
  const cards = ((await res.json()) as { cards: Array<{ id: string; laneId: string }> }).cards;
  const where = new Map(cards.map((c) => [c.id, c.laneId]));
  const samples: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    const card = cards[i % cards.length];
    const from = where.get(card.id)!;
    const to = laneIds[(laneIds.indexOf(from) + 1 + (i % 3)) % laneIds.length];
    const seen = new Promise<number>((resolve) => {
      const on = (e: { type: string; card?: { id: string } }) => {
        if (e.card?.id === card.id) {
          watcher.off('taskboard', on);
          resolve(performance.now());
        }
      };
      watcher.on('taskboard', on);
    });
    const t0 = performance.now();
    mover.emit('taskBoard_updateCard', { boardId, event: { type: 'MOVE_CARD', cardId: card.id, fromLaneId: from, toLaneId: to, index: i % 7 } });
    samples.push((await seen) - t0);
    where.set(card.id, to);
  }
  mover.disconnect();
  watcher.disconnect();
  return samples;
}

export async function benchTasks(): Promise<void> {
  const port = Number(process.env.BENCH_PORT || 8560);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-tasks-'));
  console.log(`\nTask boards (${LANES} lanes x ${CARDS_PER_LANE.toLocaleString('en-US')} cards, embedded database)`);
  let server: ChildProcess | null = null;
  try {
    const t0 = performance.now();
    const { boardId, laneIds } = await seed(dataDir);
    console.log(`  seeded ${(LANES * CARDS_PER_LANE).toLocaleString('en-US')} cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (existsSync(join(ROOT, 'mf-tasks/dist/mf-manifest.json'))) {
      spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/cli/remotes.ts', 'release', 'tasks'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: 'ignore',
      });
    }
    server = await startServer(dataDir, port);
    const admin = await signIn(base, 'admin@demo.test');
    await apiOpen(base, admin.token, boardId, laneIds); // warm-up
    const api: number[] = [];
    for (let i = 0; i < OPENS; i++) api.push(await apiOpen(base, admin.token, boardId, laneIds));
    console.log(`  open a board (API: board + first page of 10 lanes): p50 ${ms(pct(api, 50))}, max ${ms(Math.max(...api))}`);
    const browser = await browserOpen(base, boardId);
    if (browser) {
      console.log(`  board on screen, from the boards list: p50 ${ms(pct(browser.warm, 50))}, max ${ms(Math.max(...browser.warm))}   (aim: under 400 ms)`);
      console.log(`  board on screen, full page load with sign-in kept: p50 ${ms(pct(browser.cold, 50))}, max ${ms(Math.max(...browser.cold))}`);
    } else {
      console.log('  board on screen: skipped, build the apps first (npm run build)');
    }
    const moves = await moveLatency(base, boardId, laneIds);
    console.log(`  move seen on another screen (${MOVES} moves): p50 ${ms(pct(moves, 50))}, p99 ${ms(pct(moves, 99))}   (aim: p50 under 50 ms)`);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchTasks().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
