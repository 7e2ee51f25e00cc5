import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import moment from 'moment-timezone';
import type { ReferralAggregate, ReferralRow } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { accountTimezone } from '../campaigns/service';

let s: TestServer;
let employee: string;
let other: string;
let carter: string;
const get = (token: string, url: string) => s.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(employee), payload });

before(async () => {
  s = await startTestServer();
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
  [{ id: carter }] = await s.db.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'lastName' = 'Carter'`, [DEMO]);
});
after(() => s.close());

describe('GET /reporting/affiliate', () => {
  it('lists referred clients, latest referral date first, naming the person who referred', async () => {
    const res = await get(employee, '/reporting/affiliate?view=full&page=1&limit=10');
    assert.equal(res.statusCode, 200);
    const rows: ReferralRow[] = res.json();
    assert.deepEqual(
      rows.map((r) => [r.name, r.affliateVia, r.aflliateOn, r.affliateContact?.name ?? null]),
      [
        ['Maria Gonzalez', 'Referral', '02/10/2025', 'Linda Carter'],
        ['James Carter', 'Google', null, null],
      ],
    );
    assert.deepEqual(rows[0].affliateContact, { id: carter, name: 'Linda Carter', level: 'secondary' });
  });

  it('pages with the offered sizes (1-based) and refuses others', async () => {
    for (let i = 0; i < 6; i++) {
      const created = await post('/clients', {
        firstName: `Ref${i}`,
        lastName: 'Friend',
        affliateVia: 'Facebook',
        affliateContact: carter,
        aflliateOn: `03/0${i + 1}/2025`,
      });
      assert.equal(created.statusCode, 201);
    }
    const page1: ReferralRow[] = (await get(employee, '/reporting/affiliate?view=full&page=1&limit=5')).json();
    const page2: ReferralRow[] = (await get(employee, '/reporting/affiliate?view=full&page=2&limit=5')).json();
    assert.deepEqual(
      page1.map((r) => r.name),
      ['Ref5 Friend', 'Ref4 Friend', 'Ref3 Friend', 'Ref2 Friend', 'Ref1 Friend'],
    );
    assert.deepEqual(
      page2.map((r) => r.name),
      ['Ref0 Friend', 'Maria Gonzalez', 'James Carter'],
    );
    assert.equal(page1[0].affliateContact?.name, 'James Carter');
    assert.deepEqual((await get(employee, '/reporting/affiliate?page=3&limit=5')).json(), []);
    assert.equal((await get(employee, '/reporting/affiliate')).json().length, 8);
    const bad = await get(employee, '/reporting/affiliate?limit=7');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Page size must be 5, 10, 25 or 50');
    assert.equal((await get(employee, '/reporting/affiliate?page=0')).statusCode, 400);
  });

  it("shows another account none of the demo agency's referrals, and nobody signed out", async () => {
    const res = await get(other, '/reporting/affiliate?view=full&page=1&limit=50');
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes('Carter') && !res.body.includes('Gonzalez'));
    const agg = await get(other, '/reporting/affiliate/aggregate');
    assert.ok(!agg.body.includes('Carter'));
    assert.deepEqual(agg.json().topClients, []);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/reporting/affiliate' })).statusCode, 401);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/reporting/affiliate/aggregate' })).statusCode, 401);
  });

  it('a referring contact of another account is never named', async () => {
    const [{ id: foreign }] = await s.db.query<{ id: string }>('select id from clients where account_id <> $1 limit 1', [DEMO]);
    await s.db.query(
      `update clients set data = data || jsonb_build_object('affliateContact', $2::text) where account_id = $1 and data->>'lastName' = 'Gonzalez'`,
      [DEMO, foreign],
    );
    const rows: ReferralRow[] = (await get(employee, '/reporting/affiliate?limit=50')).json();
    assert.equal(rows.find((r) => r.name === 'Maria Gonzalez')?.affliateContact, null);
  });
});

describe('GET /reporting/affiliate/aggregate', () => {
  it('counts referrals by source, all time and this month, and the top referring clients', async () => {
    // the agency's today: "this month" is the account's, whatever the zone of the machine (on the 1st,
    // UTC is a month ahead of New York for some hours)
    const today = moment()
      .tz(await accountTimezone(s.db, DEMO))
      .format('MM/DD/YYYY');
    assert.equal((await post('/clients', { firstName: 'Fresh', lastName: 'Lead', affliateVia: 'Walk-in', aflliateOn: today })).statusCode, 201);
    const res = await get(employee, '/reporting/affiliate/aggregate');
    assert.equal(res.statusCode, 200);
    const agg: ReferralAggregate = res.json();
    assert.deepEqual(agg.allTime, { labels: ['Facebook', 'Google', 'Referral', 'Walk-in'], values: [6, 1, 1, 1] });
    assert.deepEqual(agg.thisMonth, { labels: ['Walk-in'], values: [1] });
    assert.deepEqual(agg.topClients, [{ client: { id: carter, name: 'James Carter' }, count: 6 }]);
    assert.ok(Math.abs(Date.parse(agg.asOf) - Date.now()) < 60_000);
  });
});
