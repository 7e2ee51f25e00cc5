/*
 * The phone's sounds, made here rather than fetched: the Voice SDK would otherwise download its
 * defaults from Twilio's CDN, and nothing of ours may fetch from the internet. All 15 names the
 * SDK plays are given: ringing, ringback, hang-up and the 12 keypad tones (their DTMF pairs).
 */
const RATE = 8000;

/** A 16-bit mono WAV of `segments`: [frequencies (Hz, none is silence), milliseconds]. */
export function wav(segments: Array<[number[], number]>): Uint8Array {
  const samples: number[] = [];
  for (const [freqs, ms] of segments) {
    const n = Math.round((RATE * ms) / 1000);
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const v = freqs.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / Math.max(1, freqs.length);
      samples.push(Math.round(v * 0.35 * 32767));
    }
  }
  const data = samples.length * 2;
  const buf = new DataView(new ArrayBuffer(44 + data));
  const text = (at: number, s: string) => [...s].forEach((c, i) => buf.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  buf.setUint32(4, 36 + data, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  buf.setUint32(16, 16, true);
  buf.setUint16(20, 1, true);
  buf.setUint16(22, 1, true);
  buf.setUint32(24, RATE, true);
  buf.setUint32(28, RATE * 2, true);
  buf.setUint16(32, 2, true);
  buf.setUint16(34, 16, true);
  text(36, 'data');
  buf.setUint32(40, data, true);
  samples.forEach((v, i) => buf.setInt16(44 + i * 2, v, true));
  return new Uint8Array(buf.buffer);
}

const DTMF: Record<string, [number, number]> = {
  '1': [697, 1209],
  '2': [697, 1336],
  '3': [697, 1477],
  '4': [770, 1209],
  '5': [770, 1336],
  '6': [770, 1477],
  '7': [852, 1209],
  '8': [852, 1336],
  '9': [852, 1477],
  s: [941, 1209],
  '0': [941, 1336],
  h: [941, 1477],
};

/** The segments of each sound the SDK names. */
export const SOUND_SEGMENTS: Record<string, Array<[number[], number]>> = {
  incoming: [
    [[440, 480], 1000],
    [[], 2000],
  ],
  outgoing: [
    [[440, 480], 2000],
    [[], 4000],
  ],
  disconnect: [
    [[480, 620], 250],
    [[], 150],
    [[480, 620], 250],
  ],
  ...Object.fromEntries(Object.entries(DTMF).map(([key, pair]) => [`dtmf${key}`, [[pair, 160]] as Array<[number[], number]>])),
};

let urls: Record<string, string> | null = null;

/** Object URLs of the 15 sounds, made once per page. */
export function soundUrls(): Record<string, string> {
  urls ??= Object.fromEntries(
    Object.entries(SOUND_SEGMENTS).map(([name, segments]) => [name, URL.createObjectURL(new Blob([wav(segments) as BlobPart], { type: 'audio/wav' }))]),
  );
  return urls;
}

let silence: string | null = null;

/**
 * Whether this page may start a sound now: a muted play() of a moment of silence, as the Voice SDK
 * starts each of its sounds. A browser refuses it (NotAllowedError) until the page's first gesture,
 * even where the page says it has had one (a page opened from a link or reloaded, in some browsers).
 */
export async function soundsMayPlay(): Promise<boolean> {
  silence ??= URL.createObjectURL(new Blob([wav([[[], 50]]) as BlobPart], { type: 'audio/wav' }));
  const probe = document.createElement('audio');
  probe.muted = true;
  probe.src = silence;
  try {
    await probe.play();
    return true;
  } catch (err) {
    return (err as { name?: string }).name !== 'NotAllowedError';
  } finally {
    probe.pause();
    probe.removeAttribute('src');
    probe.load();
  }
}
