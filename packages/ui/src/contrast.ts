/**
 * Colour contrast as WCAG 2.1 measures it (relative luminance of sRGB, ratio (L1 + 0.05) / (L2 + 0.05)),
 * and the nearest colour of the same hue that reaches a ratio. Plain functions: the theme and the
 * public pages use them without antd.
 */

/** Text (WCAG 1.4.3, AA): 4.5:1. */
export const TEXT_CONTRAST = 4.5;
/** Controls' boundaries, icons and focus rings (WCAG 1.4.11): 3:1. */
export const CONTROL_CONTRAST = 3;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 to 1 */
  a: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)`; null for anything else. */
export function parseColor(input: string): Rgba | null {
  const s = input.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s);
  if (hex) {
    let h = hex[1];
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(s);
  if (fn) {
    const parts = fn[1].split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3 || parts.length > 4) return null;
    const channel = (p: string) => (p.endsWith('%') ? (parseFloat(p) / 100) * 255 : parseFloat(p));
    const [r, g, b] = parts.slice(0, 3).map(channel);
    const a = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
    if ([r, g, b, a].some((v) => Number.isNaN(v))) return null;
    return { r: clamp(r, 0, 255), g: clamp(g, 0, 255), b: clamp(b, 0, 255), a: clamp(a, 0, 1) };
  }
  return null;
}

function mustParse(color: string): Rgba {
  const c = parseColor(color);
  if (!c) throw new Error(`Not a colour: ${color}`);
  return c;
}

/** `#rrggbb` of an opaque colour. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A translucent colour as it shows over an opaque background. */
export function composite(color: string, background: string): string {
  const c = mustParse(color);
  const bg = mustParse(background);
  if (bg.a < 1) throw new Error(`The background must be opaque: ${background}`);
  const mix = (f: number, b: number) => f * c.a + b * (1 - c.a);
  return toHex({ r: mix(c.r, bg.r), g: mix(c.g, bg.g), b: mix(c.b, bg.b), a: 1 });
}

/** WCAG's relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const { r, g, b } = mustParse(color);
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of a colour over a background, 1 to 21; a translucent colour is first laid over the background. */
export function contrastRatio(color: string, background: string): number {
  const fg = mustParse(color).a < 1 ? composite(color, background) : color;
  const a = luminance(fg);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function toHsl({ r, g, b }: Rgba): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  if (s === 0) return toHex({ r: l * 255, g: l * 255, b: l * 255, a: 1 });
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  return toHex({ r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255, a: 1 });
}

/**
 * The colour, made darker or lighter (same hue and saturation) until it reaches `ratio` against every
 * one of `against`, changed as little as it can be. It goes the way that can reach the ratio (darker
 * against light backgrounds, lighter against dark ones); the colour itself when it already does.
 * Returns the best it can when no lightness reaches the ratio (black or white for the hardest cases).
 */
export function ensureContrast(color: string, against: string | string[], ratio: number): string {
  const backgrounds = Array.isArray(against) ? against : [against];
  const base = mustParse(color);
  const hex = toHex(base);
  const worst = (c: string) => Math.min(...backgrounds.map((bg) => contrastRatio(c, bg)));
  if (worst(hex) >= ratio) return hex;
  const [h, s, l] = toHsl(base);
  // Which way: towards the end of lightness that contrasts more with the backgrounds.
  const darker = worst('#000000') >= worst('#ffffff');
  let ok = darker ? 0 : 1; // the end (black or white) is the fallback
  let bad = l;
  if (worst(fromHsl(h, s, ok)) < ratio) return fromHsl(h, s, ok);
  // Bisect the lightness between the colour (not enough) and the end (enough).
  for (let i = 0; i < 24; i++) {
    const mid = (ok + bad) / 2;
    if (worst(fromHsl(h, s, mid)) >= ratio) ok = mid;
    else bad = mid;
  }
  return fromHsl(h, s, ok);
}

/** Whether text in `color` is readable on `background` (4.5:1, or `ratio`). */
export function readable(color: string, background: string, ratio = TEXT_CONTRAST): boolean {
  return contrastRatio(color, background) >= ratio;
}

/** A colour to fill behind white text (an avatar's initials on a person's theme colour): darkened until the white reads. */
export function fillUnderWhite(color: string): string {
  return parseColor(color) ? ensureContrast(color, '#ffffff', TEXT_CONTRAST) : color;
}
