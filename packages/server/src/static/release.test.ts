import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { ServerConfig } from '../config';
import type { ShellSurface } from '@agency/contracts';
import {
  CHANGE_NOTES_DIR,
  PreflightRefusal,
  describeRelease,
  preflightShell,
  readReleaseRecord,
  readShellSurface,
  releaseRemote,
  remoteReleaseRecords,
  rollbackRemote,
} from './release';
import { readActive } from './remotes';
import { staticRoutes } from './routes';
import { noteReleaseChange } from '../modules/releases/history';
import { tempDir } from '../testing/tempDir';

const SHARED = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4', singleton: true },
  { name: 'antd-core-3', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
];

/** A remote's build: its manifest (what it takes from the shell) and one file that makes it this build. */
function build(dir: string, content: string, version = '1.0.0', shared = SHARED, runtime = '2.9.2'): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version }, pluginVersion: runtime }, shared, exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  return dir;
}

/** A shell's build folder with its shared-surface.json: what it provides. */
function shell(keys: Record<string, string>, runtime = '2.9.2'): string {
  const dir = tempDir('agency-shell-');
  const surface: ShellSurface = {
    runtime: { bundler: runtime, enhanced: runtime },
    keys: Object.fromEntries(Object.entries(keys).map(([key, version]) => [key, { version, singleton: true }])),
  };
  writeFileSync(join(dir, 'shared-surface.json'), JSON.stringify(surface));
  return dir;
}
/** Today's shell, which serves every fixture build. */
const SERVES_ALL = { react: '19.3.1', '@ant-design/icons': '6.3.4', 'antd-core-3': '6.6.8' };
/** A shell that stopped sharing the icons. */
const NO_ICONS = { react: '19.3.1', 'antd-core-3': '6.6.8' };

const git = (dir: string, ...args: string[]) => {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.name=Release Test', '-c', 'user.email=release@test.invalid', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
};

/** A work tree at one commit, with a build in it. */
function checkout(subject: string): { dist: string; commit: string } {
  const tree = tempDir('agency-tree-');
  git(tree, 'init', '-q');
  writeFileSync(join(tree, 'README.md'), subject);
  git(tree, 'add', '.');
  git(tree, 'commit', '-q', '-m', subject);
  return { dist: build(join(tree, 'mf-contacts/dist'), `/* ${subject} */`), commit: git(tree, 'rev-parse', '--short=12', 'HEAD') };
}

describe('a release records what it needs and where it came from', () => {
  it('keeps the shared keys and runtime of its manifest, the commit, who released it and the commit subject as its note', () => {
    const releases = tempDir('agency-releases-');
    const { dist, commit } = checkout('Contacts list shows company names');
    const now = new Date('2026-11-28T09:30:00Z');
    const { release } = releaseRemote(releases, 'contacts', dist, { by: 'dana', now });
    assert.deepEqual(readReleaseRecord(releases, 'contacts', release), {
      remote: 'contacts',
      release,
      releasedAt: '2026-11-28T09:30:00.000Z',
      commit,
      by: 'dana',
      note: 'Contacts list shows company names',
      needs: {
        shared: [
          { key: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4', singleton: true },
          { key: 'antd-core-3', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
          { key: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
        ],
        runtime: '2.9.2',
      },
      version: '1.0.0',
      changes: [],
    });
    assert.equal(describeRelease(releases, 'contacts', release), `${release}  2026-11-28 09:30  ${commit}  by dana  Contacts list shows company names`);

    // released again, the same build keeps its first record
    releaseRemote(releases, 'contacts', dist, { by: 'someone else', note: 'again' });
    assert.equal(readReleaseRecord(releases, 'contacts', release)?.by, 'dana');
  });

  it('outside git: no commit, the note given, and the user of the operating system', () => {
    const releases = tempDir('agency-releases-');
    const { release } = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'a'), { note: 'Hotfix from a laptop' });
    const record = readReleaseRecord(releases, 'contacts', release)!;
    assert.equal(record.commit, null);
    assert.equal(record.by, userInfo().username);
    assert.equal(record.note, 'Hotfix from a laptop');
    // and the commit can be named for such a build
    const named = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'b'), { commit: '4132c2f' }).release;
    assert.equal(readReleaseRecord(releases, 'contacts', named)?.commit, '4132c2f');
    assert.equal(readReleaseRecord(releases, 'contacts', named)?.note, '');
  });
});

