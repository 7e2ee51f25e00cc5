import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeployKey, DeployKeyCreated, PublishAnswer, ShellSurface } from '@agency/contracts';
import { basicAuth, bearer, DEMO, signIn, startTestServer, totpCode, type TestServer } from '../../testing/harness';
import { readActive } from '../../static/remotes';
import { readReleaseRecord } from '../../static/release';
import { tempDir } from '../../testing/tempDir';

const REACT = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };

/** A contacts build as its files: the manifest naming its entry and one exposed chunk. */
function contactsBuild(content: string, version = '1.1.0'): Record<string, Buffer> {
  const manifest = {
    metaData: { buildInfo: { buildVersion: version }, pluginVersion: '2.9.2', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [REACT],
    exposes: [{ name: 'app', assets: { js: { sync: ['__federation_expose_app.js'], async: [] }, css: { sync: [], async: [] } } }],
  };
  return {
    'mf-manifest.json': Buffer.from(JSON.stringify(manifest)),
    'remoteEntry.js': Buffer.from(`/* entry ${content} */`),
    '__federation_expose_app.js': Buffer.from(`/* app ${content} */`),
  };
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const listOf = (files: Record<string, Buffer>) => Object.entries(files).map(([path, b]) => ({ path, sha256: sha(b), size: b.length }));

let s: TestServer;
let superToken: string;
let contactsKey: string;
let adminKey: string;

before(async () => {
  const shellDir = tempDir('agency-shell-');
  mkdirSync(shellDir, { recursive: true });
  const surface: ShellSurface = { runtime: { bundler: '2.9.2', enhanced: '2.9.2' }, keys: { react: { version: '19.3.1', singleton: true } } };
  writeFileSync(join(shellDir, 'shared-surface.json'), JSON.stringify(surface));
  s = await startTestServer({ config: { releasesDir: tempDir('agency-releases-'), shellDir } });
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: basicAuth('super@demo.test') },
    payload: { account: DEMO, code: totpCode() },
  });
  superToken = res.json().token;
  contactsKey = (await createKey({ label: 'Contacts team CI', names: ['contacts'], expiresInDays: 30 })).json<DeployKeyCreated>().secret;
  adminKey = (await createKey({ label: 'Account team CI', names: ['admin'], expiresInDays: 30 })).json<DeployKeyCreated>().secret;
});
after(() => s.close());

