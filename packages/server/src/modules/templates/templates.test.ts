import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';

let s: TestServer;
let owner: string;
let admin: string;
let employee: string;
let employee2: string;
let other: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const names = async (token = owner) =>
  (await call('GET', '/templates/message', undefined, token)).json().map((t: { name: string; group: string }) => `${t.name} (${t.group})`);

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  admin = (await signIn(s.app, 'admin@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  employee2 = (await signIn(s.app, 'employee2@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('message templates', () => {
  it('lists the seeded team templates by name to every user; other formats are empty; unknown formats are refused', async () => {
    assert.deepEqual(await names(employee), ['Policy Renewal Reminder (team)', 'Welcome (team)']);
    const [first] = (await call('GET', '/templates/message', undefined, employee)).json();
    assert.equal(first.format, 'message');
    assert.equal(first.userId, null);
    assert.match(first.template, /\{\{firstName\}\}/);
    assert.deepEqual((await call('GET', '/templates/email')).json(), []);
    assert.equal((await call('GET', '/templates/fax')).statusCode, 400);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/templates/message' })).statusCode, 401);
  });

  it('admins create, update and delete team templates; employees may not', async () => {
    const body = { name: 'Birthday', template: 'Happy birthday {{firstName}}!', group: 'team', format: 'message' };
    assert.equal((await call('POST', '/templates/message', body, employee)).statusCode, 403);
    const res = await call('POST', '/templates/message', body, admin);
    assert.equal(res.statusCode, 201);
    const t = res.json();
    assert.deepEqual([t.name, t.group, t.format, t.userId], ['Birthday', 'team', 'message', null]);
    assert.ok((await names(employee)).includes('Birthday (team)'));
    assert.equal((await call('PUT', `/templates/${t.id}`, { name: 'Mine now' }, employee)).statusCode, 403);
    assert.equal((await call('DELETE', `/templates/${t.id}`, undefined, employee)).statusCode, 403);
    const updated = (await call('PUT', `/templates/${t.id}`, { template: 'Happy birthday, {{firstName}} {{lastName}}!' })).json();
    assert.deepEqual([updated.name, updated.template], ['Birthday', 'Happy birthday, {{firstName}} {{lastName}}!']);
    assert.equal((await call('POST', '/templates/message', { ...body, name: 'birthday' })).statusCode, 409);
    assert.deepEqual((await call('DELETE', `/templates/${t.id}`)).json(), { message: 'Template Deleted' });
    assert.equal((await call('DELETE', `/templates/${t.id}`)).statusCode, 404);
  });

  it('personal templates are their author’s alone', async () => {
    const res = await call('POST', '/templates/message', { name: 'My follow up', template: 'Hi {{contact}}, just checking in.' }, employee);
    assert.equal(res.statusCode, 201);
    const mine = res.json();
    assert.equal(mine.group, 'personal', 'personal is the default group');
    assert.ok((await names(employee)).includes('My follow up (personal)'));
    assert.ok(!(await names(employee2)).includes('My follow up (personal)'));
    assert.ok(!(await names(owner)).includes('My follow up (personal)'));
    assert.equal((await call('PUT', `/templates/${mine.id}`, { name: 'Taken' }, employee2)).statusCode, 404);
    assert.equal((await call('DELETE', `/templates/${mine.id}`, undefined, owner)).statusCode, 404);
    // the same name is fine for someone else's personal template and for the team
    assert.equal((await call('POST', '/templates/message', { name: 'My follow up', template: 'x' }, employee2)).statusCode, 201);
    assert.equal((await call('PUT', `/templates/${mine.id}`, { name: 'Checking in' }, employee)).json().name, 'Checking in');
    assert.equal((await call('DELETE', `/templates/${mine.id}`, undefined, employee)).statusCode, 200);
  });

  it('validates names, text, placeholders and format', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ name: '', template: 'x' }, /Template name is required/],
      [{ name: 'x'.repeat(61), template: 'x' }, /at most 60 characters/],
      [{ name: 'Empty', template: '   ' }, /Template text is required/],
      [{ name: 'Long', template: 'x'.repeat(1531) }, /at most 1530 characters/],
      [{ name: 'Unknown', template: 'Hi {{ssn}} and {{firstName}}' }, /Unknown placeholder: \{\{ssn\}\}/],
      [{ name: 'Group', template: 'x', group: 'everyone' }, /expected one of "team"\|"personal"/],
      [{ name: 'Format', template: 'x', format: 'email' }, /format must be message/],
    ];
    for (const [body, message] of bad) {
      const res = await call('POST', '/templates/message', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.json().message, message, JSON.stringify(body));
    }
    const [welcome] = (await call('GET', '/templates/message')).json().filter((t: { name: string }) => t.name === 'Welcome');
    assert.equal((await call('PUT', `/templates/${welcome.id}`, { template: '{{ unknown }}' })).statusCode, 400);
    assert.equal((await call('PUT', '/templates/not-an-id', { name: 'x' })).statusCode, 404);
  });

  it("keeps other accounts' templates apart", async () => {
    assert.deepEqual((await call('GET', '/templates/message', undefined, other)).json(), []);
    const [welcome] = (await call('GET', '/templates/message')).json().filter((t: { name: string }) => t.name === 'Welcome');
    assert.equal((await call('PUT', `/templates/${welcome.id}`, { name: 'Theirs' }, other)).statusCode, 404);
    assert.equal((await call('DELETE', `/templates/${welcome.id}`, undefined, other)).statusCode, 404);
    const theirs = (await call('POST', '/templates/message', { name: 'Welcome', template: 'Hello {{firstName}}', group: 'team' }, other)).json();
    assert.equal(theirs.name, 'Welcome', 'names are unique per account only');
    assert.deepEqual(await names(), ['Policy Renewal Reminder (team)', 'Welcome (team)']);
  });
});
