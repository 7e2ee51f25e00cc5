import { createRequire } from 'node:module';
import type { Gif } from '@agency/contracts';
import type { GifProvider } from './index';

// gifenc is CommonJS: required, so its exports are the same under every loader.
const { GIFEncoder } = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

/*
 * The GIFs the app ships for chat when no GIPHY key is set: a dozen small animations drawn here in
 * code (a word in capitals over a motif), made on first use and served from this origin
 * (GET /api/gifs/{id}.gif), so they pass the Content-Security-Policy and need no network.
 */

type Motif = 'confetti' | 'car' | 'house' | 'heart' | 'wave' | 'sparkle';
interface LocalGif {
  id: string;
  title: string;
  word: string;
  tags: string[];
  background: number[];
  ink: number[];
  motif: Motif;
}

export const LOCAL_GIFS: readonly LocalGif[] = [
  {
    id: 'local-thanks',
    title: 'Thanks',
    word: 'THANKS',
    tags: ['thanks', 'thank you', 'grateful', 'appreciate'],
    background: [46, 125, 50],
    ink: [255, 255, 255],
    motif: 'heart',
  },
  {
    id: 'local-congrats',
    title: 'Congrats',
    word: 'CONGRATS',
    tags: ['congrats', 'congratulations', 'well done', 'win'],
    background: [106, 27, 154],
    ink: [255, 235, 59],
    motif: 'confetti',
  },
  {
    id: 'local-hello',
    title: 'Hello',
    word: 'HELLO',
    tags: ['hello', 'hi', 'hey', 'greetings'],
    background: [2, 119, 189],
    ink: [255, 255, 255],
    motif: 'wave',
  },
  {
    id: 'local-welcome',
    title: 'Welcome',
    word: 'WELCOME',
    tags: ['welcome', 'new', 'hello', 'onboard'],
    background: [0, 121, 107],
    ink: [255, 255, 255],
    motif: 'sparkle',
  },
  {
    id: 'local-birthday',
    title: 'Happy birthday',
    word: 'BIRTHDAY',
    tags: ['birthday', 'happy birthday', 'party', 'cake'],
    background: [216, 27, 96],
    ink: [255, 255, 255],
    motif: 'confetti',
  },
  {
    id: 'local-car',
    title: 'Car',
    word: 'CAR',
    tags: ['car', 'auto', 'drive', 'vehicle', 'policy'],
    background: [144, 202, 249],
    ink: [13, 71, 161],
    motif: 'car',
  },
  {
    id: 'local-home',
    title: 'Home',
    word: 'HOME',
    tags: ['home', 'house', 'property', 'policy'],
    background: [255, 224, 178],
    ink: [191, 54, 12],
    motif: 'house',
  },
  {
    id: 'local-sorry',
    title: 'Sorry',
    word: 'SORRY',
    tags: ['sorry', 'apology', 'oops', 'my bad'],
    background: [96, 125, 139],
    ink: [255, 255, 255],
    motif: 'sparkle',
  },
  {
    id: 'local-yes',
    title: 'Yes',
    word: 'YES',
    tags: ['yes', 'ok', 'agree', 'approved', 'sure'],
    background: [67, 160, 71],
    ink: [255, 255, 255],
    motif: 'sparkle',
  },
  { id: 'local-no', title: 'No', word: 'NO', tags: ['no', 'nope', 'decline', 'denied'], background: [198, 40, 40], ink: [255, 255, 255], motif: 'sparkle' },
  { id: 'local-wave', title: 'Wave', word: 'BYE', tags: ['wave', 'bye', 'goodbye', 'see you'], background: [255, 179, 0], ink: [62, 39, 35], motif: 'wave' },
  {
    id: 'local-celebrate',
    title: 'Celebrate',
    word: 'YAY',
    tags: ['celebrate', 'yay', 'party', 'hooray', 'win'],
    background: [57, 73, 171],
    ink: [255, 235, 59],
    motif: 'confetti',
  },
];

export const WIDTH = 160;
export const HEIGHT = 100;
const FRAMES = 8;

// A 5x7 capital font, each glyph seven rows of five bits.
const FONT: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 25, 21, 19, 17, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  Y: [17, 17, 10, 4, 4, 4, 4],
};

// The palette: background, ink, then the motif's colours.
const ACCENTS = [
  [255, 255, 255],
  [255, 213, 79],
  [239, 83, 80],
  [66, 165, 245],
  [102, 187, 106],
  [33, 33, 33],
  [141, 110, 99],
];

