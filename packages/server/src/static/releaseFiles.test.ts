import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { releasesStoreFrom } from '../config';
import { assertKey } from '../providers/files/index';
import { createLocalFiles } from '../providers/files/local';
import { createS3Files } from '../providers/files/s3';
import { databaseReleaseFiles, releaseFileKey, storageReleaseFiles } from './shared';
import { tempDir } from '../testing/tempDir';

describe('where the releases are kept (RELEASES_STORE)', () => {
  it('defaults to the folder on PGlite, the database on PostgreSQL, the file storage on PostgreSQL with S3; a name it does not know is refused', () => {
    assert.equal(releasesStoreFrom({}), 'disk');
    assert.equal(releasesStoreFrom({ S3_BUCKET: 'b' }), 'disk');
    assert.equal(releasesStoreFrom({ DATABASE_URL: 'postgres://x/y' }), 'database');
    assert.equal(releasesStoreFrom({ DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'b' }), 'storage');
    assert.equal(releasesStoreFrom({ DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'b', RELEASES_STORE: 'database' }), 'database');
    assert.equal(releasesStoreFrom({ DATABASE_URL: 'postgres://x/y', RELEASES_STORE: 'storage' }), 'storage');
    assert.equal(releasesStoreFrom({ DATABASE_URL: 'postgres://x/y', RELEASES_STORE: 'disk' }), 'disk');
    assert.throws(() => releasesStoreFrom({ RELEASES_STORE: 's3' }), /RELEASES_STORE is "s3": it takes disk, database or storage/);
  });

  it("names a release's file in the file storage by a key it accepts, one for each path", () => {
    const key = releaseFileKey('contacts', '1.0.0-3f2a9c1e+2', 'static/js/@ant-design icons:x.js');
    assert.equal(key, 'releases/contacts/1.0.0-3f2a9c1e:2b2/static/js/:40ant-design:20icons:3ax.js');
    assert.equal(assertKey(key), key);
    assert.notEqual(releaseFileKey('contacts', 'r', 'a:2b.js'), releaseFileKey('contacts', 'r', 'a+.js'));
  });

  it('keeps the bytes in the row (database) or in the file storage with the row naming them (storage), and reads either kind of row', async () => {
    const root = tempDir('agency-files-');
    const storage = createLocalFiles(root);
    const inStorage = storageReleaseFiles(storage);
    const inDatabase = databaseReleaseFiles(storage);
    assert.equal(await inStorage.put('contacts', 'r1', 'remoteEntry.js', Buffer.from('one')), null);
    assert.equal(existsSync(join(root, 'releases', 'contacts', 'r1', 'remoteEntry.js')), true);
    assert.equal((await inDatabase.put('contacts', 'r2', 'remoteEntry.js', Buffer.from('two')))?.toString(), 'two');
    assert.equal(existsSync(join(root, 'releases', 'contacts', 'r2')), false);
    for (const files of [inStorage, inDatabase]) {
      assert.equal((await files.get('contacts', 'r1', 'remoteEntry.js', null))?.toString(), 'one');
      assert.equal((await files.get('contacts', 'r2', 'remoteEntry.js', Buffer.from('two')))?.toString(), 'two');
      assert.equal(await files.get('contacts', 'r3', 'remoteEntry.js', null), null);
    }
  });

  it('puts and reads a release file in S3 through signed requests', async () => {
    const objects = new Map<string, Buffer>();
    const fake = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      assert.match(new Headers(init?.headers).get('authorization') ?? '', /^AWS4-HMAC-SHA256 /);
      if (init?.method === 'PUT') objects.set(url, Buffer.from(init.body as Buffer));
      if (init?.method === 'GET') return objects.has(url) ? new Response(objects.get(url)) : new Response('no', { status: 404 });
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const s3 = createS3Files({ bucket: 'agency', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', endpoint: 'http://127.0.0.1:9000' }, fake);
    const files = storageReleaseFiles(s3);
    assert.equal(await files.put('shell', '1.0.0-ab+1', 'main.js', Buffer.from('/* main */')), null);
    assert.deepEqual([...objects.keys()], ['http://127.0.0.1:9000/agency/releases/shell/1.0.0-ab%3A2b1/main.js']);
    assert.equal((await files.get('shell', '1.0.0-ab+1', 'main.js', null))?.toString(), '/* main */');
  });
});
