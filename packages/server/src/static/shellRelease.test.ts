import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { ShellSurface } from '@agency/contracts';
import type { ServerConfig } from '../config';
import { activeShellSurface, PreflightRefusal, readReleaseRecord, releaseRemote, remoteReleaseRecords, rollbackRemote } from './release';
import { staticRoutes } from './routes';
import { releasesOverview } from '../modules/releases/routes';
import { tempDir } from '../testing/tempDir';

const ICONS = { name: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4', singleton: true };
const REACT = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };

/** A remote's build taking these shared keys from the shell. */
function remoteBuild(content: string, shared = [REACT, ICONS]): string {
  const dir = tempDir('agency-dist-');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' }, pluginVersion: '2.9.2' }, shared, exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  return dir;
}

/** A shell's build: its page (with the inline script that sets the theme), its entry, a hashed chunk, the sign-in page, and what it provides. */
function shellBuild(tag: string, keys: Record<string, string>): string {
  const dir = tempDir('agency-shell-dist-');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Agency Desk</title><script>document.documentElement.dataset.theme='${tag}'</script></head><body><script src="/main.js"></script></body></html>`,
  );
  writeFileSync(join(dir, 'main.js'), `/* main ${tag} */`);
  writeFileSync(join(dir, `chunk-${tag}.0123abcd.js`.replace(/[^a-z0-9.-]/g, '')), `/* chunk ${tag} */`);
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'public/login.html'), `<!doctype html><html><head><title>Sign in</title></head><body>${tag}</body></html>`);
  const surface: ShellSurface = {
    runtime: { bundler: '2.9.2', enhanced: '2.9.2' },
    keys: Object.fromEntries(Object.entries(keys).map(([key, version]) => [key, { version, singleton: true }])),
  };
  writeFileSync(join(dir, 'shared-surface.json'), JSON.stringify(surface));
  return dir;
}

const SERVES_ALL = { react: '19.3.1', '@ant-design/icons': '6.3.4' };
const NO_ICONS = { react: '19.3.1' };

async function served(releasesDir: string, shellDir: string) {
  const app = Fastify();
  await staticRoutes(app, { releasesDir, shellDir } as ServerConfig);
  return app;
}

describe('a shell release', () => {
  it('is served at / from the active release, its page naming the release; a rollback serves the earlier one, and a page loaded before still finds its chunks', async () => {
    const releases = tempDir('agency-releases-');
    const inPlace = shellBuild('in-place', SERVES_ALL);
    const app = await served(releases, inPlace);
    try {
      // no shell released: served from its build folder, as before
      assert.match((await app.inject('/')).body, /theme='in-place'/);
      assert.deepEqual((await app.inject('/active-releases.json')).json(), { shell: null, remotes: {} });

      const first = releaseRemote(releases, 'shell', shellBuild('first', SERVES_ALL), { by: 'dana', note: 'First shell' });
      assert.equal(first.activated, true);
      assert.match(first.release, /^0\.0\.0-[0-9a-f]{8}$/);
      assert.equal(readReleaseRecord(releases, 'shell', first.release)?.note, 'First shell');
      const page = await app.inject('/contacts');
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.match(page.body, new RegExp(`<head><meta name="agency-shell-release" content="${first.release}" />`));
      assert.match(page.body, /theme='first'/);
      const main = await app.inject('/main.js');
      assert.equal(main.body, '/* main first */');
      assert.equal(main.headers['cache-control'], 'no-cache', 'the entry is read again after a shell release');
      assert.match((await app.inject('/login')).body, /<meta name="agency-shell-release" content="[^"]+" \/>.*first<\/body>/s);

      const second = releaseRemote(releases, 'shell', shellBuild('second', SERVES_ALL), { by: 'dana' });
      assert.match((await app.inject('/')).body, /theme='second'/);
      assert.equal((await app.inject('/main.js')).body, '/* main second */');
      // a tab opened under the first shell still loads its lazy chunks; only hashed files come from earlier releases
      const oldChunk = await app.inject('/chunk-first.0123abcd.js');
      assert.equal(oldChunk.statusCode, 200);
      assert.equal(oldChunk.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.deepEqual((await app.inject('/active-releases.json')).json(), { shell: second.release, remotes: {} });
      // the shell is no remote, and its folder is not served under /remotes
      assert.deepEqual((await app.inject('/remotes.json')).json(), {});
      assert.notEqual((await app.inject(`/remotes/shell/${second.release}/index.html`)).statusCode, 200);
      assert.equal((await app.inject('/../package.json')).statusCode, 404);

      assert.equal(rollbackRemote(releases, 'shell'), first.release);
      assert.match((await app.inject('/')).body, /theme='first'/);
    } finally {
      await app.close();
    }
  });

  it('is checked against every active remote: refused with what they would miss, forced only on purpose and recorded; a remote is checked against the active shell release', () => {
    const releases = tempDir('agency-releases-');
    const fallback = shellBuild('in-place', NO_ICONS);
    releaseRemote(releases, 'shell', shellBuild('first', SERVES_ALL));
    // the remotes run under the released shell, not under the build folder
    assert.deepEqual(Object.keys(activeShellSurface(releases, fallback)!.keys).sort(), ['@ant-design/icons', 'react']);
    releaseRemote(releases, 'contacts', remoteBuild('with icons'), { shellSurface: activeShellSurface(releases, fallback) });
    releaseRemote(releases, 'chat', remoteBuild('react only', [REACT]), { shellSurface: activeShellSurface(releases, fallback) });
    const activeShell = remoteReleaseRecords(releases, 'shell').active;

    const noIcons = shellBuild('no-icons', NO_ICONS);
    assert.throws(
      () => releaseRemote(releases, 'shell', noIcons),
      (err: PreflightRefusal) => {
        assert.ok(err instanceof PreflightRefusal);
        assert.deepEqual(err.problems, [{ remote: 'contacts', key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' }]);
        assert.match(
          err.message,
          /^shell 0\.0\.0-[0-9a-f]{8} does not provide what the active remote contacts needs; missing:\n {2}contacts needs @ant-design\/icons \^6\.3\.4 \(the shell does not provide it\)\nNothing was activated\./,
        );
        return true;
      },
    );
    assert.equal(remoteReleaseRecords(releases, 'shell').active, activeShell);
    assert.equal(remoteReleaseRecords(releases, 'shell').releases.length, 1, 'nothing stored');

    // the Releases page gives each shell release its verdict against the active remotes
    const forced = releaseRemote(releases, 'shell', noIcons, { force: true, by: 'ops-lee' });
    assert.deepEqual(forced.forced, [{ remote: 'contacts', key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' }]);
    assert.deepEqual(
      readReleaseRecord(releases, 'shell', forced.release)!.overrides!.map((o) => [o.action, o.by, o.missing.map((m) => m.remote)]),
      [['release', 'ops-lee', ['contacts']]],
    );
    const overview = releasesOverview(releases, fallback);
    const shellRow = overview.remotes[0];
    assert.equal(shellRow.remote, 'shell');
    assert.equal(shellRow.title, 'Shell');
    assert.equal(shellRow.active, forced.release);
    assert.deepEqual(shellRow.earlier, [activeShell]);
    assert.deepEqual(
      shellRow.releases.map((r) => [r.release, r.missing.map((m) => m.remote)]),
      [
        [activeShell, []],
        [forced.release, ['contacts']],
      ],
    );
    // and the remotes are now checked against the shell without the icons
    assert.deepEqual(
      overview.remotes.find((r) => r.remote === 'contacts')!.releases[0].missing.map((m) => m.key),
      ['@ant-design/icons'],
    );

    // a rollback of the shell is checked too: back to the one serving everything
    assert.equal(rollbackRemote(releases, 'shell'), activeShell);
  });

  it('is released from the command line like a remote: `release shell --from`, `list shell`', () => {
    const data = tempDir('agency-data-');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: data, SHELL_DIR: join(data, 'no-shell') };
    delete env.RELEASES_DIR;
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../cli/remotes.ts', import.meta.url)), ...args], { encoding: 'utf8', env });
    const out = cli('release', 'shell', '--from', shellBuild('cli', SERVES_ALL), '--by', 'dana', '--note', 'Shell from the CLI');
    assert.equal(out.status, 0, out.stderr);
    const release = /^shell: released (\S+) \(active\)$/m.exec(out.stdout)![1];
    assert.ok(existsSync(join(data, 'releases', 'shell', release, 'index.html')));
    const list = cli('list', 'shell');
    assert.match(list.stdout, new RegExp(`^shell:\\n\\* ${release}  .*by dana  Shell from the CLI$`, 'm'));
  });
});
