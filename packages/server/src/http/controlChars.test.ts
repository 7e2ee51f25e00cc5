import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, bearer, DEMO, signIn, startTestServer, totpCode, type TestServer } from '../testing/harness';
import { PUBLIC_ROUTES, type ApiRoute } from './access';
import { findControlChar, findLoneSurrogate } from './controlChars';

/*
 * Walks every registered route of the API with a NUL (and other control characters) in its path,
 * query, a header and its body, and a lone UTF-16 surrogate in its body, signed in (a super user,
 * who may call every route) and signed out: each answers 400 saying so, never a 500; signed out, a
 * route that needs a session may say 401 for a bad body (it never reads it).
 */

let s: TestServer;
let token: string;
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const key = (r: ApiRoute) => `${r.method} ${r.url}`;
const isPublic = (r: ApiRoute) => PUBLIC_ROUTES.includes(key(r));
// The account in the address is the caller's own (the access check answers for any other before a body is read).
const fill = (url: string, bad?: string) => {
  let first = true;
  return url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = first && bad !== undefined ? bad : param === 'accountId' ? DEMO : UNKNOWN_ID;
    first = false;
    return encodeURIComponent(value);
  });
};
const CONTROL_MESSAGE = /^Control characters are not allowed \(/;
const SURROGATE_MESSAGE = /^Lone UTF-16 surrogates are not allowed \(body\./;
const takesBody = (method: string) => method !== 'GET' && method !== 'HEAD';
// Bodies kept as raw bytes (the payment provider signs them) are not text: such a route answers its own 4xx.
const RAW_BODY_ROUTES = ['POST /api/billing/stripe/webhook'];

before(async () => {
  s = await startTestServer();
  token = (await signIn(s.app, 'super@demo.test', DEMO, { code: totpCode() })).token;
});
after(() => s.close());

type Probe = {
  name: string;
  url: (r: ApiRoute) => string | null;
  headers?: Record<string, string>;
  body?: (r: ApiRoute) => unknown;
  message?: RegExp;
};
const PROBES: Probe[] = [
  { name: 'path', url: (r) => (r.url.includes(':') ? fill(r.url, 'a\u0000b') : null) },
  { name: 'query', url: (r) => `${fill(r.url)}?q=${encodeURIComponent('a\u0000b')}` },
  { name: 'query (other control)', url: (r) => `${fill(r.url)}?note=${encodeURIComponent('bell\u0007')}` },
  { name: 'header', url: (r) => fill(r.url), headers: { 'x-note': 'a\u0000b' } },
  {
    name: 'body',
    url: (r) => (takesBody(r.method) ? fill(r.url) : null),
    body: () => ({ name: 'a\u0000b', email: 'x\u0000@demo.test', list: ['ok', 'esc\u001b'] }),
  },
  {
    // every string a client's fields, records, links and items could hold, and a key, each alone
    name: 'body (lone surrogate)',
    url: (r) => (takesBody(r.method) ? fill(r.url) : null),
    body: () => ({ firstName: 'A\ud800', lastName: 'B', name: '\udfff', notes: ['ok', 'x\ud83d'], data: { ['k\udc00']: 1 } }),
    message: SURROGATE_MESSAGE,
  },
];

async function walk(signedIn: boolean) {
  const wrong: string[] = [];
  for (const route of s.app.apiRoutes) {
    for (const probe of PROBES) {
      const url = probe.url(route);
      if (url === null) continue;
      const res = await s.app.inject({
        method: route.method as 'GET',
        url,
        headers: { ...(signedIn ? bearer(token) : {}), ...probe.headers },
        ...(probe.body ? { payload: probe.body(route) as Record<string, unknown> } : {}),
      });
      const unread = !signedIn && !isPublic(route) && !!probe.body && res.statusCode === 401;
      if (unread) continue;
      if (probe.body && RAW_BODY_ROUTES.includes(key(route))) {
        if (res.statusCode >= 500 || res.statusCode < 400) wrong.push(`${key(route)} ${probe.name}: ${res.statusCode}`);
        continue;
      }
      const message = res.headers['content-type']?.toString().includes('json') ? (res.json() as { message?: string }).message : res.body;
      if (res.statusCode !== 400 || !(probe.message ?? CONTROL_MESSAGE).test(message ?? ''))
        wrong.push(`${key(route)} ${probe.name}: ${res.statusCode} ${message}`);
    }
  }
  return wrong;
}

describe('control characters', () => {
  it('finds them in any string of a parsed body, keys too, and lets tabs and new lines be', () => {
    assert.equal(findControlChar({ a: [{ b: 'x\u0000' }] }, 'body'), 'body.a[0].b');
    assert.equal(findControlChar({ ['k\u0001']: 1 }, 'body'), 'body key');
    assert.equal(findControlChar({ note: 'line one\r\n\tline two', n: 3, ok: true, none: null }, 'body'), null);
    assert.equal(findControlChar(Buffer.from([0, 1, 2]), 'body'), null, 'a raw body is not text');
  });

  it('finds lone surrogates, high or low, in strings and keys, and lets pairs be', () => {
    assert.equal(findLoneSurrogate({ a: [{ b: 'A\ud800' }] }, 'body'), 'body.a[0].b');
    assert.equal(findLoneSurrogate({ a: 'x\udc00y' }, 'body'), 'body.a');
    assert.equal(findLoneSurrogate({ a: 'end\ud83d' }, 'body'), 'body.a');
    assert.equal(findLoneSurrogate({ ['k\udfff']: 1 }, 'body'), 'body key');
    assert.equal(findLoneSurrogate({ note: 'a smile \ud83d\ude00, a flag \ud83c\uddfa\ud83c\uddf8', n: 1 }, 'body'), null);
  });

  it('answers 400 on every route, signed in, wherever they are', async () => {
    assert.ok(s.app.apiRoutes.length > 100);
    assert.deepEqual(await walk(true), []);
  });

  it('answers 400 on every route signed out (401 for a body a route without a session never reads)', async () => {
    assert.deepEqual(await walk(false), []);
  });

  it('answers 400 to a NUL in the sign-in email, and to the walk-in of the report', async () => {
    const signInRes = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('owner\u0000@demo.test') },
      payload: { account: DEMO },
    });
    assert.deepEqual([signInRes.statusCode, signInRes.json()], [400, { message: 'Control characters are not allowed (header authorization).' }]);
    const walkIn = await s.app.inject({ method: 'POST', url: '/api/walkins', headers: bearer(token), payload: { name: 'a\u0000b' } });
    assert.deepEqual([walkIn.statusCode, walkIn.json()], [400, { message: 'Control characters are not allowed (body.name).' }]);
  });

  it('answers 400 naming the field to a lone surrogate in a client, its records and its links, and saves nothing', async () => {
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from clients'))[0].n;
    // sent as JSON writes it: the escape "\ud800"
    const created = await s.app.inject({ method: 'POST', url: '/api/clients', headers: bearer(token), payload: { firstName: 'A\ud800', lastName: 'B' } });
    assert.deepEqual([created.statusCode, created.json()], [400, { message: 'Lone UTF-16 surrogates are not allowed (body.firstName).' }]);
    const raw = await s.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"firstName":"Ann","lastName":"Lee","occupation":"\\udc01 nurse"}',
    });
    assert.deepEqual([raw.statusCode, raw.json()], [400, { message: 'Lone UTF-16 surrogates are not allowed (body.occupation).' }]);
    assert.equal((await s.db.query<{ n: number }>('select count(*)::int as n from clients'))[0].n, before);
    const fine = await s.app.inject({ method: 'POST', url: '/api/clients', headers: bearer(token), payload: { firstName: 'Zoë 😀', lastName: 'B' } });
    assert.equal(fine.statusCode, 201, 'a character outside the basic plane, its surrogates paired, is fine');
  });
});
