import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ActiveReleasesNow } from '@agency/contracts';
import { basicAuth, bearer, DEMO, freshDb, onPostgres, totpCode } from '../testing/harness';
import { releaseRemote } from './release';
import { tempDir } from '../testing/tempDir';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

function remoteBuild(content: string): string {
  const dir = tempDir('agency-dist-');
  const react = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' }, pluginVersion: '2.9.2' }, shared: [react], exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  return dir;
}

/** A port nothing listens on now (the kernel's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every server process started, stopped at the end (a start that failed leaves the other running). */
const children: ChildProcess[] = [];

interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** `npm start`'s entry point (src/main.ts through tsx) as a process of its own, once it says it is running. */
async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port), PHONE_SIGNAL_PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!output.includes('Agency Desk is running at')) return;
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before it was running:\n${output}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

/** SIGTERM (the graceful close), then SIGKILL when it has not exited past its shutdown timeout. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/**
 * Two server processes (`npm start`'s entry point) on one PostgreSQL database, each with a
 * registry folder of its own, and the releases' files in the app's file storage (its local
 * implementation: the data dir the hosts share, as they would share a bucket). An activation through
 * one is what the other serves: each host reads the active pointers from the database before it
 * answers remotes.json, /active-releases.json or a page, so there is no delay to wait out. The
 * first request to the other after the activation answered must serve it; the test polls (up to
 * 5 s) only to say what it saw when that fails, and holds the change to a second of the activation,
 * which is the time of that one request.
 */
describe(
  'an activation through one server process is served by another within a second',
  {
    skip: onPostgres() ? false : 'two server processes need PostgreSQL (a PGlite database is open in one process only): runs in the PostgreSQL layer',
  },
  () => {
    let db: Awaited<ReturnType<typeof freshDb>>;
    let a: ServerProcess;
    let b: ServerProcess;
    let first: string;
    let second: string;

    before(async () => {
      db = await freshDb(); // migrated and seeded once for the suite: the processes neither migrate nor seed
      const dataDir = tempDir('agency-hosts-');
      const shellDir = join(dataDir, 'no-shell');
      mkdirSync(shellDir);
      const releasesA = join(dataDir, 'releases-a');
      first = releaseRemote(releasesA, 'contacts', remoteBuild('first'), { by: 'dana', note: 'First' }).release;
      second = releaseRemote(releasesA, 'contacts', remoteBuild('second'), { by: 'lee', note: 'Second' }).release;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        MIGRATION_DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_DATA: '',
        LOG_LEVEL: '',
        S3_BUCKET: '',
        RELEASES_STORE: 'storage',
        DATA_DIR: dataDir,
        SHELL_DIR: shellDir,
        // one key for the hosts' sealed values (the demo's TOTP secret is sealed by the first start)
        CLIENT_DATA_KEY: randomBytes(32).toString('base64'),
        SHUTDOWN_TIMEOUT_MS: '5000',
      };
      // one after the other, as hosts are rolled out: the first writes its releases to the database,
      // which has none, and creates the job queues (two first starts at once can deadlock in
      // pg-boss's createQueue)
      a = await startServer({ ...env, RELEASES_DIR: releasesA });
      b = await startServer({ ...env, RELEASES_DIR: join(dataDir, 'releases-b') });
    });
    after(async () => {
      await Promise.all(children.map(stopServer));
      await db?.drop();
    });

    const remotesOf = async (s: ServerProcess) => (await (await fetch(`${s.url}/remotes.json`)).json()) as Record<string, string>;

    it('activates an earlier release through one process; the other serves it, and its files, from its next request', async (t) => {
      assert.deepEqual(await remotesOf(b), { contacts: `/remotes/contacts/${second}/mf-manifest.json` }, b.output());

      const signIn = await fetch(`${a.url}/api/auth`, {
        method: 'POST',
        headers: { authorization: basicAuth('super@demo.test'), 'content-type': 'application/json' },
        body: JSON.stringify({ account: DEMO, code: totpCode() }),
      });
      assert.equal(signIn.status, 200, await signIn.clone().text());
      const { token } = (await signIn.json()) as { token: string };
      const activated = await fetch(`${a.url}/api/releases/contacts/activate`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ release: first, reason: 'The second broke the import' }),
      });
      assert.equal(activated.status, 200, await activated.text());
      const at = performance.now();

      const seen: Array<{ after: number; remotes: Record<string, string> }> = [];
      while (performance.now() - at < 5_000) {
        const remotes = await remotesOf(b);
        seen.push({ after: Math.round(performance.now() - at), remotes });
        if (remotes.contacts?.includes(`/${first}/`)) break;
      }
      const last = seen[seen.length - 1];
      assert.deepEqual(last.remotes, { contacts: `/remotes/contacts/${first}/mf-manifest.json` }, JSON.stringify(seen));
      assert.equal(seen.length, 1, `the first request after the activation serves it: ${JSON.stringify(seen)}`);
      t.diagnostic(`the other process served it ${last.after} ms after the activation`);
      assert.ok(last.after <= 1_000, `served ${last.after} ms after the activation`);

      const active = (await (await fetch(`${b.url}/active-releases.json`)).json()) as ActiveReleasesNow;
      assert.deepEqual(active, { shell: null, remotes: { contacts: first } });
      // a file of the release, which the other process copied from the file storage when it became active
      const entry = await fetch(`${b.url}/remotes/contacts/${first}/remoteEntry.js`);
      assert.equal(entry.status, 200);
      assert.equal(await entry.text(), 'first');
    });
  },
);
