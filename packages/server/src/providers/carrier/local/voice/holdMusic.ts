import { createHash } from 'node:crypto';
import type { MediaLeg } from './media';

/*
 * Hold music on the local carrier: it cannot fetch a track, so it plays a soft melody of its own
 * to the waiting caller, a different one for each track (the notes follow the track's address),
 * in the 10 ms frames WebRTC takes.
 */
const RATE = 48_000;
const FRAME = 480;
const NOTE_MS = 420;
// A major pentatonic scale around middle C: nothing in it clashes.
const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25];

export function playHoldMusic(leg: MediaLeg, track: string): () => void {
  const digest = createHash('sha256').update(track).digest();
  const melody = Array.from({ length: 16 }, (_, i) => SCALE[digest[i]! % SCALE.length]!);
  const noteFrames = NOTE_MS / 10;
  let frame = 0;
  const samples = new Int16Array(FRAME);
  const started = performance.now();
  const play = () => {
    const note = Math.floor(frame / noteFrames);
    const hz = melody[note % melody.length]!;
    const within = (frame % noteFrames) / noteFrames;
    // Each note swells and fades, so the tune is gentle rather than a beep.
    const envelope = Math.sin(Math.PI * within) * 3500;
    for (let i = 0; i < FRAME; i++) {
      const t = (frame * FRAME + i) / RATE;
      samples[i] = Math.round(envelope * (0.8 * Math.sin(2 * Math.PI * hz * t) + 0.2 * Math.sin(4 * Math.PI * hz * t)));
    }
    leg.play({ samples, sampleRate: RATE, bitsPerSample: 16, channelCount: 1, numberOfFrames: FRAME });
  };
  const timer = setInterval(() => {
    // Every frame due by now, however late this tick came (a busy process fires timers late; a
    // stall of over half a second is skipped rather than played fast).
    const due = Math.floor((performance.now() - started) / 10);
    frame = Math.max(frame, due - 50);
    for (; frame < due; frame++) play();
  }, 10);
  timer.unref();
  return () => clearInterval(timer);
}
