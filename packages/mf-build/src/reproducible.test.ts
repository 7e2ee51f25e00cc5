// One commit builds the same release whatever the folder and whatever one build process built before
// it: the chat remote (the quickest to build) copied into two folders of the workspace and built with
// its source maps, the second folder both after the first in one build-queue process and first in a
// process of its own, gives the same files byte for byte (three builds: the test's CPU is kept low).
import { fork } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
const cli = path.join(__dirname, 'cli.js');
// two folders beside the apps (the app's node_modules links are relative to the workspace), named apart
const folders = [`.repro-test-${process.pid}-a`, `.repro-test-${process.pid}-second`].map((name) => path.join(root, name));

/** Builds each folder in turn in one build-queue process, as `npm start` does; resolves with each build's files. */
function buildQueue(dirs: string[]): Promise<Array<Map<string, Buffer>>> {
  return new Promise((resolve, reject) => {
    // with source maps (no MF_SOURCE_MAPS=0): they name the sources too
    const env = { ...process.env, NODE_ENV: 'production' };
    delete env.MF_SOURCE_MAPS;
    delete env.MF_STANDALONE; // a remote built to be served by the shell, as a release is
    const child = fork(cli, ['build-queue'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`the build process ended (${code}): ${output}`)));
    const built: Array<Map<string, Buffer>> = [];
    child.on('message', (result: { dir: string; status: number; output: string }) => {
      if (result.status !== 0) {
        child.kill();
        reject(new Error(`${result.dir} did not build: ${result.output}`));
        return;
      }
      built.push(filesOf(path.join(result.dir, 'dist')));
      if (built.length === dirs.length) {
        child.removeAllListeners('exit');
        child.disconnect();
        resolve(built);
      }
    });
    for (const dir of dirs) child.send(dir);
  });
}

function filesOf(dir: string, under = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = path.posix.join(under, entry.name);
    if (entry.isDirectory()) for (const [f, bytes] of filesOf(dir, name)) files.set(f, bytes);
    else files.set(name, readFileSync(path.join(dir, name)));
  }
  return files;
}

const names = (files: Map<string, Buffer>) => [...files.keys()].sort();
/** The files whose bytes differ between two builds (by name). */
const differing = (a: Map<string, Buffer>, b: Map<string, Buffer>) => names(a).filter((name) => !b.get(name)?.equals(a.get(name)!));

beforeAll(() => {
  const app = path.join(root, 'mf-chat');
  const generated = new Set(['dist', 'node_modules/.cache', 'node_modules/.federation'].map((p) => path.join(app, p)));
  for (const folder of folders) cpSync(app, folder, { recursive: true, verbatimSymlinks: true, filter: (src) => !generated.has(src) });
});

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test('a remote builds the same bytes in two folders, first in its build process or after another build', async () => {
  const [first, second] = folders;
  const [firstAlone, secondAfter] = await buildQueue([first, second]);
  const [secondAlone] = await buildQueue([second]);

  expect(names(firstAlone)).toEqual(expect.arrayContaining(['remoteEntry.js', 'remoteEntry.js.map', 'mf-manifest.json', 'mf-manifest-stats.json']));
  expect(names(firstAlone).filter((f) => f.endsWith('.js.map')).length).toBeGreaterThan(2);
  for (const other of [secondAfter, secondAlone]) {
    expect(names(other)).toEqual(names(firstAlone));
    expect(differing(firstAlone, other)).toEqual([]);
  }
  // nothing names the folder it was built in, nor the workspace's
  const leaking = names(firstAlone).filter((name) => [root, first, path.basename(first)].some((p) => firstAlone.get(name)!.includes(p)));
  expect(leaking).toEqual([]);
}, 600_000);
