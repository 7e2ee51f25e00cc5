import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AudioFrame } from './wrtc';

/*
 * A call's recording at the local carrier: the caller's side and the agency's side, each frame
 * brought down to 8 kHz as it arrives, mixed into one mono WAV when the call ends (as Twilio
 * keeps a call's recording). While paused nothing is kept, on either side.
 */
const RATE = 8000;

/** A WAV of `length` 16-bit mono samples at 8 kHz, each from `sample` (clipped to 16 bits). */
export function monoWav(length: number, sample: (i: number) => number): Buffer {
  const data = wavHeader(length);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  for (let i = 0; i < length; i++) view.setInt16(44 + i * 2, Math.max(-32768, Math.min(32767, Math.round(sample(i)))), true);
  return data;
}

function wavHeader(length: number): Buffer {
  const data = Buffer.alloc(44 + length * 2);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + length * 2, 4);
  data.write('WAVE', 8);
  data.write('fmt ', 12);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(RATE, 24);
  data.writeUInt32LE(RATE * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(length * 2, 40);
  return data;
}

/** A second of samples per block. */
const BLOCK = RATE;

/**
 * One side's samples, kept in blocks of a second allocated as the call goes on: nothing is copied
 * as it grows and nothing is made per frame (a plain array of numbers was copied whole each time it
 * outgrew itself).
 */
class Track {
  private readonly blocks: Float64Array[] = [];
  length = 0;

  push(value: number) {
    const at = this.length % BLOCK;
    if (at === 0) this.blocks.push(new Float64Array(BLOCK));
    this.blocks[this.blocks.length - 1]![at] = value;
    this.length++;
  }

  /** Silence up to `length` samples. */
  padTo(length: number) {
    while (this.blocks.length * BLOCK < length) this.blocks.push(new Float64Array(BLOCK));
    this.length = Math.max(this.length, length);
  }

  /** Adds each sample into `into` from its start (the two sides of a call are summed this way). */
  addInto(into: Float64Array) {
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      const start = b * BLOCK;
      const n = Math.min(BLOCK, this.length - start);
      for (let i = 0; i < n; i++) into[start + i]! += block[i]!;
    }
  }
}

export class Recorder {
  readonly sid = `RE${randomBytes(16).toString('hex')}`;
  private readonly sides: [Track, Track] = [new Track(), new Track()];
  paused = false;

  /** A frame heard from one side (0: the caller, 1: the agency). */
  push(side: 0 | 1, frame: AudioFrame) {
    if (this.paused) return;
    const step = Math.max(1, Math.round(frame.sampleRate / RATE));
    const channels = Math.max(1, frame.channelCount);
    const out = this.sides[side];
    const samples = frame.samples;
    for (let i = 0; i + step * channels <= samples.length; i += step * channels) {
      let sum = 0;
      for (let j = 0; j < step; j++) sum += samples[i + j * channels]!;
      out.push(sum / step);
    }
  }

  /** A new leg joins the agency's side: it starts where the caller's side is now (silence before). */
  align() {
    const [caller, agency] = this.sides;
    agency.padTo(caller.length);
  }

  /** Writes the WAV into `dir`; its length in seconds. */
  finish(dir: string): { file: string; seconds: number } {
    const [a, b] = this.sides;
    const length = Math.max(a.length, b.length);
    const mixed = new Float64Array(length);
    a.addInto(mixed);
    b.addInto(mixed);
    const data = wavHeader(length);
    const view = new DataView(data.buffer, data.byteOffset, data.length);
    for (let i = 0; i < length; i++) view.setInt16(44 + i * 2, Math.max(-32768, Math.min(32767, Math.round(mixed[i]!))), true);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${this.sid}.wav`);
    writeFileSync(file, data);
    return { file, seconds: Math.round(length / RATE) };
  }
}
