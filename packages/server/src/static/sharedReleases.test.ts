import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ActiveReleasesNow, ReleasesOverview, ShellSurface } from '@agency/contracts';
import { basicAuth, bearer, DEMO, freshDb, startTestServer, totpCode, type TestServer } from '../testing/harness';
import { releaseRemote } from './release';
import { releaseFileKey } from './shared';
import { tempDir } from '../testing/tempDir';

const REACT = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };

function remoteBuild(content: string): string {
  const dir = tempDir('agency-dist-');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' }, pluginVersion: '2.9.2' }, shared: [REACT], exposes: [] }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), content);
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'public', 'note.txt'), content);
  return dir;
}

function shellBuild(tag: string): string {
  const dir = tempDir('agency-shell-dist-');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Agency Desk</title></head><body>${tag}<script src="/main.js"></script></body></html>`,
  );
  writeFileSync(join(dir, 'main.js'), `/* ${tag} */`);
  writeFileSync(join(dir, `chunk.${tag === 'first' ? 'aaaaaaaa' : 'bbbbbbbb'}.js`), `/* chunk ${tag} */`);
  const surface: ShellSurface = { runtime: { bundler: '2.9.2', enhanced: '2.9.2' }, keys: { react: { version: '19.3.1', singleton: true } } };
  writeFileSync(join(dir, 'shared-surface.json'), JSON.stringify(surface));
  return dir;
}

/**
 * Two API processes on one database (two apps, each with a registry folder of its own): what one
 * releases or activates, the other serves on its very next request. With RELEASES_STORE=storage the
 * releases' files are in the app's file storage (here its local implementation, the hosts sharing
 * the data dir as hosts share a bucket), their rows without bodies.
 */
for (const store of ['database', 'storage'] as const)
  describe(`several API hosts serve one set of releases (RELEASES_STORE=${store})`, () => {
    let db: Awaited<ReturnType<typeof freshDb>>;
    let a: TestServer;
    let b: TestServer;
    let first: string;
    const shellDir = tempDir('agency-no-shell-');

    before(async () => {
      db = await freshDb();
      // the first host starts with a release in its folder: a database without releases takes it
      const folderA = tempDir('agency-releases-a-');
      first = releaseRemote(folderA, 'contacts', remoteBuild('first'), { by: 'dana', note: 'First' }).release;
      a = await startTestServer({ db, config: { releasesStore: store, releasesDir: folderA, shellDir } });
      // the hosts share the keys of the data dir (sealed secrets), each with a registry folder of its own
      b = await startTestServer({
        db,
        config: { releasesStore: store, dataDir: a.config.dataDir, releasesDir: tempDir('agency-releases-b-'), shellDir },
      });
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await db?.drop();
    });

    const remotes = async (s: TestServer) => (await s.app.inject('/remotes.json')).json() as Record<string, string>;
    // one sign-in (a TOTP code is taken once): its session is good on every host
    let signedIn: string | null = null;
    const superToken = async (s: TestServer) =>
      (signedIn ??= (
        await s.app.inject({
          method: 'POST',
          url: '/api/auth',
          headers: { authorization: basicAuth('super@demo.test') },
          payload: { account: DEMO, code: totpCode() },
        })
      ).json().token as string);

    it('a release made through one host is served by the other, its files and its record with it', async () => {
      assert.deepEqual(await remotes(b), { contacts: `/remotes/contacts/${first}/mf-manifest.json` });
      const second = releaseRemote(a.config.releasesDir, 'contacts', remoteBuild('second'), { by: 'lee', note: 'Second' }).release;
      await a.app.deps.sharedReleases!.push('contacts'); // as the command line does after a release
      assert.deepEqual(await remotes(b), { contacts: `/remotes/contacts/${second}/mf-manifest.json` });
      const entry = await b.app.inject(`/remotes/contacts/${second}/remoteEntry.js`);
      assert.equal(entry.statusCode, 200);
      assert.equal(entry.body, 'second');
      assert.equal(entry.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal((await b.app.inject(`/remotes/contacts/${second}/public/note.txt`)).body, 'second');
      // where the bytes are: in the rows, or in the file storage with rows naming them
      const rows = await db.query<{ path: string; body: Uint8Array | null }>(
        "select path, body from release_files where name = 'contacts' and release = $1 order by path",
        [second],
      );
      assert.deepEqual(
        rows.map((r) => r.path),
        ['mf-manifest.json', 'public/note.txt', 'remoteEntry.js'],
      );
      assert.deepEqual(rows.map((r) => (r.body ? Buffer.from(r.body).toString() : null)).slice(1), store === 'database' ? ['second', 'second'] : [null, null]);
      const inStorage = join(a.config.dataDir, 'files', ...releaseFileKey('contacts', second, 'remoteEntry.js').split('/'));
      assert.equal(existsSync(inStorage), store === 'storage');
      // never the records, nor outside a release
      assert.notEqual((await b.app.inject(`/remotes/records/contacts/${second}.json`)).statusCode, 200);
      assert.notEqual((await b.app.inject(`/remotes/contacts/..%2Frecords/contacts/${second}.json`)).statusCode, 200);

      const token = await superToken(b);
      const got = await b.app.inject({ method: 'GET', url: '/api/releases', headers: bearer(token) });
      assert.equal(got.statusCode, 200, got.body);
      const overview = got.json() as ReleasesOverview;
      const contacts = overview.remotes.find((r) => r.remote === 'contacts')!;
      assert.equal(contacts.active, second);
      assert.deepEqual(
        contacts.releases.map((r) => [r.release, r.record?.by, r.record?.note]),
        [
          [first, 'dana', 'First'],
          [second, 'lee', 'Second'],
        ],
      );
    });

    it('a roll back through one host is what the other serves on its next request, and its record and audit entry are kept once', async () => {
      const token = await superToken(a);
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/releases/contacts/activate',
        headers: bearer(token),
        payload: { release: first, reason: 'The second broke the import' },
      });
      assert.equal(res.statusCode, 200, res.body);
      // the other host: no wait, no restart
      assert.deepEqual(await remotes(b), { contacts: `/remotes/contacts/${first}/mf-manifest.json` });
      const active = (await b.app.inject('/active-releases.json')).json() as ActiveReleasesNow;
      assert.deepEqual(active, { shell: null, remotes: { contacts: first } });
      const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from release_changes where action = 'rolledBack'");
      assert.equal(n, 1);
    });

    it('a shell released through one host is the page the other serves, and a page loaded before it still finds its chunks on either', async () => {
      const one = releaseRemote(a.config.releasesDir, 'shell', shellBuild('first')).release;
      await a.app.deps.sharedReleases!.push('shell');
      const page = await b.app.inject('/contacts');
      assert.match(page.body, new RegExp(`<meta name="agency-shell-release" content="${one}" />.*first`, 's'));
      assert.equal((await b.app.inject('/main.js')).body, '/* first */');

      releaseRemote(a.config.releasesDir, 'shell', shellBuild('second'));
      await a.app.deps.sharedReleases!.push('shell');
      // a third host starting now: it pulls only what is active, and finds an earlier chunk when asked
      const c = await startTestServer({
        db,
        // (on the other setting, as after an operator changed it: the releases before are served all the same)
        config: {
          releasesStore: store === 'database' ? 'storage' : 'database',
          dataDir: a.config.dataDir,
          releasesDir: tempDir('agency-releases-c-'),
          shellDir,
        },
      });
      try {
        assert.match((await c.app.inject('/')).body, /second/);
        assert.equal(existsSync(join(c.config.releasesDir, 'shell', one)), false);
        const chunk = await c.app.inject('/chunk.aaaaaaaa.js');
        assert.equal(chunk.statusCode, 200);
        assert.equal(chunk.body, '/* chunk first */');
      } finally {
        await c.close();
      }
    });

    it('a release’s compressed files go through the database to the other host, which sends them as the browser accepts', async () => {
      const entry = Array.from({ length: 400 }, (_, i) => `var a${i}=function(){return ${i}};`).join('\n');
      const release = releaseRemote(a.config.releasesDir, 'contacts', remoteBuild(entry)).release;
      await a.app.deps.sharedReleases!.push('contacts');
      const rows = await db.query<{ path: string }>("select path from release_files where name = 'contacts' and release = $1 order by path", [release]);
      assert.deepEqual(
        rows.map((r) => r.path),
        ['mf-manifest.json', 'public/note.txt', 'public/note.txt.br', 'public/note.txt.gz', 'remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz'],
      );
      for (const [accept, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await b.app.inject({ url: `/remotes/contacts/${release}/remoteEntry.js`, headers: { 'accept-encoding': accept } });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-encoding'], accept);
        assert.match(String(res.headers.vary), /accept-encoding/i);
        assert.equal(decode(res.rawPayload).toString(), entry);
      }
    });
  });
