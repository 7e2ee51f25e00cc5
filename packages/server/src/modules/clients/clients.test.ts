import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ageInYears } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from './testSupport';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
let ownerId: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

before(async () => {
  s = await startTestServer();
  const o = await signIn(s.app, 'owner@demo.test');
  owner = o.token;
  ownerId = o.user.id;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('clients: create, read, update', () => {
  it('creates with 201 and data.id, drops empty fields and normalises formats', async () => {
    const res = await call(owner, 'POST', '/clients', {
      firstName: ' Nora ',
      lastName: 'Quinn',
      email: 'Nora.Quinn@Example.com',
      mobilePhone: '(512) 555-0199',
      phone: '',
      dob: '3/7/1970',
      coFirstName: null,
      gender: 'Female',
      income: 5_500_000,
    });
    assert.equal(res.statusCode, 201);
    const c = res.json();
    assert.match(c.id, /^[0-9a-f-]{36}$/);
    assert.equal(c.firstName, 'Nora');
    assert.equal(c.email, 'nora.quinn@example.com');
    assert.equal(c.mobilePhone, '15125550199');
    assert.equal(c.phone, null);
    assert.equal(c.dob, '**/**/1970', 'the date of birth is sealed: answered masked to its year');
    assert.equal(c.age, ageInYears('03/07/1970'));
    assert.equal((await call(owner, 'POST', `/clients/${c.id}/reveal`, { field: 'dob' })).json().value, '03/07/1970');
    assert.equal(c.income, 5_500_000);
    assert.equal(c.hasDual, false);
    assert.deepEqual(c.doctors, []);
    const got = await call(owner, 'GET', `/clients/${c.id}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json(), c);
  });

  it('updates with 200; an empty string clears a date; managedOn follows managedBy', async () => {
    const c = (await call(owner, 'POST', '/clients', { firstName: 'Upd', lastName: 'Ate', dob: '01/02/1990' })).json();
    const res = await call(owner, 'PUT', `/clients/${c.id}`, { dob: '', managedBy: ownerId, coFirstName: 'Co', coLastName: 'Person', coDOB: '12/31/1991' });
    assert.equal(res.statusCode, 200);
    const u = res.json();
    assert.equal(u.dob, null);
    assert.equal(u.age, null);
    assert.deepEqual([u.coDOB, u.coAge], ['**/**/1991', ageInYears('12/31/1991')]);
    assert.equal(u.managedBy, ownerId);
    assert.ok(Date.now() - Date.parse(u.managedOn) < 60_000);
    assert.equal(u.hasDual, true);
    assert.equal(u.coDOB, '**/**/1991');
    assert.equal(u.firstName, 'Upd', 'fields not sent stay');
  });

  it('applies the self-employed rule', async () => {
    const c = (
      await call(owner, 'POST', '/clients', { firstName: 'Self', occupation: 'Self Employed', employerName: 'Acme', employees: 3, businessType: 'Bakery' })
    ).json();
    assert.deepEqual([c.occupation, c.employerName, c.employees, c.businessType], ['Self Employed', null, 3, 'Bakery']);
    const u = (await call(owner, 'PUT', `/clients/${c.id}`, { occupation: 'Clerk', employerName: 'Acme' })).json();
    assert.deepEqual([u.occupation, u.employerName, u.employees, u.businessType], ['Clerk', 'Acme', null, null]);
  });

  it('keeps the referral fields with their as-sent spellings', async () => {
    const referrer = (await call(owner, 'POST', '/clients', { firstName: 'Ref', lastName: 'Errer', coFirstName: 'Co', coLastName: 'Errer' })).json();
    const c = (
      await call(owner, 'POST', '/clients', {
        firstName: 'Referred',
        affliateVia: 'Referral',
        affliateContact: referrer.id,
        affliateContactLevel: 'secondary',
        aflliateOn: '02/03/2025',
      })
    ).json();
    assert.deepEqual([c.affliateVia, c.affliateContact, c.affliateContactLevel, c.aflliateOn], ['Referral', referrer.id, 'secondary', '02/03/2025']);
    const full = (await call(owner, 'GET', `/clients/${c.id}/full`)).json();
    assert.deepEqual(full.summary.referredBy, { id: referrer.id, name: 'Co Errer', level: 'secondary' });
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const before = (await call(owner, 'GET', '/clients?limit=1')).json().total;
    const cases: Array<[unknown, RegExp]> = [
      [{ firstName: 'Bad', dob: '02/30/1980' }, /MM\/dd\/yyyy/],
      [{ firstName: 'Bad', gender: 'Robot' }, /Gender must be one of/],
      [{ firstName: 'Bad', mobilePhone: '12' }, /10 or 11 digits/],
      [{ firstName: 'Bad', email: 'not-an-email' }, /valid email/],
      [{ firstName: 'Bad', ssn: '12-34' }, /SSN/],
      [{ firstName: 'Bad', income: 12.5 }, /cents/],
      [{ firstName: 'x'.repeat(101) }, /at most 100/],
      [{ firstName: 'Bad', managedBy: '00000000-0000-4000-9000-000000000007' }, /user of this account/],
      [{ firstName: 'Bad', affliateContact: '00000000-0000-4000-8000-0000000000ff' }, /contact of this account/],
    ];
    for (const [payload, message] of cases) {
      const res = await call(owner, 'POST', '/clients', payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.match(res.json().message, message);
    }
    assert.equal((await call(owner, 'GET', '/clients?limit=1')).json().total, before);
  });

  it('links an SMS room to the new client in the same write, or writes nothing', async () => {
    const room = '11111111-1111-4111-8111-111111111111';
    await s.db.query('insert into sms_rooms (id, account_id, phone_number) values ($1, $2, $3)', [room, DEMO, '15125550777']);
    const c = (await call(owner, 'POST', '/clients', { firstName: 'From', lastName: 'Room', mobilePhone: '15125550777', room })).json();
    const rooms = (await call(owner, 'GET', `/clients/${c.id}/rooms`)).json();
    assert.deepEqual(rooms, [{ id: room, phoneNumber: '15125550777', client: c.id }]);
    const missing = await call(owner, 'POST', '/clients', { firstName: 'No', lastName: 'Room', room: '22222222-2222-4222-8222-222222222222' });
    assert.equal(missing.statusCode, 404);
    const found = (await call(owner, 'GET', '/clients?search=no%20room')).json();
    assert.equal(found.total, 0, 'the client was not half-saved');
  });

  it('warns of duplicates by mobile phone or email', async () => {
    const dup = (await call(owner, 'GET', '/clients/duplicates?mobilePhone=512-555-0142')).json();
    assert.equal(dup.matches.length, 1);
    assert.equal(dup.matches[0].name, 'James Carter');
    assert.equal(dup.matches[0].matchedOn, 'mobilePhone');
    const co = (await call(owner, 'GET', '/clients/duplicates?email=LINDA.carter@example.com')).json();
    assert.deepEqual(
      co.matches.map((m: { name: string; level: string }) => [m.name, m.level]),
      [['Linda Carter', 'secondary']],
    );
    const none = (await call(owner, 'GET', '/clients/duplicates?mobilePhone=15125550000')).json();
    assert.deepEqual(none.matches, []);
  });
});

describe('clients: delete', () => {
  it('deleting a primary with a secondary promotes the secondary', async () => {
    const c = (
      await call(owner, 'POST', '/clients', {
        firstName: 'Prim',
        lastName: 'Ary',
        email: 'prim@example.com',
        ssn: '111-22-3333',
        dob: '01/01/1960',
        coFirstName: 'Sec',
        coLastName: 'Ondary',
        coEmail: 'sec@example.com',
        coMobilePhone: '15125550901',
        coSSN: '444556666',
        coDOB: '02/02/1962',
        coStatus: 'Married',
        householdGrossIncome: 100,
      })
    ).json();
    const res = await call(owner, 'DELETE', `/clients/${c.id}`);
    assert.equal(res.statusCode, 200);
    const { message, client } = res.json();
    assert.equal(message, 'Primary removed');
    assert.deepEqual(
      [client.firstName, client.lastName, client.email, client.mobilePhone, client.dob, client.status, client.ssn],
      ['Sec', 'Ondary', 'sec@example.com', '15125550901', '**/**/1962', 'Married', '***-**-6666'],
    );
    assert.deepEqual([client.coFirstName, client.coEmail, client.coSSN, client.coDOB, client.hasDual], [null, null, null, null, false]);
    assert.equal(client.householdGrossIncome, 100, 'household fields stay');
    const reveal = (await call(owner, 'POST', `/clients/${c.id}/reveal`, { field: 'ssn' })).json();
    assert.equal(reveal.value, '444-55-6666');
    assert.equal(
      (await call(owner, 'POST', `/clients/${c.id}/reveal`, { field: 'dob' })).json().value,
      '02/02/1962',
      'the sealed birth date moved with the person',
    );
  });

  it('deleting a secondary clears its co fields', async () => {
    const c = (
      await call(owner, 'POST', '/clients', { firstName: 'Keep', lastName: 'Me', coFirstName: 'Drop', coLastName: 'Me', coSSN: '123-45-6789' })
    ).json();
    const res = (await call(owner, 'DELETE', `/clients/${c.id}?level=secondary`)).json();
    assert.equal(res.message, 'Secondary removed');
    assert.deepEqual([res.client.firstName, res.client.coFirstName, res.client.coSSN, res.client.hasDual], ['Keep', null, null, false]);
    const [row] = await s.db.query<{ co_ssn_enc: string | null }>('select co_ssn_enc from clients where id = $1', [c.id]);
    assert.equal(row.co_ssn_enc, null);
    assert.equal((await call(owner, 'DELETE', `/clients/${c.id}?level=secondary`)).statusCode, 400);
  });

  it('deleting a single client removes it and everything it holds', async () => {
    const c = (await call(owner, 'POST', '/clients', { firstName: 'Gone', lastName: 'Soon' })).json();
    await call(owner, 'POST', `/clients/${c.id}/addresses`, { type: 'Physical', city: 'Austin' });
    await call(owner, 'POST', `/clients/${c.id}/activity`, { note: 'hello' });
    const res = (await call(owner, 'DELETE', `/clients/${c.id}`)).json();
    assert.deepEqual(res, { message: 'Client removed', client: null });
    assert.equal((await call(owner, 'GET', `/clients/${c.id}`)).statusCode, 404);
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from client_records where client_id = $1', [c.id]);
    assert.equal(n, 0);
  });
});

describe('clients: sensitive data', () => {
  it('keeps SSNs sealed at rest, masked in answers, revealed on request with an activity entry', async () => {
    const c = (
      await call(owner, 'POST', '/clients', { firstName: 'Secret', lastName: 'Keeper', ssn: '987-65-4321', coFirstName: 'Co', coSSN: '123456789' })
    ).json();
    assert.equal(c.ssn, '***-**-4321');
    assert.equal(c.coSSN, '***-**-6789');
    const [row] = await s.db.query<{ ssn_enc: string; co_ssn_enc: string; data: unknown }>('select ssn_enc, co_ssn_enc, data from clients where id = $1', [
      c.id,
    ]);
    assert.ok(row.ssn_enc.startsWith('v2:'));
    assert.ok(!row.ssn_enc.includes('987') && !row.ssn_enc.includes('4321'));
    assert.ok(!JSON.stringify(row.data).includes('987-65'), 'the plain value is nowhere in the row');
    const list = (await call(owner, 'GET', '/clients?search=keeper')).json();
    assert.ok(!JSON.stringify(list).includes('987-65'));
    // a masked value sent back means unchanged
    await call(owner, 'PUT', `/clients/${c.id}`, { ssn: '***-**-4321', firstName: 'Secret2' });
    const reveal = await call(employee, 'POST', `/clients/${c.id}/reveal`, { field: 'ssn' });
    assert.equal(reveal.statusCode, 200);
    assert.equal(reveal.json().value, '987-65-4321');
    const feed = (await call(owner, 'GET', `/clients/${c.id}/activity?limit=5`)).json();
    assert.equal(feed[0].type, 'system');
    assert.equal(feed[0].note, 'Emma Ellis revealed the SSN of the primary');
  });
});

describe('clients: the list', () => {
  it('searches names, preferred and co names, company, email and phones in any format', async () => {
    const search = async (term: string) =>
      (await call(owner, 'GET', `/clients?search=${encodeURIComponent(term)}`))
        .json()
        .items.map((i: { firstName: string | null; companyName: string | null }) => i.firstName ?? i.companyName);
    assert.deepEqual(await search('carter'), ['James']);
    assert.deepEqual(await search('lind'), ['James'], 'co-applicant first name');
    assert.deepEqual(await search('mari'), ['Maria'], 'preferred first name');
    assert.deepEqual(await search('plumbing'), ['Robert'], 'company');
    assert.deepEqual(await search('aisha.patel@'), ['Aisha'], 'email');
    assert.deepEqual(await search('+1 (512) 555-0142'), ['James'], 'phone with punctuation');
    assert.deepEqual(await search('5125550143'), ['James'], 'co mobile, 10 digits');
    assert.deepEqual(await search('0187'), ['Maria'], 'last four');
    assert.deepEqual(await search('james cart'), ['James'], 'two words');
    assert.deepEqual(await search('olga'), [], 'another account is never searched');
    const singles = (await call(owner, 'GET', '/clients?search=carter&single=true')).json();
    assert.deepEqual(singles.items, [], 'James Carter has a co-applicant: not a merge target');
    assert.equal((await call(owner, 'GET', '/clients?search=gonzalez&single=true')).json().total, 1);
  });

  it('pages by keyset in name order and jumps by letter', async () => {
    for (const n of ['Zed', 'Zara', 'Zoe', 'Zack', 'Zin']) await call(owner, 'POST', '/clients', { firstName: n, lastName: 'Letter' });
    const first = (await call(owner, 'GET', '/clients?letter=z&limit=2')).json();
    assert.equal(first.total, 5);
    assert.deepEqual(
      first.items.map((i: { firstName: string }) => i.firstName),
      ['Zack', 'Zara'],
    );
    assert.ok(first.nextCursor);
    const second = (await call(owner, 'GET', `/clients?letter=z&limit=2&after=${first.nextCursor}`)).json();
    assert.equal(second.total, null);
    assert.deepEqual(
      second.items.map((i: { firstName: string }) => i.firstName),
      ['Zed', 'Zin'],
    );
    const third = (await call(owner, 'GET', `/clients?letter=z&limit=2&after=${second.nextCursor}`)).json();
    assert.deepEqual(
      third.items.map((i: { firstName: string }) => i.firstName),
      ['Zoe'],
    );
    assert.equal(third.nextCursor, null);
    const letters = (await call(owner, 'GET', '/clients/letters')).json();
    assert.equal(letters.counts.z, 5);
    assert.equal(letters.counts.j >= 1, true);
    const hash = (await call(owner, 'POST', '/clients', { firstName: '4th Street', lastName: 'Deli' })).json();
    const numbers = (await call(owner, 'GET', '/clients?letter=%23')).json();
    assert.ok(numbers.items.some((i: { id: string }) => i.id === hash.id));
    assert.equal((await call(owner, 'GET', '/clients?after=garbage')).statusCode, 400);
    const middle = (await call(owner, 'GET', '/clients?letter=z&limit=2&offset=2')).json();
    assert.deepEqual(
      middle.items.map((i: { firstName: string }) => i.firstName),
      ['Zed', 'Zin'],
      'offset reaches the middle of a letter',
    );
    assert.equal(middle.total, 5);
    const rest = (await call(owner, 'GET', `/clients?letter=z&limit=2&after=${middle.nextCursor}`)).json();
    assert.deepEqual(
      rest.items.map((i: { firstName: string }) => i.firstName),
      ['Zoe'],
    );
  });

  it('keeps the letter counts and the total right through renames, promotions and deletes', async () => {
    const counts = async () => (await call(owner, 'GET', '/clients/letters')).json();
    const before = await counts();
    const c = (await call(owner, 'POST', '/clients', { firstName: 'Yolanda', lastName: 'Young', coFirstName: 'Xavier', coLastName: 'Young' })).json();
    assert.equal((await counts()).counts.y, before.counts.y + 1);
    await call(owner, 'PUT', `/clients/${c.id}`, { firstName: 'Quentin' });
    let now = await counts();
    assert.deepEqual([now.counts.y, now.counts.q], [before.counts.y, before.counts.q + 1]);
    await call(owner, 'DELETE', `/clients/${c.id}`); // Xavier is promoted
    now = await counts();
    assert.deepEqual([now.counts.q, now.counts.x], [before.counts.q, before.counts.x + 1]);
    await call(owner, 'DELETE', `/clients/${c.id}`);
    now = await counts();
    assert.deepEqual(now.counts, before.counts);
    assert.equal(now.total, (await call(owner, 'GET', '/clients?limit=1')).json().total);
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from clients where account_id = $1', [DEMO]);
    assert.equal(now.total, n);
  });

  it('pages a search by keyset across several pages, each row once', async () => {
    for (let i = 0; i < 7; i++) await call(owner, 'POST', '/clients', { firstName: `Pager${i}`, lastName: 'Searchable', mobilePhone: `1737555010${i}` });
    const seen: string[] = [];
    let after: string | null = null;
    let total: number | null = null;
    do {
      const page: { items: Array<{ firstName: string }>; total: number | null; nextCursor: string | null } = (
        await call(owner, 'GET', `/clients?search=searchable%20pag&limit=3${after ? `&after=${after}` : ''}`)
      ).json();
      if (total === null) total = page.total;
      seen.push(...page.items.map((i) => i.firstName));
      after = page.nextCursor;
    } while (after);
    assert.equal(total, 7);
    assert.deepEqual(seen, ['Pager0', 'Pager1', 'Pager2', 'Pager3', 'Pager4', 'Pager5', 'Pager6']);
    const byPhone = (await call(owner, 'GET', '/clients?search=(737)%20555-0103')).json();
    assert.deepEqual(
      byPhone.items.map((i: { firstName: string }) => i.firstName),
      ['Pager3'],
    );
  });

  it('filters favorites of the signed-in user', async () => {
    const [james] = (await call(owner, 'GET', '/clients?search=james%20carter')).json().items;
    assert.equal((await call(owner, 'POST', `/users/${ownerId}/favorites/client/${james.id}`)).json().isFavorite, true);
    const favs = (await call(owner, 'GET', '/clients?favorites=true')).json();
    assert.deepEqual(
      favs.items.map((i: { id: string; isFavorite: boolean }) => [i.id, i.isFavorite]),
      [[james.id, true]],
    );
    assert.deepEqual((await call(employee, 'GET', '/clients?favorites=true')).json().items, [], 'favorites are per user');
    assert.deepEqual((await call(owner, 'GET', `/users/${ownerId}/favorites/client`)).json().clientIds, [james.id]);
    assert.equal((await call(employee, 'GET', `/users/${ownerId}/favorites/client`)).statusCode, 403);
    assert.equal((await call(owner, 'DELETE', `/users/${ownerId}/favorites/client/${james.id}`)).json().isFavorite, false);
    assert.equal((await call(owner, 'GET', `/users/${ownerId}/favorites/client/${james.id}`)).json().isFavorite, false);
  });
});

describe('clients: another account', () => {
  it("refuses another account's token on every client route", async () => {
    const [james] = (await call(owner, 'GET', '/clients?search=james%20carter')).json().items;
    const full = (await call(owner, 'GET', `/clients/${james.id}/full`)).json();
    const addressId = full.addresses[0].id;
    const attempts: Array<[Parameters<typeof call>[1], string, unknown?]> = [
      ['GET', `/clients/${james.id}`],
      ['GET', `/clients/${james.id}/full`],
      ['PUT', `/clients/${james.id}`, { firstName: 'Hacked' }],
      ['DELETE', `/clients/${james.id}`],
      ['POST', `/clients/${james.id}/reveal`, { field: 'ssn' }],
      ['GET', `/clients/${james.id}/rooms`],
      ['PUT', `/clients/${james.id}/split`, { type: 'secondary' }],
      ['GET', `/clients/${james.id}/addresses`],
      ['PUT', `/clients/${james.id}/addresses/${addressId}`, { city: 'Nowhere' }],
      ['DELETE', `/clients/${james.id}/addresses/${addressId}`],
      ['POST', `/clients/${james.id}/policies`, { type: 'Auto' }],
      ['GET', `/clients/${james.id}/activity`],
      ['POST', `/clients/${james.id}/activity`, { note: 'x' }],
      ['GET', `/clients/${james.id}/tags`],
      ['GET', `/followups/client/${james.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(other, method, url, payload);
      assert.ok([403, 404].includes(res.statusCode), `${method} ${url} answered ${res.statusCode}`);
    }
    const mine = (await call(other, 'GET', '/clients')).json();
    assert.deepEqual(
      mine.items.map((i: { firstName: string }) => i.firstName),
      ['Olga'],
    );
    const still = (await call(owner, 'GET', `/clients/${james.id}/full`)).json();
    assert.equal(still.client.firstName, 'James');
    assert.equal(still.addresses.length, 2);
    const merge = await call(other, 'PUT', `/clients/${mine.items[0].id}/mergeWith/${james.id}`, { mergeAs: 'secondary' });
    assert.equal(merge.statusCode, 404);
  });
});
