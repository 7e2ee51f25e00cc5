import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { bearer, signIn, startTestServer, type TestServer } from '../testing/harness';
import { tempDir } from '../testing/tempDir';
import { releaseRemote } from './release';
import { staticRoutes } from './routes';

/** Text of about `kb` KB, like a bundle's (compresses well). */
const script = (tag: string, kb: number) => Array.from({ length: kb * 16 }, (_, i) => `var ${tag}${i}=function(){return "${tag}"+${i}};`).join('\n');
/** A PNG's bytes are compressed already. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);

function remoteBuild(entry: string): string {
  const dir = tempDir('agency-dist-');
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' }, pluginVersion: '2.9.2' }, shared: [] }));
  writeFileSync(join(dir, 'remoteEntry.js'), entry);
  writeFileSync(join(dir, 'logo.png'), PNG);
  writeFileSync(join(dir, 'tiny.js'), '/* tiny */');
  return dir;
}

function shellBuild(): string {
  const dir = tempDir('agency-shell-dist-');
  // a page over the threshold, as the built ones are (about 1.1 KB)
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><title>Agency Desk</title></head><body><!-- ${'x'.repeat(1200)} --></body></html>`);
  writeFileSync(join(dir, 'main.js'), script('main', 8));
  writeFileSync(join(dir, 'app.0123abcd.js'), script('chunk', 8));
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'public/login.html'), '<!doctype html><html><head><title>Sign in</title></head><body>small</body></html>');
  return dir;
}

/** What a browser asking with this Accept-Encoding gets: the headers and the bytes decoded. */
async function fetched(app: FastifyInstance, url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { res, raw, encoding, body };
}

const varies = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the app’s files are sent compressed, compressed once as they are released', () => {
  const releases = tempDir('agency-releases-');
  const entry = script('remote', 20);
  let app: FastifyInstance;
  let remote: string;
  let dir: string;

  before(async () => {
    remote = releaseRemote(releases, 'contacts', remoteBuild(entry)).release;
    releaseRemote(releases, 'shell', shellBuild());
    dir = join(releases, 'contacts', remote);
    app = Fastify();
    await staticRoutes(app, { releasesDir: releases, shellDir: tempDir('agency-no-shell-') } as ServerConfig);
  });
  after(() => app?.close());

  it('a release holds brotli and gzip variants of its text files beside them, and its name is its build’s', () => {
    assert.equal(brotliDecompressSync(readFileSync(join(dir, 'remoteEntry.js.br'))).toString(), entry);
    assert.equal(gunzipSync(readFileSync(join(dir, 'remoteEntry.js.gz'))).toString(), entry);
    // none for what is compressed already, nor for files smaller than the headers they would save
    for (const f of ['logo.png.br', 'logo.png.gz', 'tiny.js.br', 'tiny.js.gz']) assert.equal(existsSync(join(dir, f)), false, f);
    // the same build released again is the same release
    assert.deepEqual(releaseRemote(releases, 'contacts', remoteBuild(entry), { activateExisting: false }), {
      release: remote,
      created: false,
      activated: true,
      forced: [],
    });
  });

  it('a remote’s file comes in brotli, else gzip, else as it is, as the browser accepts, with Vary, its length and its cache headers', async () => {
    const url = `/remotes/contacts/${remote}/remoteEntry.js`;
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const { res, raw, encoding, body } = await fetched(app, url, accept);
      assert.equal(res.statusCode, 200);
      assert.equal(encoding, expected, `accept-encoding: ${accept}`);
      assert.equal(body.toString(), entry);
      assert.ok(varies(res.headers.vary), `Vary for accept-encoding: ${accept}`);
      assert.equal(Number(res.headers['content-length']), raw.length);
      assert.match(String(res.headers['content-type']), /^application\/javascript/);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      if (expected) assert.ok(raw.length < entry.length / 4, `${expected}: ${raw.length} bytes`);
    }
    // an image as it is
    const png = await fetched(app, `/remotes/contacts/${remote}/logo.png`, 'gzip, br');
    assert.equal(png.encoding, undefined);
    assert.deepEqual(png.raw, PNG);
  });

  it('the shell’s files and its page come compressed too, keeping their cache headers; a small page as it is', async () => {
    for (const [path, cache] of [
      ['/app.0123abcd.js', 'public, max-age=31536000, immutable'],
      ['/main.js', 'no-cache'],
    ]) {
      const { res, encoding, body } = await fetched(app, path, 'gzip, deflate, br');
      assert.equal(encoding, 'br', path);
      assert.match(body.toString(), /^var (chunk|main)0=/);
      assert.equal(res.headers['cache-control'], cache, path);
      assert.ok(varies(res.headers.vary));
    }
    for (const accept of ['br', 'gzip']) {
      const page = await fetched(app, '/contacts', accept);
      assert.equal(page.encoding, accept);
      assert.match(page.body.toString(), /<meta name="agency-shell-release" content="[^"]+" \/>/);
      assert.equal(page.res.headers['cache-control'], 'no-cache');
      assert.match(String(page.res.headers['content-type']), /^text\/html/);
      assert.ok(varies(page.res.headers.vary));
      assert.equal(Number(page.res.headers['content-length']), page.raw.length);
    }
    const plain = await fetched(app, '/contacts');
    assert.equal(plain.encoding, undefined);
    assert.match(plain.body.toString(), /^<!doctype html>/);
    assert.ok(varies(plain.res.headers.vary));
    const login = await fetched(app, '/login', 'br');
    assert.equal(login.encoding, undefined);
    assert.match(login.body.toString(), /small<\/body>/);
  });
});

describe('the API’s answers over 1 KB are compressed', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startTestServer();
    token = (await signIn(s.app, 'owner@demo.test')).token;
  });
  after(() => s?.close());

  it('a long answer comes in brotli or gzip as the request accepts, a short one as it is', async () => {
    const plain = await fetched(s.app, '/api/clients', undefined, bearer(token));
    assert.equal(plain.res.statusCode, 200, plain.body.toString());
    assert.equal(plain.encoding, undefined);
    assert.ok(plain.raw.length > 1024, `the list is ${plain.raw.length} bytes`);
    for (const accept of ['br', 'gzip']) {
      const { res, raw, encoding, body } = await fetched(s.app, '/api/clients', `${accept}, deflate`, bearer(token));
      assert.equal(encoding, accept);
      assert.ok(varies(res.headers.vary));
      assert.deepEqual(JSON.parse(body.toString()), JSON.parse(plain.raw.toString()));
      assert.ok(raw.length < plain.raw.length);
      // the security headers are the API's as before
      assert.ok(res.headers['content-security-policy']);
    }
    const short = await fetched(s.app, '/api/healthcheck', 'gzip, br');
    assert.equal(short.res.statusCode, 200);
    assert.ok(short.raw.length < 1024);
    assert.equal(short.encoding, undefined);
  });
});
