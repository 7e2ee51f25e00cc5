/**
 * A campaign run at scale on the local carrier (issue figures): a tag of 10,000 clients, the run
 * started with Run Now, the API killed (SIGKILL, the whole process) a third of the way through and
 * started again on the same data. Prints the time until every text was handed to the carrier, the
 * server's peak memory, and how many people the carrier texted twice (must be 0).
 *
 *   BENCH_CAMPAIGN          recipients (default 10000); 0 skips
 *   BENCH_CAMPAIGN_PORT     server port (default 8650)
 *   BENCH_CAMPAIGN_RATE     texts a second per agency number (CAMPAIGN_RATE; default 100000, so
 *                           the figure is the app's own speed, not a carrier's pace)
 *
 * Run alone: node_modules/.bin/tsx bench/src/campaigns.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { openPglite, migrate, seedIfEmpty, DEMO_ACCOUNTS, generateClients } from '../../packages/server/src/index';
import { ms, table } from './stats';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const ACCOUNT = DEMO_ACCOUNTS.demo.id;

/** A fixed-offset zone where it is midday now, so quiet hours (21:00-8:00) hold nothing back. */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours(); // hours east of UTC
  const east = offset > 14 ? offset - 24 : offset < -12 ? offset + 24 : offset;
  return east === 0 ? 'Etc/GMT' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`;
}

/** Peak resident memory (VmHWM) of a process and its descendants, in bytes. */
function peakRss(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
      }
    } catch {
      // the process ended
    }
  };
  visit(pid);
  return total;
}

function startApi(port: number, dataDir: string, rate: number): ChildProcess {
  return spawn(process.execPath, [TSX, join(ROOT, 'packages/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      CAMPAIGN_RATE: String(rate),
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', process.env.BENCH_CAMPAIGN_LOG ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
}

async function waitUp(url: string, child: ChildProcess) {
  for (const end = Date.now() + 120_000; Date.now() < end;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/healthcheck`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The server did not start');
}

const kill = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
};

export interface CampaignFigures {
  recipients: number;
  handedMs: number;
  restartMs: number;
  peakRssBytes: number;
  textedTwice: number;
  storedTwice: number;
  handed: number;
}