describe("a release's version and changes", () => {
  it("is named by the area's version and carries its changelog's entries since the release it replaces, as its note", () => {
    const releases = tempDir('agency-releases-');
    const app = tempDir('agency-app-');
    const changelog = (text: string) => writeFileSync(join(app, 'CHANGELOG.md'), `# @agency/mf-contacts\n\n${text}`);
    changelog('## 1.0.0\n\n- First release with its own version\n');
    const first = releaseRemote(releases, 'contacts', build(join(app, 'dist'), 'a', '1.0.0')).release;
    assert.match(first, /^1\.0\.0-[0-9a-f]{8}$/);
    assert.deepEqual(readReleaseRecord(releases, 'contacts', first)?.changes, [{ version: '1.0.0', summary: 'First release with its own version' }]);

    changelog('## 1.2.0\n\n- The import keeps tags\n\n## 1.1.0\n\n- Tags on the list\n\n## 1.0.0\n\n- First release with its own version\n');
    const second = releaseRemote(releases, 'contacts', build(join(app, 'dist'), 'b', '1.2.0')).release;
    assert.match(second, /^1\.2\.0-[0-9a-f]{8}$/);
    const record = readReleaseRecord(releases, 'contacts', second)!;
    assert.equal(record.version, '1.2.0');
    assert.deepEqual(record.changes, [
      { version: '1.2.0', summary: 'The import keeps tags' },
      { version: '1.1.0', summary: 'Tags on the list' },
    ]);
    assert.equal(record.note, 'The import keeps tags; Tags on the list');
    // two different builds of one version never share a name
    const third = releaseRemote(releases, 'contacts', build(join(app, 'dist'), 'c', '1.2.0')).release;
    assert.notEqual(third, second);
    assert.deepEqual(readReleaseRecord(releases, 'contacts', third)?.changes, []);
  });
});

describe('rolling back by a name several releases share', () => {
  it('is refused with each of them; a full name, or a version only one release has, is taken', () => {
    const releases = tempDir('agency-releases-');
    const first = releaseRemote(releases, 'contacts', checkout('The list before').dist, { by: 'dana' }).release;
    const second = releaseRemote(releases, 'contacts', checkout('The list after').dist, { by: 'lee' }).release;
    assert.throws(
      () => rollbackRemote(releases, 'contacts', '1.0.0'),
      (err: Error) => {
        const lines = err.message.split('\n');
        assert.equal(lines[0], '1.0.0 names 2 releases of contacts; name one of them:');
        assert.match(lines[1], new RegExp(`^  ${first}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  [0-9a-f]{12}  by dana  The list before$`));
        assert.match(lines[2], new RegExp(`^  ${second}  .*  by lee  The list after$`));
        return true;
      },
    );
    assert.equal(remoteReleaseRecords(releases, 'contacts').active, second, 'nothing changed');
    assert.equal(rollbackRemote(releases, 'contacts', first), first);
    const newer = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'newer', '1.1.0')).release;
    rollbackRemote(releases, 'contacts', first);
    assert.equal(rollbackRemote(releases, 'contacts', '1.1.0'), newer, 'a version only one release has');
    assert.throws(() => rollbackRemote(releases, 'contacts', '2.0.0'), /contacts has no release 2\.0\.0\./);
  });
});

