import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { ServerConfig } from '../config';
import { describeRelease, readReleaseRecord, releaseRemote, remoteReleaseRecords, rollbackRemote } from './release';
import { staticRoutes } from './routes';

const SHARED = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4', singleton: true },
  { name: 'antd-core-3', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
];

/** A remote's build: its manifest (what it takes from the shell) and one file that makes it this build. */
function build(dir: string, content: string, version = '1.0.0'): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version }, pluginVersion: '2.9.2' }, shared: SHARED, exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  return dir;
}

const git = (dir: string, ...args: string[]) => {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.name=Release Test', '-c', 'user.email=release@test.invalid', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
};

/** A work tree at one commit, with a build in it. */
function checkout(subject: string): { dist: string; commit: string } {
  const tree = mkdtempSync(join(tmpdir(), 'agency-tree-'));
  git(tree, 'init', '-q');
  writeFileSync(join(tree, 'README.md'), subject);
  git(tree, 'add', '.');
  git(tree, 'commit', '-q', '-m', subject);
  return { dist: build(join(tree, 'mf-contacts/dist'), `/* ${subject} */`), commit: git(tree, 'rev-parse', '--short=12', 'HEAD') };
}

describe('a release records what it needs and where it came from', () => {
  it('keeps the shared keys and runtime of its manifest, the commit, who released it and the commit subject as its note', () => {
    const releases = mkdtempSync(join(tmpdir(), 'agency-releases-'));
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
    });
    assert.equal(describeRelease(releases, 'contacts', release), `${release}  2026-11-28 09:30  ${commit}  by dana  Contacts list shows company names`);

    // released again, the same build keeps its first record
    releaseRemote(releases, 'contacts', dist, { by: 'someone else', note: 'again' });
    assert.equal(readReleaseRecord(releases, 'contacts', release)?.by, 'dana');
  });

  it('outside git: no commit, the note given, and the user of the operating system', () => {
    const releases = mkdtempSync(join(tmpdir(), 'agency-releases-'));
    const { release } = releaseRemote(releases, 'contacts', build(mkdtempSync(join(tmpdir(), 'agency-dist-')), 'a'), { note: 'Hotfix from a laptop' });
    const record = readReleaseRecord(releases, 'contacts', release)!;
    assert.equal(record.commit, null);
    assert.equal(record.by, userInfo().username);
    assert.equal(record.note, 'Hotfix from a laptop');
    // and the commit can be named for such a build
    const named = releaseRemote(releases, 'contacts', build(mkdtempSync(join(tmpdir(), 'agency-dist-')), 'b'), { commit: '4132c2f' }).release;
    assert.equal(readReleaseRecord(releases, 'contacts', named)?.commit, '4132c2f');
    assert.equal(readReleaseRecord(releases, 'contacts', named)?.note, '');
  });
});

describe('rolling back by a name several releases share', () => {
  it('is refused with each of them; a full name, or a version only one release has, is taken', () => {
    const releases = mkdtempSync(join(tmpdir(), 'agency-releases-'));
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
    const newer = releaseRemote(releases, 'contacts', build(mkdtempSync(join(tmpdir(), 'agency-dist-')), 'newer', '1.1.0')).release;
    rollbackRemote(releases, 'contacts', first);
    assert.equal(rollbackRemote(releases, 'contacts', '1.1.0'), newer, 'a version only one release has');
    assert.throws(() => rollbackRemote(releases, 'contacts', '2.0.0'), /contacts has no release 2\.0\.0\./);
  });
});

describe('the remotes command', () => {
  const cli = (dataDir: string, ...args: string[]) => {
    // releases live in the data dir, as the server would find them
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.RELEASES_DIR;
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../cli/remotes.ts', import.meta.url)), ...args], { encoding: 'utf8', env });
  };

  it('releases with --by and --note, lists each release with when, commit, who and note, shows its record, and refuses an ambiguous rollback', () => {
    const data = mkdtempSync(join(tmpdir(), 'agency-data-'));
    const { dist, commit } = checkout('Contacts import takes tags');
    const releasesDir = join(data, 'releases');
    const released = cli(data, 'release', 'contacts', '--from', dist, '--by', 'ops-dana', '--note', 'Import with tags');
    assert.equal(released.status, 0, released.stderr);
    const release = /contacts: released (\S+) \(active\)/.exec(released.stdout)![1];
    const other = cli(data, 'release', 'contacts', '--from', build(mkdtempSync(join(tmpdir(), 'agency-dist-')), 'other'), '--by', 'ops-lee');
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
});

describe("the releases' records", () => {
  it('are not served to browsers; the releases are', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'agency-releases-'));
    const { release } = releaseRemote(releases, 'contacts', build(mkdtempSync(join(tmpdir(), 'agency-dist-')), 'served'), { by: 'dana' });
    const app = Fastify();
    await staticRoutes(app, { releasesDir: releases, shellDir: join(releases, 'no-shell') } as ServerConfig);
    try {
      assert.equal((await app.inject(`/remotes/contacts/${release}/mf-manifest.json`)).statusCode, 200);
      for (const path of [`/remotes/records/contacts/${release}.json`, `/remotes//records/contacts/${release}.json`])
        assert.notEqual((await app.inject(path)).statusCode, 200, path);
    } finally {
      await app.close();
    }
  });
});
