import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../../testing/harness';
import { signInSecond } from '../testSupport';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
let clientId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const PNG = 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvAAAAAAfQ//73v/+BiOh/AAA=';

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
  clientId = (await call('POST', '/clients', { firstName: 'Act', lastName: 'Ivity' })).json().id;
});
after(() => s.close());

describe('activity', () => {
  it("answers an empty feed, then notes with their author; a note marks the client's last contact", async () => {
    assert.deepEqual((await call('GET', `/clients/${clientId}/activity`)).json(), []);
    const res = await call('POST', `/clients/${clientId}/activity`, { type: 'note', note: 'Called about renewal', isSticky: true, image: PNG, thumbnail: PNG });
    assert.equal(res.statusCode, 201);
    const a = res.json();
    assert.deepEqual([a.type, a.note, a.isSticky, a.image, a.user.firstName], ['note', 'Called about renewal', true, PNG, 'Olivia']);
    const full = (await call('GET', `/clients/${clientId}/full`)).json();
    assert.ok(Date.now() - Date.parse(full.summary.lastContact) < 60_000);
    assert.deepEqual(
      full.stickies.map((x: { id: string }) => x.id),
      [a.id],
    );
  });

  it('pages by createdAt with prior and after, newest first by default', async () => {
    for (let i = 1; i <= 7; i++) await call('POST', `/clients/${clientId}/activity`, { note: `n${i}` });
    const page1 = (await call('GET', `/clients/${clientId}/activity?limit=5`)).json();
    assert.deepEqual(
      page1.map((x: { note: string }) => x.note),
      ['n7', 'n6', 'n5', 'n4', 'n3'],
    );
    const page2 = (await call('GET', `/clients/${clientId}/activity?limit=5&prior=${encodeURIComponent(page1.at(-1).createdAt)}`)).json();
    assert.deepEqual(
      page2.map((x: { note: string }) => x.note),
      ['n2', 'n1', 'Called about renewal'],
    );
    const newer = (await call('GET', `/clients/${clientId}/activity?limit=2&sort=createdAt&after=${encodeURIComponent(page2[0].createdAt)}`)).json();
    assert.deepEqual(
      newer.map((x: { note: string }) => x.note),
      ['n3', 'n4'],
    );
    assert.equal((await call('GET', `/clients/${clientId}/activity?limit=51`)).statusCode, 400);
    assert.equal((await call('GET', `/clients/${clientId}/activity?prior=yesterday`)).statusCode, 400);
  });

  it('lets only the author edit or delete a note, within a day; anyone may unstick', async () => {
    const note = (await call('POST', `/clients/${clientId}/activity`, { note: 'mine', isSticky: true })).json();
    const byOther = await call('PUT', `/clients/${clientId}/activity/${note.id}`, { note: 'theirs' }, employee);
    assert.equal(byOther.statusCode, 403);
    assert.equal(byOther.json().message, 'Only the author can change or delete a note');
    const unstuck = await call('PUT', `/clients/${clientId}/activity/${note.id}`, { isSticky: false }, employee);
    assert.equal(unstuck.statusCode, 200);
    assert.equal(unstuck.json().isSticky, false);
    const edited = (await call('PUT', `/clients/${clientId}/activity/${note.id}`, { note: 'mine, edited' })).json();
    assert.equal(edited.note, 'mine, edited');
    await s.db.query(`update client_activity set created_at = now() - interval '25 hours' where id = $1`, [note.id]);
    const late = await call('PUT', `/clients/${clientId}/activity/${note.id}`, { note: 'too late' });
    assert.equal(late.statusCode, 403);
    assert.equal(late.json().message, 'Notes can only be changed or deleted within a day of writing them');
    assert.equal((await call('DELETE', `/clients/${clientId}/activity/${note.id}`)).statusCode, 403);
    const fresh = (await call('POST', `/clients/${clientId}/activity`, { note: 'delete me' })).json();
    assert.equal((await call('DELETE', `/clients/${clientId}/activity/${fresh.id}`, undefined, employee)).statusCode, 403);
    assert.deepEqual((await call('DELETE', `/clients/${clientId}/activity/${fresh.id}`)).json(), { message: 'Note Removed' });
  });

  it('refuses oversize notes, foreign images and other accounts', async () => {
    assert.match((await call('POST', `/clients/${clientId}/activity`, { note: 'x'.repeat(5001) })).json().message, /at most 5000/);
    assert.equal((await call('POST', `/clients/${clientId}/activity`, { note: '' })).statusCode, 400);
    assert.match(
      (await call('POST', `/clients/${clientId}/activity`, { note: 'img', image: 'data:text/html;base64,PGI+' })).json().message,
      /WEBP, PNG or JPEG/,
    );
    assert.equal((await call('POST', `/clients/${clientId}/activity`, { note: 'call', type: 'phone' })).statusCode, 400);
    const [a] = (await call('GET', `/clients/${clientId}/activity?limit=1`)).json();
    assert.equal((await call('GET', `/clients/${clientId}/activity`, undefined, other)).statusCode, 404);
    assert.equal((await call('GET', `/clients/${clientId}/activity/stickies`, undefined, other)).statusCode, 404);
    assert.equal((await call('PUT', `/clients/${clientId}/activity/${a.id}`, { isSticky: true }, other)).statusCode, 404);
    assert.equal((await call('DELETE', `/clients/${clientId}/activity/${a.id}`, undefined, other)).statusCode, 404);
  });
});
