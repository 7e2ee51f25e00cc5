import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../testing/harness';
import { brokenPromises, grownLock, lockOf, type ApiLock } from './apiLock';

const LOCK_FILE = join(fileURLToPath(new URL('.', import.meta.url)), '../../api-lock.json');

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

describe('the API keeps its word', () => {
  it('every operation and answer field of the lock is still offered, with its type (API_LOCK_UPDATE=1 adds what is new)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const now = lockOf(res.json());
    const lock: ApiLock = existsSync(LOCK_FILE) ? JSON.parse(readFileSync(LOCK_FILE, 'utf8')) : {};
    assert.deepEqual(brokenPromises(lock, now), [], 'a rolled-back remote may still call these: add a new operation beside the old one instead');
    if (process.env.API_LOCK_UPDATE === '1') writeFileSync(LOCK_FILE, `${JSON.stringify(grownLock(lock, now), null, 1)}\n`);
    assert.ok(Object.keys(lock).length > 200, 'the lock holds the released API');
  });

  it('finds an operation gone, an answer gone, a field gone and a field whose type changed, and lets a field allow more', () => {
    const lock: ApiLock = { 'GET /api/a': { '200': { '.': 'object', id: 'string', n: 'number' } }, 'GET /api/b': { '200': {} } };
    const now: ApiLock = { 'GET /api/a': { '200': { '.': 'object', id: 'null|string', n: 'string' } } };
    assert.deepEqual(brokenPromises(lock, now), ['GET /api/a 200: n was number, now string', 'GET /api/b is gone']);
    assert.deepEqual(brokenPromises(lock, { 'GET /api/a': {}, 'GET /api/b': { '200': {} } }), ['GET /api/a no longer answers 200']);
    assert.deepEqual(grownLock(lock, { 'GET /api/c': { '201': { '.': 'object' } } })['GET /api/c'], { '201': { '.': 'object' } });
  });
});