export async function benchCampaigns(opts: { recipients?: number; port?: number } = {}): Promise<CampaignFigures | null> {
  const count = opts.recipients ?? Number(process.env.BENCH_CAMPAIGN ?? 10_000);
  if (!count) return null;
  const port = opts.port ?? Number(process.env.BENCH_CAMPAIGN_PORT || 8650);
  const rate = Number(process.env.BENCH_CAMPAIGN_RATE || 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-campaign-'));
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    const db = await openPglite(join(dataDir, 'db'));
    await migrate(db);
    await seedIfEmpty(db);
    const { ids } = await generateClients(db, ACCOUNT, count);
    const tagId = randomUUID();
    const zone = middayZone();
    await db.query(`insert into tags (id, account_id, name) values ($1, $2, 'Campaign bench')`, [tagId, ACCOUNT]);
    await db.query(`insert into client_tags (account_id, client_id, tag_id) select $1, unnest($2::uuid[]), $3`, [ACCOUNT, ids, tagId]);
    await db.query('update accounts set timezone = $2 where id = $1', [ACCOUNT, zone]);
    await db.query('update account_locations set timezone = $2 where account_id = $1', [ACCOUNT, zone]);
    await db.close();
    console.log(`\ncampaign: ${count.toLocaleString('en-US')} clients tagged; the account's zone is ${zone} (midday there)`);

    server = startApi(port, dataDir, rate);
    await waitUp(url, server);
    const auth = await fetch(`${url}/api/auth`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('owner@demo.test:demo-password').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, device: 'mobile' }),
    });
    const { token } = (await auth.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const created = await fetch(`${url}/api/campaigns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench run',
        targetTags: [tagId],
        targetWhom: 'client',
        content: 'Hi {{firstName}}, your renewal is coming up.',
        scheduleOccurrence: 'once',
        scheduleStartOn: start.toISOString(),
      }),
    });
    if (created.status !== 201) throw new Error(`Creating the campaign failed: ${created.status} ${await created.text()}`);
    const campaign = (await created.json()) as { id: string };

    const t0 = performance.now();
    const run = await fetch(`${url}/api/campaigns/${campaign.id}/run`, { method: 'POST', headers: { authorization: headers.authorization } });
    if (run.status !== 202) throw new Error(`Run Now failed: ${run.status}`);
    const written = async () => {
      try {
        const logs = (await (await fetch(`${url}/api/campaigns/${campaign.id}/logs`, { headers })).json()) as Array<{ successful: number; failed: number }>;
        return logs[0] ? logs[0].successful + logs[0].failed : 0;
      } catch {
        return 0; // the server is busy; ask again
      }
    };
    const progress = async () => {
      const logs = (await (await fetch(`${url}/api/campaigns/${campaign.id}/logs`, { headers })).json()) as Array<{ runDate: string }>;
      if (!logs[0]) return { rows: 0, handed: 0 };
      const rows = (await (await fetch(`${url}/api/campaigns/${campaign.id}/logs/${encodeURIComponent(logs[0].runDate)}`, { headers })).json()) as Array<{
        status: string;
      }>;
      return { rows: rows.length, handed: rows.filter((r) => r.status !== 'queued' && r.status !== 'skipped').length };
    };

    let peak = 0;
    let restartMs = 0;
    let restarted = false;
    let last = { rows: 0, handed: 0 };
    // Killed once a third of the people have their text stored: the run is cut half way.
    while ((await written()) < count / 3) {
      peak = Math.max(peak, peakRss(server.pid!));
      await new Promise((r) => setTimeout(r, 100));
    }
    for (;;) {
      peak = Math.max(peak, peakRss(server.pid!));
      if (restarted) {
        try {
          last = await progress();
        } catch {
          // busy
        }
      }
      if (!restarted) {
        kill(server, 'SIGKILL');
        await new Promise((r) => server!.once('exit', r));
        const r0 = performance.now();
        server = startApi(port, dataDir, rate);
        await waitUp(url, server);
        restartMs = performance.now() - r0;
        restarted = true;
        process.stdout.write(`campaign: killed a third of the way, back in ${ms(restartMs)}\n`);
        continue;
      }
      if (last.rows >= count && last.handed >= count) break;
      if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
      if (performance.now() - t0 > 30 * 60_000) throw new Error(`The run did not finish in 30 minutes (${last.handed} of ${count} handed over)`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const handedMs = performance.now() - t0;
    peak = Math.max(peak, peakRss(server.pid!));
    kill(server, 'SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = undefined;

    const check = await openPglite(join(dataDir, 'db'));
    const [twice] = await check.query<{ n: number }>(
      'select count(*)::int as n from (select to_number from carrier_local_texts group by to_number having count(*) > 1) x',
    );
    const [stored] = await check.query<{ n: number }>(
      // this run's people only: the demo agency's history holds campaign texts of its own
      `select count(*)::int as n from (select to_number from sms_messages where type = 'campaign' and client_id = any($1::uuid[]) group by to_number having count(*) > 1) x`,
      [ids],
    );
    const [handed] = await check.query<{ n: number }>('select count(*)::int as n from carrier_local_texts');
    await check.close();
    const figures: CampaignFigures = {
      recipients: count,
      handedMs,
      restartMs,
      peakRssBytes: peak,
      textedTwice: twice!.n,
      storedTwice: stored!.n,
      handed: handed!.n,
    };
    console.log(
      table(`Campaign run to ${count.toLocaleString('en-US')} clients on the local carrier (CAMPAIGN_RATE ${rate}/s; killed once a third of the way)`, [
        ['figure', 'value'],
        ['Run Now → every text handed to the carrier (restart included)', ms(handedMs)],
        ['API restart (SIGKILL → listening again)', ms(restartMs)],
        ['texts the carrier was handed', figures.handed.toLocaleString('en-US')],
        ['people the carrier texted twice', String(figures.textedTwice)],
        ['people with two texts stored', String(figures.storedTwice)],
        ['API peak memory (RSS of the process tree, either life)', `${Math.round(peak / 1024 / 1024)} MB`],
      ]),
    );
    return figures;
  } finally {
    if (server) kill(server, 'SIGKILL');
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchCampaigns().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
