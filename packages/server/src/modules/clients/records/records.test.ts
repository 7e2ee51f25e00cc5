import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ageInYears } from '@agency/contracts';
import { bearer, signIn, startTestServer, type TestServer } from '../../../testing/harness';
import { signInSecond } from '../testSupport';

let s: TestServer;
let owner: string;
let other: string;
let clientId: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
  clientId = (await call(owner, 'POST', '/clients', { firstName: 'Rec', lastName: 'Ords' })).json().id;
});
after(() => s.close());

describe('client records', () => {
  it('addresses: create, list in type order, pin through an update, delete', async () => {
    const mailing = await call(owner, 'POST', `/clients/${clientId}/addresses`, {
      type: 'Mailing',
      address: 'PO Box 1',
      city: 'Austin',
      state: 'tx',
      zipcode: '78701',
    });
    assert.equal(mailing.statusCode, 201);
    assert.equal(mailing.json().state, 'TX');
    assert.equal(mailing.json().pinned, false);
    const physical = (await call(owner, 'POST', `/clients/${clientId}/addresses`, { type: 'Physical', address: '1 Main St', county: 'Travis' })).json();
    await call(owner, 'POST', `/clients/${clientId}/addresses`, { type: 'Other', city: 'Dallas' });
    const list = (await call(owner, 'GET', `/clients/${clientId}/addresses`)).json();
    assert.deepEqual(
      list.map((a: { type: string }) => a.type),
      ['Physical', 'Mailing', 'Other'],
    );
    const pinned = (await call(owner, 'PUT', `/clients/${clientId}/addresses/${physical.id}`, { pinned: true })).json();
    assert.deepEqual([pinned.pinned, pinned.address, pinned.county], [true, '1 Main St', 'Travis']);
    const cleared = (await call(owner, 'PUT', `/clients/${clientId}/addresses/${physical.id}`, { county: '' })).json();
    assert.equal(cleared.county, null);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/addresses`, { type: 'Summer' })).statusCode, 400);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/addresses`, { zipcode: '7870' })).json().message, 'Zip code must be 5 digits or ZIP+4');
    assert.equal((await call(owner, 'DELETE', `/clients/${clientId}/addresses/${mailing.json().id}`)).statusCode, 200);
    assert.equal((await call(owner, 'GET', `/clients/${clientId}/addresses/${mailing.json().id}`)).statusCode, 404);
  });

  it('dependents: dates M/d/yyyy in, SSN sealed and masked, revealed with an activity entry', async () => {
    const res = await call(owner, 'POST', `/clients/${clientId}/dependents`, {
      firstName: 'Kid',
      lastName: 'Ords',
      gender: 'Male',
      dob: '6/2/2012',
      ssn: '123-45-6789',
      goodStudent: true,
    });
    assert.equal(res.statusCode, 201);
    const d = res.json();
    assert.deepEqual([d.dob, d.ssn, d.goodStudent], ['**/**/2012', '***-**-6789', true]);
    assert.equal(d.age, ageInYears('06/02/2012'), 'the age comes from the sealed birth date');
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/dependents/${d.id}/reveal`, { field: 'dob' })).json().value, '06/02/2012');
    const [row] = await s.db.query<{ secret: string; data: object }>('select secret, data from client_records where id = $1', [d.id]);
    assert.ok(row.secret.startsWith('v2:') && !row.secret.includes('6789'));
    assert.ok(!JSON.stringify(row.data).includes('123-45'));
    const kept = (await call(owner, 'PUT', `/clients/${clientId}/dependents/${d.id}`, { ssn: '***-**-6789', notes: 'Soccer' })).json();
    assert.deepEqual([kept.ssn, kept.notes], ['***-**-6789', 'Soccer']);
    const reveal = (await call(owner, 'POST', `/clients/${clientId}/dependents/${d.id}/reveal`)).json();
    assert.equal(reveal.value, '123-45-6789');
    const [entry] = (await call(owner, 'GET', `/clients/${clientId}/activity?limit=1`)).json();
    assert.equal(entry.note, 'Olivia Owens revealed the SSN of dependent Kid Ords');
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/dependents`, { dob: '13/45/2012' })).statusCode, 400);
  });

  it('policies: 250-character notes, premium in cents, managedOn, payment method of the client', async () => {
    assert.match((await call(owner, 'POST', `/clients/${clientId}/policies`, { notes: 'x'.repeat(251) })).json().message, /Policy notes must be at most 250/);
    const pm = (
      await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, { type: 'checking', name: 'Rec Ords', routing: '111000025', account: '000123456789' })
    ).json();
    const p = (
      await call(owner, 'POST', `/clients/${clientId}/policies`, {
        type: 'Auto',
        company: 'State Farm',
        premium: 120_050,
        effectiveDate: '1/15/2025',
        notes: 'y'.repeat(250),
        paymentMethod: pm.id,
        managedBy: '00000000-0000-4000-9000-000000000003',
      })
    ).json();
    assert.deepEqual([p.premium, p.effectiveDate, p.paymentMethod, p.notes.length], [120_050, '01/15/2025', pm.id, 250]);
    assert.ok(p.managedOn);
    const foreignPm = await call(owner, 'POST', `/clients/${clientId}/policies`, { paymentMethod: '00000000-0000-4000-8000-00000000abcd' });
    assert.equal(foreignPm.statusCode, 400);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/policies`, { paymentMethod: 'other', paymentMethodOther: 'Cash' })).statusCode, 201);
    const full = (await call(owner, 'GET', `/clients/${clientId}/full`)).json();
    assert.equal(full.summary.policies, 2);
    assert.equal(full.summary.policyPremiums, 120_050);
    // deleting the payment method unlinks the policy
    await call(owner, 'DELETE', `/clients/${clientId}/paymentMethods/${pm.id}`);
    assert.equal((await call(owner, 'GET', `/clients/${clientId}/policies/${p.id}`)).json().paymentMethod, null);
  });

  it('quotes: vehicles by group, homes and commercial; PUT replaces; list by form', async () => {
    const car = await call(owner, 'POST', `/clients/${clientId}/quotes`, {
      form: 'auto',
      type: 'car',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCM82633A004352',
      leinHolder: { name: 'Bank', loan: 500_000 },
      timeWithCarrier: 3,
      timeWithCarrierFormat: 'Years',
    });
    assert.equal(car.statusCode, 201);
    assert.equal(car.json().leinHolder.loan, 500_000);
    assert.match((await call(owner, 'POST', `/clients/${clientId}/quotes`, { form: 'auto', type: 'Boat' })).json().message, /does not belong to this group/);
    assert.match((await call(owner, 'POST', `/clients/${clientId}/quotes`, { form: 'plane' })).json().message, /discriminator|form/i);
    const boat = (await call(owner, 'POST', `/clients/${clientId}/quotes`, { form: 'water', type: 'Boat', vin: 'SERV1234H819', propulsionType: 'jet' })).json();
    const home = (
      await call(owner, 'POST', `/clients/${clientId}/quotes`, {
        form: 'home',
        yearBuilt: 1990,
        dogs: [{ breed: 'Lab', count: 1, biteHistory: false }],
        coverage: { dwelling: 30_000_000 },
      })
    ).json();
    const biz = (
      await call(owner, 'POST', `/clients/${clientId}/quotes`, {
        form: 'commercial',
        companyName: 'Rec LLC',
        ein: '123456789',
        startDate: '05/01/2012',
        locations: [{ city: 'Austin' }],
      })
    ).json();
    assert.equal(biz.ein, '12-3456789');
    assert.deepEqual(
      (await call(owner, 'GET', `/clients/${clientId}/quotes?form=water`)).json().map((q: { id: string }) => q.id),
      [boat.id],
    );
    assert.equal((await call(owner, 'GET', `/clients/${clientId}/quotes`)).json().length, 4);
    const replaced = (await call(owner, 'PUT', `/clients/${clientId}/quotes/${car.json().id}`, { form: 'auto', type: 'truck', year: 2020 })).json();
    assert.deepEqual([replaced.type, replaced.year, replaced.make, replaced.leinHolder], ['truck', 2020, undefined, undefined]);
    assert.equal(home.dogs[0].breed, 'Lab');
  });

  it('payment methods: numbers sealed and masked, no CVC stored, reveal recorded', async () => {
    const res = await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, {
      type: 'credit card',
      name: 'Rec Ords',
      account: '4111 1111 1111 1111',
      expDate: '04/2031',
      cvc: '123',
      zipcode: '78701',
    });
    assert.equal(res.statusCode, 201);
    const pm = res.json();
    assert.deepEqual([pm.account, pm.routing, pm.expDate], ['****1111', null, '04/2031']);
    assert.equal('cvc' in pm, false);
    const [row] = await s.db.query<{ secret: string; data: object }>('select secret, data from client_records where id = $1', [pm.id]);
    assert.ok(!row.secret.includes('4111'));
    assert.ok(!JSON.stringify(row.data).includes('4111111') && !JSON.stringify(row.data).includes('123"'));
    assert.match(
      (await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, { type: 'debit card', routing: '111000025' })).json().message,
      /Cards have no routing/,
    );
    assert.match(
      (await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, { type: 'checking', routing: '12' })).json().message,
      /Routing number must be 9 digits/,
    );
    assert.match((await call(owner, 'POST', `/clients/${clientId}/paymentMethods`, { type: 'credit card', expDate: '13/2030' })).json().message, /MM\/yyyy/);
    const reveal = (await call(owner, 'POST', `/clients/${clientId}/paymentMethods/${pm.id}/reveal`)).json();
    assert.deepEqual(reveal, { routing: null, account: '4111111111111111' });
    const [entry] = (await call(owner, 'GET', `/clients/${clientId}/activity?limit=1`)).json();
    assert.equal(entry.note, 'Olivia Owens revealed the numbers of the credit card ending 1111');
  });

  it('misc items and links', async () => {
    const item = await call(owner, 'POST', `/clients/${clientId}/misc`, { label: 'Gate code', value: '1234' });
    assert.equal(item.statusCode, 201);
    assert.equal((await call(owner, 'PUT', `/clients/${clientId}/misc/${item.json().id}`, { value: '5678' })).json().value, '5678');
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/misc`, { label: '' })).json().message, 'Label is required');
    const link = (await call(owner, 'POST', `/clients/${clientId}/links`, { name: 'Drive', url: 'https://drive.example.com/x' })).json();
    assert.deepEqual([link.name, link.description, link.icon], ['Drive', '', null]);
    assert.equal((await call(owner, 'POST', `/clients/${clientId}/links`, { name: 'Bad', url: 'javascript:alert(1)' })).statusCode, 400);
    assert.equal((await call(owner, 'DELETE', `/clients/${clientId}/links/${link.id}`)).json().message, 'Link removed');
    const full = (await call(owner, 'GET', `/clients/${clientId}/full`)).json();
    assert.equal(full.miscItems.length, 1);
    assert.equal(full.links.length, 0);
  });

  it("refuses another account's token and records of another client", async () => {
    const [rec] = (await call(owner, 'GET', `/clients/${clientId}/misc`)).json();
    const otherClient = (await call(owner, 'POST', '/clients', { firstName: 'Else' })).json().id;
    assert.equal((await call(owner, 'GET', `/clients/${otherClient}/misc/${rec.id}`)).statusCode, 404);
    assert.equal((await call(owner, 'PUT', `/clients/${otherClient}/misc/${rec.id}`, { value: 'x' })).statusCode, 404);
    for (const seg of ['addresses', 'dependents', 'policies', 'quotes', 'paymentMethods', 'misc', 'links']) {
      assert.equal((await call(other, 'GET', `/clients/${clientId}/${seg}`)).statusCode, 404, seg);
    }
    assert.equal((await call(other, 'DELETE', `/clients/${clientId}/misc/${rec.id}`)).statusCode, 404);
    assert.equal((await call(other, 'POST', `/clients/${clientId}/paymentMethods/${rec.id}/reveal`)).statusCode, 404);
    assert.equal((await call(owner, 'GET', `/clients/${clientId}/misc/${rec.id}`)).json().value, '5678');
  });
});
