import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const dynamic = (q: unknown) => ({ mongodb: JSON.stringify(q), isValid: true });
const yearsAgo = (n: number) => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(Math.min(d.getDate(), 28)).padStart(2, '0')}/${d.getFullYear() - n}`;
};
const members = async (tagId: string) =>
  (await call('GET', `/tags/${tagId}/assigned?limit=500`))
    .json()
    .items.map((i: { firstName: string }) => i.firstName)
    .sort();
const tagCount = async (tagId: string) => (await call('GET', '/tags?limit=500')).json().find((t: { id: string }) => t.id === tagId).assigned;

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('tags', () => {
  it('lists the account tags sorted by name with assigned counts, as seeded', async () => {
    const tags = (await call('GET', '/tags?sort=name&limit=100')).json();
    assert.deepEqual(
      tags.map((t: { name: string; format: string }) => [t.name, t.format]),
      [
        ['Seniors', 'dynamic'],
        ['Texas', 'dynamic'],
        ['VIP', 'simple'],
      ],
    );
    assert.equal(tags.find((t: { name: string }) => t.name === 'VIP').assigned, 1);
    const texas = tags.find((t: { name: string }) => t.name === 'Texas');
    assert.deepEqual(await members(texas.id), ['James', 'Maria']);
    assert.equal(texas.assigned, 2);
    const seniors = tags.find((t: { name: string }) => t.name === 'Seniors');
    assert.deepEqual(await members(seniors.id), ['James', 'Walter']);
  });

  it('static tags: assign and remove on a client; counts and the tag tab agree', async () => {
    const tag = (await call('POST', '/tags', { name: 'Golfers', description: 'Plays golf' })).json();
    assert.deepEqual([tag.format, tag.assigned, tag.queryObj], ['simple', 0, null]);
    const c = (await call('POST', '/clients', { firstName: 'Greg', lastName: 'Green' })).json();
    const assigned = (await call('PUT', `/clients/${c.id}/tags`, { tags: [{ id: tag.id, isActive: true }] })).json();
    assert.deepEqual(
      assigned.map((t: { name: string; isActive: boolean }) => [t.name, t.isActive]),
      [['Golfers', true]],
    );
    assert.equal(await tagCount(tag.id), 1);
    assert.deepEqual(await members(tag.id), ['Greg']);
    const list = (await call('GET', `/clients?tag=${tag.id}`)).json();
    assert.equal(list.total, 1);
    await call('PUT', `/clients/${c.id}/tags`, { tags: [{ id: tag.id, isActive: false }] });
    assert.equal(await tagCount(tag.id), 0);
    assert.deepEqual((await call('GET', `/clients/${c.id}/tags`)).json(), []);
  });

  it('dynamic tags: membership follows the query after any client change, and a client may opt out', async () => {
    const tag = (
      await call('POST', '/tags', {
        name: 'Austin seniors',
        queryObj: dynamic({ $and: [{ age: { $gte: 65 } }, { 'addresses.city': { $regex: '^austin$', $options: 'i' } }] }),
      })
    ).json();
    assert.equal(tag.format, 'dynamic');
    const c = (await call('POST', '/clients', { firstName: 'Harold', lastName: 'Old', dob: yearsAgo(70) })).json();
    assert.deepEqual(await members(tag.id), ['James'], 'James Carter (born 1958, Austin) matches; Harold has no address yet');
    const addr = (await call('POST', `/clients/${c.id}/addresses`, { type: 'Physical', city: 'Austin', state: 'TX' })).json();
    assert.deepEqual(await members(tag.id), ['Harold', 'James']);
    assert.equal(await tagCount(tag.id), 2);
    const onClient = (await call('GET', `/clients/${c.id}/tags`)).json();
    assert.ok(onClient.some((t: { id: string; isActive: boolean; matches: boolean }) => t.id === tag.id && t.isActive && t.matches));
    // the client changes: younger now
    await call('PUT', `/clients/${c.id}`, { dob: yearsAgo(40) });
    assert.deepEqual(await members(tag.id), ['James']);
    await call('PUT', `/clients/${c.id}`, { dob: yearsAgo(80) });
    assert.deepEqual(await members(tag.id), ['Harold', 'James']);
    // opt out, then back in
    await call('PUT', `/clients/${c.id}/tags`, { tags: [{ id: tag.id, isActive: false }] });
    assert.deepEqual(await members(tag.id), ['James']);
    const optedOut = (await call('GET', `/clients/${c.id}/tags`)).json().find((t: { id: string }) => t.id === tag.id);
    assert.deepEqual([optedOut.isActive, optedOut.matches], [false, true]);
    await call('PUT', `/clients/${c.id}/tags`, { tags: [{ id: tag.id, isActive: true }] });
    assert.deepEqual(await members(tag.id), ['Harold', 'James']);
    // the address moves away
    await call('PUT', `/clients/${c.id}/addresses/${addr.id}`, { city: 'Dallas' });
    assert.deepEqual(await members(tag.id), ['James']);
    // pausing the tag
    const paused = await call('PUT', `/tags/${tag.id}`, { isActive: false });
    assert.equal(paused.statusCode, 200, paused.body);
    assert.equal(await tagCount(tag.id), 0);
  });

  it('understands the operators the query builder writes', async () => {
    const SEEDED = ['James', 'Maria', 'Robert', 'Aisha', 'Walter'];
    const cases: Array<[unknown, string[]]> = [
      [{ firstName: 'james' }, ['James']],
      [{ lastName: { $in: ['Gonzalez', 'Chen'] } }, ['Maria', 'Robert']],
      [{ companyName: { $exists: true }, firstName: { $ne: null } }, ['Robert']],
      [{ 'policies.type': 'Health' }, ['Maria']],
      [{ 'policies.company': { $nin: ['State Farm', 'Allstate', 'Blue Cross', 'Progressive'] }, firstName: { $regex: '^[A-Z]' } }, ['Aisha', 'Walter']],
      [{ $or: [{ occupation: 'Nurse' }, { militaryStatus: 'Past' }] }, ['James', 'Maria', 'Walter']],
      [{ dob: { $lt: '1960-01-01' } }, ['James', 'Walter']],
      [{ dob: { $gte: '01/01/1990' } }, ['Aisha']],
      [{ affliateVia: 'Referral', aflliateOn: { $gte: '2025-01-01' } }, ['Maria']],
      [{ 'tags.name': 'VIP' }, ['James']],
      [{ lengthOfService: { $lte: 1 }, firstName: { $regex: 'ert' } }, ['Robert']],
      [{ firstName: { $not: { $regex: '^[AJMR]' } }, companyName: { $exists: false } }, ['Walter']],
      [{ addresses: { $elemMatch: { type: 'Mailing', state: 'TX' } } }, ['James']],
      [{ $nor: [{ firstName: { $exists: true } }] }, []],
    ];
    for (const [q, expected] of cases) {
      const res = await call('POST', '/tags', { name: `q${Math.random().toString(36).slice(2)}`, queryObj: dynamic(q) });
      assert.equal(res.statusCode, 201, `${JSON.stringify(q)}: ${res.body}`);
      // the seeded households only (earlier tests add clients of their own)
      const got = (await members(res.json().id)).filter((n: string | null) => SEEDED.includes(n as string));
      assert.deepEqual(got, expected.sort(), JSON.stringify(q));
      await call('DELETE', `/tags/${res.json().id}`);
    }
  });

  it('counts ages to the day, on both sides of a birthday', async () => {
    const today = new Date();
    const born = (years: number, dayShift: number) => {
      const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + dayShift));
      return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    };
    await call('POST', '/clients', { firstName: 'Turns65Today', dob: born(65, 0) });
    await call('POST', '/clients', { firstName: 'Turns65Tomorrow', dob: born(65, 1) });
    const ask = async (q: unknown) => {
      const tag = (await call('POST', '/tags', { name: `age${Math.random().toString(36).slice(2)}`, queryObj: dynamic(q) })).json();
      const names = (await members(tag.id)).filter((n: string) => n.startsWith('Turns65'));
      await call('DELETE', `/tags/${tag.id}`);
      return names;
    };
    assert.deepEqual(await ask({ age: { $gte: 65 } }), ['Turns65Today']);
    assert.deepEqual(await ask({ age: { $lt: 65 } }), ['Turns65Tomorrow']);
    assert.deepEqual(await ask({ age: 64 }), ['Turns65Tomorrow']);
    assert.deepEqual(await ask({ age: { $gt: 64, $lte: 65 } }), ['Turns65Today']);
  });

  it('refuses bad queries, duplicate names, core deletes and non-admins', async () => {
    const bad: Array<[unknown, RegExp]> = [
      ['{not json', /not valid JSON/],
      [{ password: 'x' }, /unknown field password/],
      [{ age: { $where: 'x' } }, /unknown operator \$where/],
      [{ age: { $gte: 'old' } }, /is not a number/],
      [{ dob: { $gt: '31/31/2020' } }, /is not a date/],
      [{ firstName: { $regex: '(' } }, /not a valid pattern/],
      ['{"constructor": "x"}', /unknown field constructor/],
      ['{"__proto__": {"$eq": 1}}', /unknown field __proto__/],
      ['{"policies.constructor": "x"}', /unknown field policies.constructor/],
      ['{"policies": {"$elemMatch": {"toString": "x"}}}', /unknown field toString/],
      [{ firstName: { $regex: '^(a+)+\\1$' } }, /back-references or lookaround/],
      [{ firstName: { $regex: '(?=a)a' } }, /back-references or lookaround/],
    ];
    for (const [q, message] of bad) {
      const res = await call('POST', '/tags', { name: 'Bad', queryObj: { mongodb: typeof q === 'string' ? q : JSON.stringify(q), isValid: true } });
      assert.equal(res.statusCode, 400, JSON.stringify(q));
      assert.match(res.json().message, message);
    }
    assert.equal((await call('POST', '/tags', { name: 'vip' })).statusCode, 409);
    assert.equal((await call('POST', '/tags', { name: 'Emp tag' }, employee)).statusCode, 403);
    const [core] = await s.db.query<{ id: string }>(`update tags set type = 'core' where name = 'VIP' returning id`);
    assert.equal((await call('DELETE', `/tags/${core.id}`)).json().message, 'Core tags cannot be deleted');
  });

  it("keeps other accounts' tags apart", async () => {
    const [vip] = (await call('GET', '/tags')).json().filter((t: { name: string }) => t.name === 'VIP');
    assert.deepEqual((await call('GET', '/tags', undefined, other)).json(), []);
    assert.equal((await call('GET', `/tags/${vip.id}/assigned`, undefined, other)).statusCode, 404);
    assert.equal((await call('PUT', `/tags/${vip.id}`, { name: 'Mine' }, other)).statusCode, 404);
    assert.equal((await call('GET', `/clients?tag=${vip.id}`, undefined, other)).statusCode, 404);
    const [olga] = (await call('GET', '/clients', undefined, other)).json().items;
    assert.equal((await call('PUT', `/clients/${olga.id}/tags`, { tags: [{ id: vip.id, isActive: true }] }, other)).statusCode, 404);
  });
});
