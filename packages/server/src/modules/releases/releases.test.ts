import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReleaseHistory, ReleasesOverview, ShellSurface } from '@agency/contracts';
import { basicAuth, bearer, DEMO, signIn, startTestServer, totpCode, type TestServer } from '../../testing/harness';
import { readReleaseRecord, releaseRemote } from '../../static/release';
import { tempDir } from '../../testing/tempDir';
import { auditChainKeys } from '../audit/key';
import { verifyReleaseChain } from './history';

const REACT = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
const ICONS = { name: '@ant-design/icons', version: '6.3.4', requiredVersion: '^6.3.4', singleton: true };

/** A remote's build: its manifest (what it takes from the shell) and one file that makes it this build. */
function build(content: string, version: string, shared: object[]): string {
  const dir = tempDir('agency-dist-');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version }, pluginVersion: '2.9.2' }, shared, exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  return dir;
}

/** A shell that provides react but no longer the icons. */
function shellWithoutIcons(): string {
  const dir = tempDir('agency-shell-');
  mkdirSync(dir, { recursive: true });
  const surface: ShellSurface = { runtime: { bundler: '2.9.2', enhanced: '2.9.2' }, keys: { react: { version: '19.3.1', singleton: true } } };
  writeFileSync(join(dir, 'shared-surface.json'), JSON.stringify(surface));
  return dir;
}

let s: TestServer;
let superToken: string;
let releasesDir: string;
let fits: string;
let needsIcons: string;
let shellDir: string;

before(async () => {
  releasesDir = tempDir('agency-releases-');
  fits = releaseRemote(releasesDir, 'contacts', build('fits', '1.0.0', [REACT]), { by: 'dana', note: 'Tags on the list' }).release;
  needsIcons = releaseRemote(releasesDir, 'contacts', build('icons', '1.1.0', [REACT, ICONS]), { by: 'lee', note: 'Icons again' }).release;
  shellDir = shellWithoutIcons();
  s = await startTestServer({ config: { releasesDir, shellDir } });
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: basicAuth('super@demo.test') },
    payload: { account: DEMO, code: totpCode() },
  });
  superToken = res.json().token;
});
after(() => s.close());

const overview = (token: string) => s.app.inject({ method: 'GET', url: '/api/releases', headers: bearer(token) });
const activate = (payload: object) => s.app.inject({ method: 'POST', url: '/api/releases/contacts/activate', headers: bearer(superToken), payload });
const history = (token: string) => s.app.inject({ method: 'GET', url: '/api/releases/history', headers: bearer(token) });
/** The history as the page shows it, oldest first, without the times. */
const changes = async () =>
  (await history(superToken))
    .json<ReleaseHistory>()
    .items.reverse()
    .map(({ by, via, action, title, release, reason, forced }) => ({ by, via, action, title, release, reason, forced }));
/** The remotes command on this server's registry folder, as an operator runs it beside the server. */
const cli = (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: tempDir('agency-cli-'), RELEASES_DIR: releasesDir, RELEASES_STORE: 'disk', SHELL_DIR: shellDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../cli/remotes.ts', import.meta.url)), ...args], { encoding: 'utf8', env });
};

