/**
 * The phone on the local carrier, on the production server (issue figures):
 *   - ring: a client dials an agency number, until the employee's phone rings (its invite), p50 / p95;
 *   - answer to audio: the employee answers, until the client hears the employee (first frame with sound);
 *   - simultaneous calls (employees calling clients; 20 by default): all set up, audio both ways on every one,
 *     and the server's CPU while they talk.
 * Both sides are simulated phones in this process speaking to the server exactly as the Voice SDK
 * does (PStream over wss, SDP without candidates), so the whole server path is timed.
 *
 *   BENCH_PHONE_CALLS       calls timed one by one (default 20)
 *   BENCH_PHONE_PARALLEL    simultaneous calls (default 20)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localWebhookToken, SIM_PREFIX, signVoiceToken, SimulatedPhone } from '../../packages/server/src/index';
import { startServer } from './server';
import { ms, percentile, table } from './stats';

const PORT = Number(process.env.BENCH_PHONE_PORT || 8396);
const CALLS = Number(process.env.BENCH_PHONE_CALLS || 20);
// Every simulated phone is a WebRTC peer in this one process (about 60 file descriptors each).
const PARALLEL = Number(process.env.BENCH_PHONE_PARALLEL || 20);
const EMPLOYEE = '00000000-0000-4000-9000-000000000003';
const ROUND_ROCK_MAIN = '+15125550003';

function keyOf(dataDir: string): Buffer {
  const t = readFileSync(join(dataDir, 'client-data.key'), 'utf8').trim();
  return /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
}

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);

/** CPU seconds the server's process tree has used (user + system). */
function cpuSeconds(rootPid: number): number {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,times='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (!tree.has(ppid!) || tree.has(pid!)) continue;
      tree.add(pid!);
      grew = true;
    }
  }
  return rows.filter(([pid]) => tree.has(pid!)).reduce((sum, r) => sum + r[2]!, 0);
}

export async function benchPhone(): Promise<void> {
  console.log(`\nPhone: starting the production server (port ${PORT}, signalling ${PORT + 1}) ...`);
  const server = await startServer(PORT);
  const signal = `wss://127.0.0.1:${PORT + 1}/signal`;
  const key = localWebhookToken(keyOf(server.dataDir));
  const phones: SimulatedPhone[] = [];
  const phone = async (identity: string) => {
    const p = await SimulatedPhone.connect(signal, signVoiceToken(key, identity, 3600));
    phones.push(p);
    return p;
  };
  // The signalling starts listening just after the API answers its health check.
  for (let tries = 0; ; tries++) {
    try {
      (await SimulatedPhone.connect(signal, signVoiceToken(key, EMPLOYEE, 60), false)).close();
      break;
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    const employee = await phone(EMPLOYEE);
    const ring: number[] = [];
    const toAudio: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const client = await phone(`${SIM_PREFIX}+1512555${String(2000 + i).padStart(4, '0')}`);
      const dialled = Date.now();
      await client.call(ROUND_ROCK_MAIN);
      const invite = await employee.next('invite');
      ring.push(Date.now() - dialled);
      const answered = Date.now();
      await employee.answer(invite);
      toAudio.push((await client.soundAfter(answered)) - answered);
      const { callsid } = await client.next('answer');
      client.hangup(String(callsid));
      await employee.next('hangup');
      client.close();
    }

    // Employees call clients, all at once.
    const pairs = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => ({
        staff: await phone(EMPLOYEE),
        client: await phone(`${SIM_PREFIX}+1512555${String(3000 + i).padStart(4, '0')}`),
        number: `+1512555${String(3000 + i).padStart(4, '0')}`,
      })),
    );
    const started = Date.now();
    await Promise.all(
      pairs.map(async ({ staff, client, number }) => {
        await staff.call(number);
        await client.answer(await client.next('invite', 15_000));
        await staff.next('answer', 15_000);
        await Promise.all([staff.hears(20, 15_000), client.hears(20, 15_000)]);
      }),
    );
    const setUp = Date.now() - started;
    const pid = server.pid;
    const cpuBefore = cpuSeconds(pid);
    const heardBefore = pairs.map((p) => [p.staff.heardFrames, p.client.heardFrames]);
    const window = 10_000;
    await new Promise((r) => setTimeout(r, window));
    const cpu = ((cpuSeconds(pid) - cpuBefore) / (window / 1000)) * 100;
    const heardShare = pairs.map((p, i) => Math.min(p.staff.heardFrames - heardBefore[i]![0]!, p.client.heardFrames - heardBefore[i]![1]!) / (window / 10));
    console.log(
      table('Phone (local carrier, simulated phones on loopback)', [
        ['Figure', 'p50', 'p95', 'max', 'aim'],
        ['Dial to the employee ringing', ms(percentile(sorted(ring), 50)), ms(percentile(sorted(ring), 95)), ms(Math.max(...ring)), '≤ 300 ms'],
        ['Answer to audio', ms(percentile(sorted(toAudio), 50)), ms(percentile(sorted(toAudio), 95)), ms(Math.max(...toAudio)), '≤ 500 ms'],
      ]),
    );
    console.log(
      table(`${PARALLEL} simultaneous calls`, [
        ['Figure', 'value'],
        ['All set up, audio both ways', ms(setUp)],
        ['Server CPU while they talk (one core = 100%)', `${cpu.toFixed(0)}%`],
        ['Worst call: share of 10 ms frames heard', `${(Math.min(...heardShare) * 100).toFixed(0)}%`],
      ]),
    );
  } finally {
    for (const p of phones) p.close();
    await server.stop();
  }
}

// Runnable alone: node_modules/.bin/tsx bench/src/phone.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  benchPhone().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