describe('the remotes command', () => {
  const cli = (dataDir: string, ...args: string[]) => cliUnder(dataDir, shell(SERVES_ALL), ...args);
  const cliUnder = (dataDir: string, shellDir: string, ...args: string[]) => {
    // releases live in the data dir, as the server would find them; the shell is the one given
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SHELL_DIR: shellDir };
    delete env.RELEASES_DIR;
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../cli/remotes.ts', import.meta.url)), ...args], { encoding: 'utf8', env });
  };

  it('releases with --by and --note, lists each release with when, commit, who and note, shows its record, and refuses an ambiguous rollback', () => {
    const data = tempDir('agency-data-');
    const { dist, commit } = checkout('Contacts import takes tags');
    const releasesDir = join(data, 'releases');
    const released = cli(data, 'release', 'contacts', '--from', dist, '--by', 'ops-dana', '--note', 'Import with tags');
    assert.equal(released.status, 0, released.stderr);
    const release = /contacts: released (\S+) \(active\)/.exec(released.stdout)![1];
    const other = cli(data, 'release', 'contacts', '--from', build(tempDir('agency-dist-'), 'other'), '--by', 'ops-lee');
    assert.equal(other.status, 0, other.stderr);

    const list = cli(data, 'list', 'contacts');
    assert.equal(list.status, 0, list.stderr);
    const lines = list.stdout.trim().split('\n');
    assert.equal(lines[0], 'contacts:');
    assert.match(lines[1], new RegExp(`^  ${release}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  ${commit}  by ops-dana  Import with tags$`));
    assert.match(lines[2], /^\* 1\.0\.0-[0-9a-f]{8}  .*  no commit  by ops-lee$/);

    assert.ok(readReleaseRecord(releasesDir, 'contacts', release), 'the releases are in the data dir');
    const shown = cli(data, 'show', 'contacts', release);
    assert.equal(shown.status, 0, shown.stderr);
    assert.deepEqual(JSON.parse(shown.stdout).needs.runtime, '2.9.2');

    const refused = cli(data, 'rollback', 'contacts', '1.0.0');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^1\.0\.0 names 2 releases of contacts; name one of them:\n {2}1\.0\.0-/);
    assert.match(refused.stderr, /by ops-dana {2}Import with tags/);
  });

  it('refuses a release the active shell cannot serve with what is missing, and --force releases it, recorded', () => {
    const data = tempDir('agency-data-');
    const releasesDir = join(data, 'releases');
    const noIcons = shell(NO_ICONS);
    const served = cliUnder(data, noIcons, 'release', 'contacts', '--from', build(tempDir('agency-dist-'), 'fits', '1.0.0', SHARED.slice(0, 1)));
    assert.equal(served.status, 0, served.stderr);
    const active = /released (\S+)/.exec(served.stdout)![1];

    const dist = build(tempDir('agency-dist-'), 'with icons', '1.1.0');
    const refused = cliUnder(data, noIcons, 'release', 'contacts', '--from', dist, '--by', 'ops-dana');
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /^contacts 1\.1\.0-[0-9a-f]{8} needs a newer shell; the active shell does not provide:\n {2}@ant-design\/icons \^6\.3\.4 \(the shell does not provide it\)\nNothing was activated\./,
    );
    assert.deepEqual(
      remoteReleaseRecords(releasesDir, 'contacts'),
      { active, releases: [{ release: active, record: readReleaseRecord(releasesDir, 'contacts', active) }] },
      'nothing stored',
    );

    const before = Date.now();
    const forced = cliUnder(data, noIcons, 'release', 'contacts', '--from', dist, '--by', 'ops-dana', '--force');
    const after = Date.now();
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stderr, /activated with --force; the active shell does not provide: @ant-design\/icons \^6\.3\.4/);
    const release = /released (\S+) \(active\)/.exec(forced.stdout)![1];
    const [override] = readReleaseRecord(releasesDir, 'contacts', release)!.overrides!;
    assert.equal(override.by, 'ops-dana');
    assert.equal(override.action, 'release');
    assert.ok(Date.parse(override.at) >= before && Date.parse(override.at) <= after, override.at);
    assert.deepEqual(override.missing, [{ key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' }]);

    // the list says which releases the active shell cannot serve
    const list = cliUnder(data, noIcons, 'list', 'contacts');
    assert.match(
      list.stdout,
      new RegExp(`^\\* ${release}  .*\\[the active shell does not provide: @ant-design/icons \\^6\\.3\\.4 \\(the shell does not provide it\\)\\]$`, 'm'),
    );

    // a rollback is checked the same way: to the release that fits, then forward again only by force
    assert.equal(cliUnder(data, noIcons, 'rollback', 'contacts').status, 0);
    const back = cliUnder(data, noIcons, 'rollback', 'contacts', release);
    assert.equal(back.status, 1);
    assert.match(back.stderr, /needs a newer shell/);
    assert.equal(remoteReleaseRecords(releasesDir, 'contacts').active, active);
    const forcedBack = cliUnder(data, noIcons, 'rollback', 'contacts', release, '--force', '--by', 'ops-lee');
    assert.equal(forcedBack.status, 0, forcedBack.stderr);
    assert.deepEqual(
      readReleaseRecord(releasesDir, 'contacts', release)!.overrides!.map((o) => [o.action, o.by]),
      [
        ['release', 'ops-dana'],
        ['rollback', 'ops-lee'],
      ],
    );
  });
});