describe('the releases of ops', () => {
  it('are for super users only', async () => {
    for (const email of ['owner@demo.test', 'employee@demo.test']) assert.equal((await overview((await signIn(s.app, email)).token)).statusCode, 403, email);
  });

  it("list each remote's releases with their records and the preflight's verdict under the active shell", async () => {
    const res = await overview(superToken);
    assert.equal(res.statusCode, 200);
    const body = res.json<ReleasesOverview>();
    assert.equal(body.shellChecked, true);
    const contacts = body.remotes.find((r) => r.remote === 'contacts')!;
    assert.equal(contacts.title, 'Contacts');
    assert.equal(contacts.active, needsIcons);
    assert.deepEqual(contacts.earlier, [fits]);
    assert.deepEqual(
      contacts.releases.map((r) => [r.release, r.record?.by, r.record?.note, r.missing]),
      [
        [fits, 'dana', 'Tags on the list', []],
        [needsIcons, 'lee', 'Icons again', [{ key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' }]],
      ],
    );
    assert.deepEqual(
      body.remotes.find((r) => r.remote === 'chat'),
      { remote: 'chat', title: 'Team chat', active: null, earlier: [], releases: [] },
    );
  });

  it('roll back with a reason, kept in the history of release changes; a release the shell cannot serve is refused unless forced, and the force is recorded', async () => {
    assert.equal((await activate({ release: fits, reason: ' ' })).statusCode, 400);

    const back = await activate({ release: fits, reason: 'The icons break the list' });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json<ReleasesOverview>().remotes.find((r) => r.remote === 'contacts')!.active, fits);

    const refused = await activate({ release: needsIcons, reason: 'Try again' });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), { message: `Contacts ${needsIcons} needs a newer shell: @ant-design/icons ^6.3.4 (the shell does not provide it).` });

    const forced = await activate({ release: needsIcons, reason: 'The shell follows today', force: true });
    assert.equal(forced.statusCode, 200, forced.body);
    assert.equal(forced.json<ReleasesOverview>().remotes.find((r) => r.remote === 'contacts')!.active, needsIcons);
    const [override] = readReleaseRecord(releasesDir, 'contacts', needsIcons)!.overrides!;
    assert.equal(override.by, 'super@demo.test');
    assert.equal(override.action, 'activate');

    assert.deepEqual(await changes(), [
      { by: 'super@demo.test', via: 'page', action: 'rolledBack', title: 'Contacts', release: fits, reason: 'The icons break the list', forced: null },
      {
        by: 'super@demo.test',
        via: 'page',
        action: 'activated',
        title: 'Contacts',
        release: needsIcons,
        reason: 'The shell follows today',
        forced: 'forced past the preflight: @ant-design/icons ^6.3.4 (the shell does not provide it)',
      },
    ]);
    // global, not the business of the super user's agency (nor of any other)
    assert.deepEqual(await s.db.query("select account_id from audit_events where action like 'release%' or target_type = 'release'"), []);
    assert.equal((await activate({ release: '9.9.9-00000000', reason: 'No such' })).statusCode, 404);
  });

  it('keep the history for super users only: an owner reads neither it nor the reasons', async () => {
    for (const email of ['owner@demo.test', 'employee@demo.test']) assert.equal((await history((await signIn(s.app, email)).token)).statusCode, 403, email);
    const page = (await history(superToken)).json<ReleaseHistory>();
    assert.equal(page.total, page.items.length);
    assert.ok(page.items.every((c) => !Number.isNaN(Date.parse(c.at))));
  });

  it("keep the command line's changes, by --by or the OS user, and the chain holds", async () => {
    const before = (await changes()).length;
    const back = cli('rollback', 'contacts', fits, '--by', 'ops-kim', '--reason', 'Back to the list without icons');
    assert.equal(back.status, 0, back.stderr);
    const again = cli('activate', 'contacts', needsIcons, '--force');
    assert.equal(again.status, 0, again.stderr);
    const latest = (await changes()).slice(before);
    assert.deepEqual(latest, [
      { by: 'ops-kim', via: 'cli', action: 'rolledBack', title: 'Contacts', release: fits, reason: 'Back to the list without icons', forced: null },
      {
        by: userInfo().username,
        via: 'cli',
        action: 'activated',
        title: 'Contacts',
        release: needsIcons,
        reason: null,
        forced: 'forced past the preflight: @ant-design/icons ^6.3.4 (the shell does not provide it)',
      },
    ]);
    assert.equal((await changes()).length, before + 2, 'each change once');
    const report = await verifyReleaseChain(s.db, auditChainKeys());
    assert.deepEqual(report.breaks, []);
    assert.equal(report.rows, before + 2);
  });
});
