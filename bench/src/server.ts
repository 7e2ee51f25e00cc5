// The server under measurement: the production build on a fresh data dir, as `npm start` serves it.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Every remote, as packages/contracts/src/remotes.json describes it. */
export const REMOTES: string[] = (JSON.parse(readFileSync(join(REPO_ROOT, 'packages/contracts/src/remotes.json'), 'utf8')) as Array<{ name: string }>).map(
  (r) => r.name,
);
const TSX = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

export function assertBuilt(): void {
  const needed = [join(REPO_ROOT, 'shell/dist/index.html'), ...REMOTES.map((r) => join(REPO_ROOT, `mf-${r}/dist/mf-manifest.json`))];
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(
      `The production build is missing (${missing.map((f) => f.slice(REPO_ROOT.length + 1)).join(', ')}).\n` +
        `Build first: npm run build (the bench builds nothing).`,
    );
  }
}

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete e.RELEASES_DIR;
  delete e.DATABASE_URL;
  delete e.REDIS_URL;
  return e;
}

export interface BenchServer {
  url: string;
  dataDir: string;
  startupMs: number;
  /** The server process (its CPU can be read). */
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(port: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-bench-'));
  const rel = spawnSync(process.execPath, [TSX, join(REPO_ROOT, 'packages/server/src/cli/remotes.ts'), 'release', 'all'], {
    cwd: REPO_ROOT,
    env: env({ DATA_DIR: dataDir }),
    encoding: 'utf8',
  });
  if (rel.status !== 0) throw new Error(`Releasing the remotes failed:\n${rel.stdout}${rel.stderr}`);

  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(process.execPath, [TSX, join(REPO_ROOT, 'packages/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: env({ DEMO_DATA: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(t);
  };
  // BENCH_START_S: how long the server may take to start (migrate, seed, listen) on a machine busy with other work
  const startS = Number(process.env.BENCH_START_S || 60);
  const deadline = Date.now() + startS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/healthcheck`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start within ${startS} s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, dataDir, startupMs: Date.now() - started, pid: child.pid!, stop };
}
