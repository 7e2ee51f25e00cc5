// Serves the production build the way `npm start` does, on a data dir of its own.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { RemoteName } from '../../packages/contracts/src/config';

export const REPO_ROOT = resolve(__dirname, '../..');
/** Every remote, as packages/contracts/src/remotes.json describes it. */
export const REMOTES = (JSON.parse(readFileSync(join(REPO_ROOT, 'packages/contracts/src/remotes.json'), 'utf8')) as Array<{ name: RemoteName }>).map(
  (r) => r.name,
);
export type { RemoteName } from '../../packages/contracts/src/config';
const TSX = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
/** The server as production runs it: one bundle started by node (packages/server/scripts/build.mjs). */
const SERVER_BUNDLE = join(REPO_ROOT, 'packages/server/dist/main.js');

/** Bundles the server from its sources (about a second), once per run, before any server starts. */
export function buildServerBundle(): Promise<void> {
  return new Promise((done, fail) =>
    execFile(process.execPath, [join(REPO_ROOT, 'packages/server/scripts/build.mjs')], { cwd: REPO_ROOT, encoding: 'utf8' }, (err, stdout, stderr) =>
      err ? fail(new Error(`Bundling the server failed (${err.code}):\n${stdout}${stderr}`)) : done(),
    ),
  );
}

/** The built files the server needs; nothing is built here. */
export function missingBuilds(): string[] {
  const needed = [join(REPO_ROOT, 'shell/dist/index.html')];
  for (const r of REMOTES) needed.push(join(REPO_ROOT, `mf-${r}/dist/mf-manifest.json`), join(REPO_ROOT, `mf-${r}/dist/remoteEntry.js`));
  return needed.filter((f) => !existsSync(f));
}

export function assertBuilt(): void {
  const missing = missingBuilds();
  if (missing.length) {
    throw new Error(
      `The production build is missing (${missing.map((f) => f.slice(REPO_ROOT.length + 1)).join(', ')}).\n` +
        `Build first: node scripts/pnpm.mjs --workspace-concurrency=2 --filter ./shell --filter './mf-*' run build`,
    );
  }
}

/** The environment of a server or CLI run: releases always live in the data dir. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.RELEASES_DIR;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  return env;
}

const REMOTES_CLI = join(REPO_ROOT, 'packages/server/src/cli/remotes.ts');

/** Runs the remotes CLI (release, rollback, list) against a data dir and returns its output. */
export function remotesCli(dataDir: string, args: string[]): string {
  const r = spawnSync(process.execPath, [TSX, REMOTES_CLI, ...args], { cwd: REPO_ROOT, env: serverEnv({ DATA_DIR: dataDir }), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`remotes ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

function tsxAsync(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) =>
    execFile(process.execPath, [TSX, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' }, (err, stdout, stderr) =>
      err ? fail(new Error(`${args.join(' ')} failed (${err.code}):\n${stdout}${stderr}`)) : done(stdout),
    ),
  );
}

/**
 * What every server of a run starts from, made once: an embedded database with every migration
 * applied and nothing in it, and every remote released from its built dist. A server started on a
 * copy seeds the demo agency itself (with its own address) and makes its own keys.
 */
export async function prepareTemplate(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await Promise.all([
    tsxAsync([join(REPO_ROOT, 'e2e/support/migrated-db.ts'), dir], serverEnv({})),
    tsxAsync([REMOTES_CLI, 'release', 'all'], serverEnv({ DATA_DIR: dir })),
  ]);
}

/** A fresh data dir copied from the run's template (support/global-setup.ts made it). */
export function dataDirFromTemplate(template: string, into?: string): string {
  const dir = into ?? mkdtempSync(join(tmpdir(), 'agency-e2e-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** While a server on `dataDir` is stopped: its scheduled texts (those saying `message`, when given) fall due (e2e/support/pass-time.ts). */
export function passTimeWhileDown(dataDir: string, message?: string): string {
  const r = spawnSync(process.execPath, [TSX, join(REPO_ROOT, 'e2e/support/pass-time.ts'), dataDir, ...(message ? [message] : [])], {
    cwd: REPO_ROOT,
    env: serverEnv({}),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`pass-time failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout.trim();
}

/** While a server on `dataDir` is stopped: the day's renewal run happens (e2e/support/renewals-day.ts). */
export function runRenewalsDay(dataDir: string): string {
  const r = spawnSync(process.execPath, [TSX, join(REPO_ROOT, 'e2e/support/renewals-day.ts'), dataDir], {
    cwd: REPO_ROOT,
    env: serverEnv({}),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`renewals-day failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout.trim();
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1');
  });
}

/** A port no one listens on, chosen by the system (outside the fixed ports the workers' servers use). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => done(port));
      });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
    try {
      const res = await fetch(`${url}/api/healthcheck`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url}/api/healthcheck within ${timeoutMs / 1000} s.`);
}

export interface RunningServer {
  url: string;
  ports: { port: number; signalPort: number };
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts packages/server the way `npm start` does, from its bundle (demo agency seeded on the fresh data dir); its
 * output goes to logFile. Without a port it listens on free ports the system chooses (the HTTP one
 * and the phone signalling's); with one, the phone signalling takes the port after it unless told.
 * A journey restarts its own server on the same ports: `startServer({ ...server.ports, … })`.
 */
export async function startServer(o: { port?: number; signalPort?: number; dataDir: string; logFile: string; timeoutMs?: number }): Promise<RunningServer> {
  const port = o.port ?? (await freePort());
  const signalPort = o.signalPort ?? (o.port === undefined ? await freePort() : port + 1);
  for (const p of [port, signalPort]) {
    if (!(await portIsFree(p))) throw new Error(`Port ${p} is taken: stop whatever listens there or choose another E2E_PORT.`);
  }
  const log = createWriteStream(o.logFile);
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: serverEnv({
      DEMO_DATA: '1',
      PORT: String(port),
      PHONE_SIGNAL_PORT: String(signalPort),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      REGISTRATION_REVIEW_SECONDS: '1',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.once('exit', (code, signal) => log.write(`\n[server exited: code ${code}, signal ${signal}]\n`));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, o.timeoutMs ?? 60_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message} See ${o.logFile}.`);
  }
  return { url, ports: { port, signalPort }, pid: child.pid!, stop };
}