describe('the preflight', () => {
  it('checks against the shell surface the shell build wrote; without one there is nothing to check', () => {
    assert.equal(readShellSurface(tempDir('agency-shell-')), null);
    const releases = tempDir('agency-releases-');
    const r = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'no surface'), { shellSurface: null });
    assert.equal(r.activated, true);
  });

  it('refuses a build on another federation runtime, or one the shell has moved past, before anything changes', () => {
    const releases = tempDir('agency-releases-');
    const first = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'first'), {
      shellSurface: readShellSurface(shell(SERVES_ALL)),
    });
    const newerShell = readShellSurface(shell({ ...SERVES_ALL, react: '20.0.0' }, '2.10.0'));
    assert.throws(
      () => releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'second'), { shellSurface: newerShell }),
      (err: PreflightRefusal) => {
        assert.ok(err instanceof PreflightRefusal);
        assert.deepEqual(err.problems, [
          { key: 'react', needs: '^19.3.1', provided: '20.0.0', shell: 'older' },
          { key: null, needs: '2.9.2', provided: '2.10.0', shell: 'older' },
        ]);
        assert.match(
          err.message,
          /^contacts 1\.0\.0-[0-9a-f]{8} needs an older shell; the active shell does not provide:\n {2}react \^19\.3\.1 \(the shell provides 20\.0\.0\)\n {2}the federation runtime 2\.9\.2 \(the shell lends 2\.10\.0\)\n/,
        );
        return true;
      },
    );
    assert.deepEqual(
      remoteReleaseRecords(releases, 'contacts').releases.map((r) => r.release),
      [first.release],
    );
  });
});

describe("the releases' records", () => {
  it('are not served to browsers, nor the notes of release changes; the releases are', async () => {
    const releases = tempDir('agency-releases-');
    const { release } = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'served'), { by: 'dana' });
    noteReleaseChange(releases, { by: 'dana', via: 'cli', action: 'released', name: 'contacts', release, reason: 'Not for browsers' });
    const [note] = readdirSync(join(releases, CHANGE_NOTES_DIR));
    const app = Fastify();
    await staticRoutes(app, { releasesDir: releases, shellDir: join(releases, 'no-shell') } as ServerConfig);
    try {
      assert.equal((await app.inject(`/remotes/contacts/${release}/mf-manifest.json`)).statusCode, 200);
      for (const path of [`/remotes/records/contacts/${release}.json`, `/remotes//records/contacts/${release}.json`, `/remotes/changes/${note}`])
        assert.notEqual((await app.inject(path)).statusCode, 200, path);
    } finally {
      await app.close();
    }
  });
});

describe('/remotes/active.json', () => {
  it("lists only what is active now, in the registry file's shape, and no other file of the registry is served", async () => {
    const releases = tempDir('agency-releases-');
    const old = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'old')).release;
    const now = releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'now')).release;
    assert.deepEqual(readActive(releases).contacts?.history, [old, now], 'the registry keeps its history');
    writeFileSync(join(releases, 'active.json.123.tmp'), JSON.stringify(readActive(releases)));
    const shellDir = tempDir('agency-shell-');
    writeFileSync(join(shellDir, 'main.js'), 'shell();');
    const app = Fastify();
    await staticRoutes(app, { releasesDir: releases, shellDir } as ServerConfig);
    try {
      const res = await app.inject('/remotes/active.json');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { contacts: { active: now, history: [now] } });
      assert.ok(!res.body.includes(old), 'an earlier release is not named');
      assert.equal((await app.inject('/main.js')).body, 'shell();', "the shell's own files are still served");
      for (const path of ['/remotes/active.json.123.tmp', '/remotes//active.json.123.tmp', `/remotes/contacts/${old}`]) {
        assert.notEqual((await app.inject(path)).statusCode, 200, path);
      }
    } finally {
      await app.close();
    }
  });
});

describe("a shell's preflight", () => {
  it('lists each active remote the shell would not serve, with what it would miss', () => {
    const releases = tempDir('agency-releases-');
    releaseRemote(releases, 'contacts', build(tempDir('agency-dist-'), 'with icons'));
    releaseRemote(releases, 'chat', build(tempDir('agency-dist-'), 'react only', '1.0.0', SHARED.slice(0, 1)));
    assert.deepEqual(preflightShell(releases, readShellSurface(shell(SERVES_ALL))!), {});
    assert.deepEqual(preflightShell(releases, readShellSurface(shell(NO_ICONS))!), {
      contacts: [{ key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' }],
    });
  });
});
