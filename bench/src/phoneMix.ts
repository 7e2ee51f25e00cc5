/**
 * The local carrier mixing a recorded three-party conference, and what it costs the event loop it
 * shares with the API: this process holds the carrier's side (one MediaLeg per call, the
 * ConferenceRoom, a Recorder on the client's call, as the switch wires them), a child process holds
 * the three phones (each a WebRTC peer sending a tone, as a browser would). Every second it reads
 * this process's worst event-loop delay and its CPU; at the end, the worst second, the average, and
 * the share of 10 ms frames each phone heard.
 *
 *   BENCH_MIX_SECONDS   how long the conference talks (default 30)
 *   BENCH_MIX_BUSY      busy loops run beside it, each a process spinning on a core (default 0)
 *   BENCH_MIX_PAUSE_MS  once, 5 s in, the event loop is held this long (as a slow query or a long GC
 *                       would hold it), to see how the media catches up after it (default 0)
 *   BENCH_MIX_VERBOSE   1: print every second
 *
 * Runnable alone: node_modules/.bin/tsx bench/src/phoneMix.ts
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConferenceRoom,
  lateFrames,
  MediaLeg,
  phonePeer,
  Recorder,
  withoutCandidates,
  type ConferenceMember as Member,
  type WrtcPeer,
} from '../../packages/server/src/index';
import { table } from './stats';

const SECONDS = Number(process.env.BENCH_MIX_SECONDS || 30);
const BUSY = Number(process.env.BENCH_MIX_BUSY || 0);
const PAUSE_MS = Number(process.env.BENCH_MIX_PAUSE_MS || 0);
const VERBOSE = process.env.BENCH_MIX_VERBOSE === '1';
const PHONES = 3;
const TONES = [440, 660, 880];

type ToPhones = { type: 'offer?'; n: number } | { type: 'answer'; n: number; sdp: string } | { type: 'heard?' };
type FromPhones = { type: 'offer'; n: number; sdp: string } | { type: 'heard'; frames: number[] };

/** The phones' side (the child process): each offers, as the Voice SDK does, without candidates. */
function phones() {
  const peers: WrtcPeer[] = [];
  const heard = Array.from({ length: PHONES }, () => 0);
  const send = (m: FromPhones) => process.send!(m);
  process.on('message', async (m: ToPhones) => {
    if (m.type === 'offer?') {
      const { pc } = phonePeer(TONES[m.n]!, () => heard[m.n]!++);
      peers[m.n] = pc;
      await pc.setLocalDescription(await pc.createOffer());
      send({ type: 'offer', n: m.n, sdp: withoutCandidates(pc.localDescription!.sdp) });
    } else if (m.type === 'answer') {
      await peers[m.n]!.setRemoteDescription({ type: 'answer', sdp: m.sdp });
    } else if (m.type === 'heard?') {
      send({ type: 'heard', frames: [...heard] });
    }
  });
}

function ask<T extends FromPhones['type']>(child: ChildProcess, message: ToPhones, type: T): Promise<Extract<FromPhones, { type: T }>> {
  return new Promise((resolve) => {
    const on = (m: FromPhones) => {
      if (m.type !== type || ('n' in m && 'n' in message && m.n !== message.n)) return;
      child.off('message', on);
      resolve(m as Extract<FromPhones, { type: T }>);
    };
    child.on('message', on);
    child.send(message);
  });
}

