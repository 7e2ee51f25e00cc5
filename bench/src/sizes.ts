// What each remote's build weighs on disk: remoteEntry.js and the chunks of each exposed module.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTES, REPO_ROOT } from './server';

export const gzipSize = (buf: Buffer | Uint8Array) => gzipSync(buf, { level: 9 }).length;

export interface FileSize {
  raw: number;
  gzip: number;
}

export interface RemoteSizes {
  remote: string;
  remoteEntry: FileSize;
  exposes: Array<{ name: string; files: number } & FileSize>;
}

interface Manifest {
  metaData: { remoteEntry: { name: string } };
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

function sizeOf(dir: string, files: string[]): FileSize {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(join(dir, f));
    raw += buf.length;
    gzip += gzipSize(buf);
  }
  return { raw, gzip };
}

export function remoteSizes(): RemoteSizes[] {
  return REMOTES.map((remote) => {
    const dir = join(REPO_ROOT, `mf-${remote}`, 'dist');
    const m = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
    return {
      remote,
      remoteEntry: sizeOf(dir, [m.metaData.remoteEntry.name]),
      exposes: m.exposes.map((e) => {
        const files = [...new Set([...e.assets.js.sync, ...e.assets.js.async])];
        return { name: e.name, files: files.length, ...sizeOf(dir, files) };
      }),
    };
  });
}