const createKey = (payload: object, token = superToken) => s.app.inject({ method: 'POST', url: '/api/releases/keys', headers: bearer(token), payload });
const upload = (key: string, name: string, bytes: Buffer, hash = sha(bytes)) =>
  s.app.inject({
    method: 'PUT',
    url: `/api/releases/${name}/publish/files/${hash}`,
    headers: { ...bearer(key), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const missing = (key: string, name: string, files: Record<string, Buffer>) =>
  s.app.inject({ method: 'POST', url: `/api/releases/${name}/publish/missing`, headers: bearer(key), payload: { files: listOf(files) } });
const publish = (key: string, name: string, files: Record<string, Buffer>, extra: object = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/releases/${name}/publish`,
    headers: bearer(key),
    payload: { files: listOf(files), version: '1.1.0', activate: true, ...extra },
  });

/** Uploads what the server lacks of a build, as the command line does. */
async function uploadAll(key: string, name: string, files: Record<string, Buffer>) {
  const res = await missing(key, name, files);
  assert.equal(res.statusCode, 200, res.body);
  const lacking = new Set(res.json<{ missing: string[] }>().missing);
  for (const bytes of Object.values(files)) if (lacking.has(sha(bytes))) assert.equal((await upload(key, name, bytes)).statusCode, 204);
  return lacking.size;
}

describe('deploy keys', () => {
  it('are made and listed by super users only, the secret shown once and stored hashed', async () => {
    const owner = (await signIn(s.app, 'owner@demo.test')).token;
    assert.equal((await createKey({ label: 'x', names: ['contacts'], expiresInDays: 1 }, owner)).statusCode, 403);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/releases/keys', headers: bearer(owner) })).statusCode, 403);
    const res = await createKey({ label: 'Chat team', names: ['chat', 'chat'], expiresInDays: 7 });
    assert.equal(res.statusCode, 201);
    const { key, secret } = res.json<DeployKeyCreated>();
    assert.match(secret, /^adk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(key.names, ['chat']);
    const [row] = await s.db.query<{ secret_hash: string }>('select secret_hash from deploy_keys where id = $1', [key.id]);
    assert.equal(row!.secret_hash, sha(Buffer.from(secret)));
    assert.ok(!JSON.stringify(await s.db.query('select * from deploy_keys')).includes(secret.slice(-43)), 'the secret is not stored');
    const list = (await s.app.inject({ method: 'GET', url: '/api/releases/keys', headers: bearer(superToken) })).json<DeployKey[]>();
    assert.ok(list.some((k) => k.id === key.id && k.label === 'Chat team' && !('secret' in k)));
    // bad input says what is wrong
    const bad = await createKey({ label: ' ', names: [], expiresInDays: 0 });
    assert.equal(bad.statusCode, 400);
    assert.equal((await createKey({ label: 'x', names: ['billing'], expiresInDays: 3 })).statusCode, 400);
  });

  it('publish only the names they hold, and only while live', async () => {
    const build = contactsBuild('scoped');
    assert.equal((await missing(adminKey, 'contacts', build)).statusCode, 403);
    assert.match((await missing(adminKey, 'contacts', build)).json().message, /"Account team CI" may publish admin, not contacts/);
    assert.equal((await publish(contactsKey, 'shell', build)).statusCode, 403);
    assert.equal((await missing('adk_' + '0'.repeat(32) + '_' + 'a'.repeat(43), 'contacts', build)).statusCode, 401);
    assert.equal((await missing(superToken, 'contacts', build)).statusCode, 401, 'a session is not a deploy key');
    assert.equal((await s.app.inject({ method: 'POST', url: '/api/releases/contacts/publish/missing', payload: { files: listOf(build) } })).statusCode, 401);

    const { key, secret } = (await createKey({ label: 'Short lived', names: ['contacts'], expiresInDays: 1 })).json<DeployKeyCreated>();
    assert.equal((await missing(secret, 'contacts', build)).statusCode, 200);
    const used = (await s.app.inject({ method: 'GET', url: '/api/releases/keys', headers: bearer(superToken) }))
      .json<DeployKey[]>()
      .find((k) => k.id === key.id)!;
    assert.ok(used.lastUsedAt, 'its use is noted');
    await s.db.query("update deploy_keys set expires_at = now() - interval '1 minute' where id = $1", [key.id]);
    const expired = await missing(secret, 'contacts', build);
    assert.equal(expired.statusCode, 401);
    assert.match(expired.json().message, /"Short lived" expired/);
    await s.db.query("update deploy_keys set expires_at = now() + interval '1 day' where id = $1", [key.id]);
    assert.equal((await s.app.inject({ method: 'DELETE', url: `/api/releases/keys/${key.id}`, headers: bearer(superToken) })).statusCode, 200);
    const revoked = await missing(secret, 'contacts', build);
    assert.equal(revoked.statusCode, 401);
    assert.match(revoked.json().message, /"Short lived" was revoked/);
  });
});

describe('publishing over HTTPS', () => {
  it('uploads what the server lacks, releases it with the preflight and its record, and uploads nothing the second time', async () => {
    const build = contactsBuild('first');
    assert.equal(await uploadAll(contactsKey, 'contacts', build), 3);
    const res = await publish(contactsKey, 'contacts', build, {
      expectedActive: null,
      commit: '4132c2f',
      changelog: '# x\n\n## 1.1.0\n\n- Tags on the list\n',
    });
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<PublishAnswer>();
    assert.match(answer.release, /^1\.1\.0-[0-9a-f]{8}$/);
    assert.equal(answer.active, answer.release);
    const record = readReleaseRecord(s.config.releasesDir, 'contacts', answer.release)!;
    assert.equal(record.by, 'deploy key "Contacts team CI"');
    assert.equal(record.commit, '4132c2f');
    assert.deepEqual(record.changes, [{ version: '1.1.0', summary: 'Tags on the list' }]);
    assert.deepEqual(
      record.needs.shared.map((n) => n.key),
      ['react'],
    );
    // in the global history, with the key's label
    const changes = async () =>
      s.db.query<{ by: string; via: string; action: string; name: string; release: string }>(
        'select by, via, action, name, release from release_changes order by seq',
      );
    assert.deepEqual((await changes()).at(-1), {
      by: 'deploy key "Contacts team CI"',
      via: 'deploy',
      action: 'released',
      name: 'contacts',
      release: answer.release,
    });
    assert.ok((await changes()).some((c) => c.action === 'keyCreated' && c.release === 'Contacts team CI' && c.by === 'super@demo.test'));
    // the same build again: nothing to upload, the same release
    assert.equal(await uploadAll(contactsKey, 'contacts', build), 0);
    const again = await publish(contactsKey, 'contacts', build, { expectedActive: answer.release });
    assert.equal(again.json<PublishAnswer>().release, answer.release);
    assert.equal(again.json<PublishAnswer>().created, false);
    // served
    const entry = await s.app.inject({ method: 'GET', url: `/remotes/contacts/${answer.release}/remoteEntry.js` });
    assert.equal(entry.body, '/* entry first */');
  });

  it('refuses bad uploads with a clear message and changes nothing', async () => {
    const before = readActive(s.config.releasesDir).contacts?.active;
    const build = contactsBuild('bad');
    const wrongHash = await upload(contactsKey, 'contacts', build['remoteEntry.js']!, 'f'.repeat(64));
    assert.equal(wrongHash.statusCode, 400);
    assert.match(wrongHash.json().message, /do not match its name/);
    // a file never uploaded
    const notUploaded = await publish(contactsKey, 'contacts', build);
    assert.equal(notUploaded.statusCode, 400);
    assert.match(notUploaded.json().message, /has not been uploaded/);
    // a file its manifest names, missing from the build
    await uploadAll(contactsKey, 'contacts', build);
    const { '__federation_expose_app.js': _gone, ...lacking } = build;
    const torn = await publish(contactsKey, 'contacts', lacking);
    assert.equal(torn.statusCode, 400);
    assert.match(torn.json().message, /names files the build lacks: __federation_expose_app\.js/);
    const escaping = await publish(contactsKey, 'contacts', { ...build, '../records/x.json': build['remoteEntry.js']! });
    assert.equal(escaping.statusCode, 400);
    const otherVersion = await publish(contactsKey, 'contacts', build, { version: '2.0.0' });
    assert.match(otherVersion.json().message, /The build says it is 1\.1\.0, the publish says 2\.0\.0/);
    const tooLarge = await upload(contactsKey, 'contacts', Buffer.alloc(26 * 1024 * 1024, 1));
    assert.equal(tooLarge.statusCode, 413);
    assert.equal(readActive(s.config.releasesDir).contacts?.active, before);
  });

  it('two publishes racing for one name: one wins, the other gets a 409 naming the winner, and neither is lost', async () => {
    const before = readActive(s.config.releasesDir).contacts!.active;
    const a = contactsBuild('race a');
    const b = contactsBuild('race b');
    await uploadAll(contactsKey, 'contacts', a);
    await uploadAll(contactsKey, 'contacts', b);
    const [ra, rb] = await Promise.all([
      publish(contactsKey, 'contacts', a, { expectedActive: before }),
      publish(contactsKey, 'contacts', b, { expectedActive: before }),
    ]);
    const [won, lost] = ra.statusCode === 200 ? [ra, rb] : [rb, ra];
    assert.equal(won.statusCode, 200, won.body);
    assert.equal(lost.statusCode, 409, lost.body);
    const winner = won.json<PublishAnswer>().release;
    assert.ok(lost.json().message.includes(`${winner} is active now`), lost.json().message);
    assert.equal(readActive(s.config.releasesDir).contacts!.active, winner);
    // the loser publishes again expecting the winner, and replaces it
    const loserBuild = ra.statusCode === 200 ? b : a;
    const retry = await publish(contactsKey, 'contacts', loserBuild, { expectedActive: winner });
    assert.equal(retry.statusCode, 200);
    assert.notEqual(retry.json<PublishAnswer>().release, winner);
  });

  it('a staged publish stores the release without activating it, and the shell surface is read with any live key', async () => {
    const before = readActive(s.config.releasesDir).contacts!.active;
    const build = contactsBuild('staged');
    await uploadAll(contactsKey, 'contacts', build);
    const res = await publish(contactsKey, 'contacts', build, { activate: false });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json<PublishAnswer>().active, before);
    assert.ok(readReleaseRecord(s.config.releasesDir, 'contacts', res.json<PublishAnswer>().release));
    const [last] = await s.db.query<{ action: string; release: string }>('select action, release from release_changes order by seq desc limit 1');
    assert.deepEqual(last, { action: 'staged', release: res.json<PublishAnswer>().release });
    const surface = await s.app.inject({ method: 'GET', url: '/api/releases/shell-surface', headers: bearer(adminKey) });
    assert.equal(surface.statusCode, 200);
    assert.deepEqual(Object.keys(surface.json<ShellSurface>().keys), ['react']);
  });
});