export async function benchPhoneMix(): Promise<void> {
  console.log(`\nConference mix: 3 phones, the client's call recorded, ${SECONDS} s${BUSY ? `, ${BUSY} busy loop(s) beside it` : ''} ...`);
  const child = fork(fileURLToPath(import.meta.url), ['phones'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const busy: ChildProcess[] = Array.from({ length: BUSY }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  const dir = mkdtempSync(join(tmpdir(), 'phone-mix-'));
  const legs: MediaLeg[] = [];
  try {
    const room = new ConferenceRoom('bench', () => undefined);
    const recorder = new Recorder();
    for (let n = 0; n < PHONES; n++) {
      const { sdp } = await ask(child, { type: 'offer?', n }, 'offer');
      const leg = new MediaLeg();
      legs.push(leg);
      child.send({ type: 'answer', n, sdp: await leg.answer(sdp) } satisfies ToPhones);
    }
    // The first call is the recorded client's: its own voice on one side, the mix it hears on the other.
    legs[0]!.onFrame((f) => recorder.push(0, f));
    legs.forEach((media, n) => {
      const member: Member = {
        callSid: `CA${n}`,
        media,
        muted: false,
        hold: false,
        speaking: false,
        coach: null,
        statusCallback: null,
        leave: () => room.leave(`CA${n}`),
        onMix: n === 0 ? (frame) => recorder.push(1, frame) : null,
      };
      room.join(member);
    });
    // Talking: every leg hears its phone's tone.
    for (let waited = 0; legs.some((leg) => leg.soundFrames < 20); waited += 50) {
      if (waited > 20_000) throw new Error('the phones never connected');
      await new Promise((r) => setTimeout(r, 50));
    }
    // Frames the legs heard within one turn of the event loop: wrtc hands them over from a queue it
    // empties in one callback, so a long turn shows as many frames at once.
    let inTurn = 0;
    let mostInTurn = 0;
    for (const leg of legs) leg.onFrame(() => (mostInTurn = Math.max(mostInTurn, ++inTurn)));
    const turns = setInterval(() => (inTurn = 0), 5);
    const heardBefore = (await ask(child, { type: 'heard?' }, 'heard')).frames;

    // The event loop's delay: how late a 5 ms timer fires, at worst, each second.
    let worstLate = 0;
    let expected = performance.now() + 5;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstLate = Math.max(worstLate, now - expected);
      expected = now + 5;
    }, 5);
    const seconds: { delayMs: number; cpuMs: number }[] = [];
    let cpu = process.cpuUsage();
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const used = process.cpuUsage(cpu);
        cpu = process.cpuUsage();
        seconds.push({ delayMs: worstLate, cpuMs: (used.user + used.system) / 1000 });
        if (VERBOSE) console.log(`  ${seconds.length}s: worst delay ${worstLate.toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`);
        worstLate = 0;
        if (PAUSE_MS && seconds.length === 5) for (const until = performance.now() + PAUSE_MS; performance.now() < until;);
        if (seconds.length >= SECONDS) {
          clearInterval(tick);
          resolve();
        }
      }, 1000);
    });
    clearInterval(ticker);
    clearInterval(turns);
    const heard = (await ask(child, { type: 'heard?' }, 'heard')).frames.map((f, i) => (f - heardBefore[i]!) / (SECONDS * 100));
    const finishStart = performance.now();
    const { file, seconds: recorded } = recorder.finish(dir);
    const finishMs = performance.now() - finishStart;
    const worst = Math.max(...seconds.map((s) => s.delayMs));
    const cpuAvg = seconds.reduce((sum, s) => sum + s.cpuMs, 0) / seconds.length;
    const cpuMax = Math.max(...seconds.map((s) => s.cpuMs));
    console.log(
      table(`Recorded 3-party conference on the local carrier (${SECONDS} s${BUSY ? `, ${BUSY} busy loops beside it` : ''})`, [
        ['Figure', 'value'],
        ['Worst event-loop delay', `${worst.toFixed(0)} ms`],
        ['Seconds with a delay over 100 ms', String(seconds.filter((s) => s.delayMs > 100).length)],
        ['CPU per second, mean / worst (one core = 1000 ms)', `${cpuAvg.toFixed(0)} / ${cpuMax.toFixed(0)} ms`],
        ['Most frames handled in one turn of the event loop (3 legs, 100 a second each)', String(mostInTurn)],
        ['Frames the carrier dropped as too late', String(lateFrames.count)],
        ['Share of 10 ms frames heard, worst phone', `${(Math.min(...heard) * 100).toFixed(0)}%`],
        ['Recording written', `${recorded} s, ${Math.round(statSync(file).size / 1024)} KB in ${finishMs.toFixed(0)} ms`],
      ]),
    );
  } finally {
    for (const b of busy) b.kill();
    for (const leg of legs) leg.close();
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'phones') phones();
else if (import.meta.url === `file://${process.argv[1]}`) {
  benchPhoneMix().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