function frame(g: LocalGif, f: number): Uint8Array {
  const px = new Uint8Array(WIDTH * HEIGHT);
  const put = (x: number, y: number, c: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi >= 0 && xi < WIDTH && yi >= 0 && yi < HEIGHT) px[yi * WIDTH + xi] = c;
  };
  const rect = (x: number, y: number, w: number, h: number, c: number) => {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) put(x + i, y + j, c);
  };
  const phase = (f / FRAMES) * Math.PI * 2;
  // The motif, behind the word.
  if (g.motif === 'confetti' || g.motif === 'sparkle') {
    for (let k = 0; k < 26; k++) {
      const x = (k * 37 + 11) % WIDTH;
      const fall = g.motif === 'confetti' ? (f * 6 + k * 23) % HEIGHT : (k * 29 + 7) % HEIGHT;
      const on = g.motif === 'confetti' || (k + f) % 3 === 0;
      if (on) rect(x, fall, 3, 3, 2 + (k % 4));
    }
  } else if (g.motif === 'car') {
    const x = (((f * WIDTH) / FRAMES + WIDTH - 40) % (WIDTH + 40)) - 40;
    rect(x + 8, 66, 24, 8, 4);
    rect(x, 74, 40, 10, 4);
    rect(x + 12, 68, 6, 5, 5);
    rect(x + 22, 68, 6, 5, 5);
    for (const wx of [x + 9, x + 31]) for (let a = 0; a < 20; a++) rect(wx + Math.cos(a) * 3, 86 + Math.sin(a) * 3, 2, 2, 7);
  } else if (g.motif === 'house') {
    const glow = f % 2 ? 3 : 2;
    rect(56, 64, 48, 30, 2);
    for (let j = 0; j < 16; j++) rect(80 - j * 2 - 4, 48 + j, j * 4 + 8, 1, 4);
    rect(74, 76, 12, 18, 8);
    rect(60, 70, 8, 8, glow);
    rect(92, 70, 8, 8, glow);
  } else if (g.motif === 'heart') {
    const size = 1 + (f % 4 < 2 ? 0 : 1);
    for (let t = 0; t < 628; t++) {
      const a = t / 100;
      const hx = 16 * Math.sin(a) ** 3;
      const hy = 13 * Math.cos(a) - 5 * Math.cos(2 * a) - 2 * Math.cos(3 * a) - Math.cos(4 * a);
      for (let s = 0; s <= 1; s += 0.25) rect(80 + hx * s * size, 76 - hy * s * size, 2, 2, 4);
    }
  } else if (g.motif === 'wave') {
    const tilt = Math.sin(phase) * 0.5;
    for (let k = 0; k < 4; k++) rect(70 + k * 5 + tilt * (k * 4 - 6), 62 + Math.abs(k - 1.5) * 2, 4, 18, 3);
    rect(68, 78, 22, 14, 3);
  }
  // The word, bouncing.
  const scale = g.word.length > 6 ? 3 : 4;
  const wordWidth = g.word.length * 6 * scale - scale;
  const x0 = (WIDTH - wordWidth) / 2;
  const y0 = (g.motif === 'confetti' || g.motif === 'sparkle' ? 36 : 14) + Math.round(Math.sin(phase) * 4);
  [...g.word].forEach((ch, i) => {
    const rows = FONT[ch] ?? [];
    rows.forEach((bits, row) => {
      for (let col = 0; col < 5; col++) if (bits & (1 << (4 - col))) rect(x0 + (i * 6 + col) * scale, y0 + row * scale, scale, scale, 1);
    });
  });
  return px;
}

const encoded = new Map<string, Buffer>();

/** The GIF file of a local GIF, drawn on first use; null for an unknown id. */
export function localGifFile(id: string): Buffer | null {
  const g = LOCAL_GIFS.find((x) => x.id === id);
  if (!g) return null;
  let file = encoded.get(id);
  if (!file) {
    const palette = [g.background, g.ink, ...ACCENTS, [121, 85, 72]];
    const gif = GIFEncoder();
    for (let f = 0; f < FRAMES; f++) gif.writeFrame(frame(g, f), WIDTH, HEIGHT, { palette, delay: 120, repeat: 0 });
    gif.finish();
    file = Buffer.from(gif.bytes());
    encoded.set(id, file);
  }
  return file;
}

const toGif = (g: LocalGif): Gif => {
  const url = `/api/gifs/${g.id}.gif`;
  return { id: g.id, title: g.title, url, previewUrl: url, width: WIDTH, height: HEIGHT };
};

/** The GIFs shipped with the app, found by their title and tags (all of them for an empty search). */
export function createLocalGifs(): GifProvider {
  return {
    configured: true,
    async search(query, offset) {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = LOCAL_GIFS.filter((g) => words.every((w) => g.tags.some((t) => t.includes(w)) || g.title.toLowerCase().includes(w)));
      return found.slice(offset, offset + 24).map(toGif);
    },
    async get(id) {
      const g = LOCAL_GIFS.find((x) => x.id === id);
      return g ? toGif(g) : null;
    },
  };
}
