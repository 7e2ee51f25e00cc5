import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A release's files are sent compressed as the browser accepts: each text file is compressed once,
 * as it is released, into `<file>.br` and `<file>.gz` beside it (the files keep their names, and the
 * release its name: it is named by the build's files). @fastify/static sends the variant the request
 * accepts (`preCompressed`). Images, sounds and fonts are compressed already; source maps are only
 * read by developer tools.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|wasm)$/i;
/** Smaller files gain fewer bytes than the response's headers. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Brotli at quality 10: quality 11 made the shell's files 1.7% smaller for 2.6 times the CPU (9.3 s
 * against 3.6 s for the shell's 5.7 MB on this machine), which every release of a new build pays.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

/** Writes the brotli and gzip variants of each text file of a folder (a variant only where it is smaller). */
export function precompressFolder(dir: string): void {
  for (const file of filesOf(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, { ...BROTLI, params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    const gz = gzipSync(bytes, { level: 9 });
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, where the browser takes it; null for neither. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The pages (the shell's, a remote's standalone ones) are their built file with the release named in
 * them, so each is compressed as it is first sent and kept: once per page, release and encoding.
 */
const compressedPages = new Map<string, Buffer>();
const KEPT_PAGES = 64;

export function compressedPage(html: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}\n${html}`;
  let body = compressedPages.get(key);
  if (!body) {
    const bytes = Buffer.from(html);
    body = encoding === 'br' ? brotliCompressSync(bytes, BROTLI) : gzipSync(bytes, { level: 9 });
    if (compressedPages.size >= KEPT_PAGES) compressedPages.delete(compressedPages.keys().next().value as string);
    compressedPages.set(key, body);
  }
  return body;
}
