import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleasesOverview, ShellSurface } from '@agency/contracts';
import { basicAuth, bearer, DEMO, signIn, startTestServer, totpCode, type TestServer } from '../../testing/harness';
import { readReleaseRecord, releaseRemote } from '../../static/release';
import { tempDir } from '../../testing/tempDir';

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

before(async () => {
  releasesDir = tempDir('agency-releases-');
  fits = releaseRemote(releasesDir, 'contacts', build('fits', '1.0.0', [REACT]), { by: 'dana', note: 'Tags on the list' }).release;
  needsIcons = releaseRemote(releasesDir, 'contacts', build('icons', '1.1.0', [REACT, ICONS]), { by: 'lee', note: 'Icons again' }).release;
  s = await startTestServer({ config: { releasesDir, shellDir: shellWithoutIcons() } });
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
const releaseEvents = async () =>
  s.db.query<{ action: string; target_label: string; detail: string }>(
    "select action, target_label, detail from audit_events where action like 'release%' order by id",
  );

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

  it('roll back with a reason, kept in the audit log; a release the shell cannot serve is refused unless forced, and the force is recorded', async () => {
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

    assert.deepEqual(await releaseEvents(), [
      { action: 'releaseRolledBack', target_label: `Contacts ${fits}`, detail: 'The icons break the list' },
      {
        action: 'releaseActivated',
        target_label: `Contacts ${needsIcons}`,
        detail: 'The shell follows today (forced past the preflight: @ant-design/icons ^6.3.4 (the shell does not provide it))',
      },
    ]);
    assert.equal((await activate({ release: '9.9.9-00000000', reason: 'No such' })).statusCode, 404);
  });
});
