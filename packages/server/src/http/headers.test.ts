import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, signIn, startTestServer, type TestServer } from '../testing/harness';
import { contentSecurityPolicy, originsOf } from './headers';
import { gifImageOrigins } from '../providers/gifs/index';
import { tempDir } from '../testing/tempDir';

const THEME = "\n      if (localStorage.getItem('agency.dark') === '1') document.body.classList.add('dark');\n    ";
const shellDir = tempDir('agency-shell-');
writeFileSync(
  join(shellDir, 'index.html'),
  `<!doctype html><html><head><script defer src="/main.js"></script></head><body><script>${THEME}</script><div id="root"></div></body></html>`,
);
const themeHash = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
// The sign-in page's own build (shell/dist/public): its theme script is written on one line.
const LOGIN_THEME = "if (localStorage.getItem('agency.dark') === '1') document.body.classList.add('dark');";
mkdirSync(join(shellDir, 'public'));
writeFileSync(
  join(shellDir, 'public/login.html'),
  `<!doctype html><html><head></head><body><script>${LOGIN_THEME}</script><div id="root"></div><script defer src="/public/login.0a1b2c3d.js"></script></body></html>`,
);
writeFileSync(
  join(shellDir, 'public/forgot-password.html'),
  `<!doctype html><html><head></head><body><script>${LOGIN_THEME}</script><div id="root"></div><script defer src="/public/forgot-password.0a1b2c3d.js"></script></body></html>`,
);
const loginThemeHash = `'sha256-${createHash('sha256').update(LOGIN_THEME).digest('base64')}'`;

let s: TestServer;
let prod: TestServer;
before(async () => {
  s = await startTestServer({ config: { shellDir, trustProxy: 1 } });
  prod = await startTestServer({ db: s.db, config: { shellDir, production: true } });
});
after(async () => {
  await prod.close();
  await s.close();
});

/** The policy's directives by name. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('the shell page runs under a CSP with no inline script but its own hashed one, never framed elsewhere', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/contacts', headers: { host: 'agency.example.com' } });
    assert.equal(res.statusCode, 200);
    const csp = directives(String(res.headers['content-security-policy']));
    assert.deepEqual(csp['script-src'], ["'self'", themeHash, loginThemeHash]);
    assert.deepEqual(csp['script-src-attr'], ["'none'"]);
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'self'"]);
    assert.deepEqual(csp['connect-src'], ["'self'", 'blob:', 'ws://agency.example.com', 'wss://agency.example.com']);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
  });

  it('a full load of /login gets the sign-in page of its own build; every other page gets the app', async () => {
    for (const url of ['/login', '/login?redirect=%2Fcontacts', '/login/']) {
      const res = await s.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /\/public\/login\.0a1b2c3d\.js/, url);
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
    assert.match((await s.app.inject({ method: 'GET', url: '/forgot-password/u1/1234' })).body, /\/public\/forgot-password\.0a1b2c3d\.js/);
    for (const url of ['/', '/contacts', '/login-help', '/forgot-password/u1']) {
      assert.match((await s.app.inject({ method: 'GET', url })).body, /\/main\.js/, url);
    }
  });

  it('API answers carry them too, and HSTS when the request came over TLS', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/healthcheck', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    assert.ok(String(res.headers['content-security-policy']).includes("default-src 'self'"));
  });

  it("lets pages reach the local carrier's phone signalling on its own port of the same host", () => {
    const csp = contentSecurityPolicy({ scriptHashes: [], extraOrigins: [], host: 'localhost:8080', signalPort: 8081 });
    assert.deepEqual(directives(csp)['connect-src'], [
      "'self'",
      'blob:',
      'ws://localhost:8080',
      'wss://localhost:8080',
      'wss://localhost:8081',
      'https://localhost:8081',
    ]);
  });

  it('a Host that is not a plain host adds nothing to the policy', () => {
    const csp = contentSecurityPolicy({ scriptHashes: [], extraOrigins: [], host: 'evil.example; script-src *' });
    assert.deepEqual(directives(csp)['connect-src'], ["'self'", 'blob:']);
    assert.deepEqual(directives(csp)['script-src'], ["'self'"]);
  });

  it('lets the shell load the dev servers DEV_REMOTES names', () => {
    const origins = originsOf(['http://localhost:3001/mf-manifest.json', 'http://localhost:3001/other.json', 'not a url']);
    assert.deepEqual(origins, ['http://localhost:3001']);
    assert.deepEqual(directives(contentSecurityPolicy({ scriptHashes: [], extraOrigins: origins }))['script-src'], ["'self'", 'http://localhost:3001']);
    // GIPHY's pictures only when its key is set; the app's own GIFs are 'self'
    assert.deepEqual(
      directives(contentSecurityPolicy({ scriptHashes: [], extraOrigins: [], imageOrigins: gifImageOrigins({ GIPHY_API_KEY: 'k' }) }))['img-src'],
      ["'self'", 'data:', 'blob:', 'https://*.giphy.com'],
    );
    assert.deepEqual(gifImageOrigins({}), []);
  });

  it('the API docs are open in development and only for signed-in admins in production', async () => {
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode, 200);
    assert.equal((await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode, 401);
    assert.equal((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode, 401);
    const employee = await signIn(prod.app, 'employee@demo.test');
    assert.equal((await prod.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(employee.token) })).statusCode, 403);
    const owner = await signIn(prod.app, 'owner@demo.test');
    assert.equal((await prod.app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(owner.token) })).statusCode, 200);
  });
});
