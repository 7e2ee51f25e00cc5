import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PERSON_FIELDS, CO_FIELDS, SEALED_PERSON_FIELDS, maskSealed } from '@agency/contracts';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from './testSupport';

let s: TestServer;
let owner: string;
let other: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A full person (primary names) with every kind of field set, distinct per prefix. */
function person(tag: string, n: number) {
  const pad = (x: number) => String(x).padStart(2, '0');
  return {
    companyName: `${tag} Co`,
    firstName: `${tag}first`,
    preferredFirstName: `${tag}pref`,
    lastName: `${tag}last`,
    suffix: 'Jr',
    status: 'Married',
    email: `${tag.toLowerCase()}@example.com`,
    phone: `1512555${pad(n)}10`,
    mobilePhone: `1512555${pad(n)}20`,
    gender: 'Female',
    ssn: `12${n}-45-67${pad(n)}`,
    dob: `0${(n % 9) + 1}/15/1970`,
    dod: '',
    height: `5'${n % 12}"`,
    weight: 150 + n,
    militaryStatus: 'Past',
    income: 1_000_000 + n,
    occupation: 'Nurse',
    occupationHireDate: '01/02/2010',
    employerName: `${tag} Hospital`,
    dlId: `D${n}`,
    dlState: 'TX',
    smoker: n % 2 === 0,
    taxNumClaimed: n % 5,
    healthHistory: 'good',
    lifePreferredBenefitAmount: 50_000_000 + n,
    lifeMonthlyPremiumBudget: 10_000 + n,
    healthNetwork: `${tag} Net`,
    healthMemberId: `M${n}`,
    healthPlanName: `${tag} Plan`,
    healthMonthlyPremium: 30_000 + n,
    doctors: [`Dr ${tag}`],
    rx: [`Rx ${tag}`],
    healthMBI: `MBI${n}`,
    healthMedicaid: `MED${n}`,
    immigrant: 'greenCard',
    immigrantCardNumber: `GC${n}`,
    immigrantCardExpiration: '12/31/2030',
  } as Record<string, unknown>;
}
const asCo = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [CO_FIELDS[k as keyof typeof CO_FIELDS], v]));
/** What the API answers for a person's fields (SSNs masked, dates normalised, '' → null). */
function expected(p: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...p };
  out.ssn = `***-**-${String(p.ssn).slice(-4)}`;
  for (const f of SEALED_PERSON_FIELDS) out[f] = maskSealed(f, String(p[f]).slice(-4));
  out.dod = null;
  // not self-employed: no employees or business type
  out.employees = null;
  out.businessType = null;
  return out;
}
function personFromClient(c: Record<string, unknown>, level: 'primary' | 'secondary') {
  return Object.fromEntries(PERSON_FIELDS.map((f) => [f, c[level === 'primary' ? f : CO_FIELDS[f]]]));
}
const reveal = async (id: string, field: string) => (await call('POST', `/clients/${id}/reveal`, { field })).json().value;

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('split', () => {
  it('splits the secondary into a new contact field by field, with keep, copy and move', async () => {
    const a = person('Ann', 1);
    const b = person('Bob', 2);
    const c = (
      await call('POST', '/clients', { ...a, ...asCo(b), householdGrossIncome: 777, affliateVia: 'Google', managedBy: '00000000-0000-4000-9000-000000000002' })
    ).json();
    const keep = (await call('POST', `/clients/${c.id}/addresses`, { type: 'Physical', city: 'Keep' })).json();
    const copy = (await call('POST', `/clients/${c.id}/addresses`, { type: 'Mailing', city: 'Copy' })).json();
    const move = (await call('POST', `/clients/${c.id}/policies`, { type: 'Life', premium: 100 })).json();
    const note = (await call('POST', `/clients/${c.id}/activity`, { note: 'moving note' })).json();
    const tag = (await call('POST', '/tags', { name: 'SplitTag' })).json();
    await call('PUT', `/clients/${c.id}/tags`, { tags: [{ id: tag.id, isActive: true }] });

    const res = await call('PUT', `/clients/${c.id}/split`, {
      type: 'secondary',
      items: {
        addresses: { [keep.id]: 'keep', [copy.id]: 'copy' },
        policies: { [move.id]: 'move' },
        activity: { [note.id]: 'move' },
        tags: { [tag.id]: 'copy' },
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const { newClient, client } = res.json();
    assert.deepEqual(personFromClient(newClient, 'primary'), expected(b), 'the new contact is the secondary, every field');
    // Sealed numbers are sealed again for the row and field they land in.
    assert.deepEqual([await reveal(newClient.id, 'dlId'), await reveal(newClient.id, 'healthMBI'), await reveal(client.id, 'dlId')], ['D2', 'MBI2', 'D1']);
    assert.equal(newClient.hasDual, false);
    assert.deepEqual(personFromClient(client, 'primary'), expected(a), 'the original keeps its primary, every field');
    assert.equal(client.hasDual, false);
    assert.ok(PERSON_FIELDS.every((f) => client[CO_FIELDS[f]] === null || (Array.isArray(client[CO_FIELDS[f]]) && client[CO_FIELDS[f]].length === 0)));
    assert.deepEqual([newClient.householdGrossIncome, newClient.affliateVia, newClient.managedBy], [777, 'Google', '00000000-0000-4000-9000-000000000002']);
    assert.equal(await reveal(newClient.id, 'ssn'), b.ssn);
    assert.equal(await reveal(c.id, 'ssn'), a.ssn);

    const orig = (await call('GET', `/clients/${c.id}/full`)).json();
    const made = (await call('GET', `/clients/${newClient.id}/full`)).json();
    assert.deepEqual(
      orig.addresses.map((x: { city: string }) => x.city),
      ['Keep', 'Copy'],
    );
    assert.deepEqual(
      made.addresses.map((x: { city: string }) => x.city),
      ['Copy'],
    );
    assert.deepEqual([orig.policies.length, made.policies.length], [0, 1]);
    assert.deepEqual([orig.tags.map((t: { name: string }) => t.name), made.tags.map((t: { name: string }) => t.name)], [['SplitTag'], ['SplitTag']]);
    const madeFeed = (await call('GET', `/clients/${newClient.id}/activity?limit=10`)).json();
    assert.ok(madeFeed.some((x: { id: string }) => x.id === note.id));
  });

  it('splits the primary out: the secondary is promoted on the original', async () => {
    const a = person('Cat', 3);
    const b = person('Dan', 4);
    const c = (await call('POST', '/clients', { ...a, ...asCo(b) })).json();
    const { newClient, client } = (await call('PUT', `/clients/${c.id}/split`, { type: 'primary' })).json();
    assert.deepEqual(personFromClient(newClient, 'primary'), expected(a));
    assert.deepEqual(personFromClient(client, 'primary'), expected(b));
    assert.equal(await reveal(c.id, 'ssn'), b.ssn);
    assert.equal(await reveal(c.id, 'coSSN'), null);
  });

  it('refuses to split a single contact, an unknown item, or another account', async () => {
    const single = (await call('POST', '/clients', { firstName: 'Solo' })).json();
    assert.equal((await call('PUT', `/clients/${single.id}/split`, { type: 'secondary' })).statusCode, 400);
    const dual = (await call('POST', '/clients', { firstName: 'Du', coFirstName: 'Al' })).json();
    const foreign = (
      await call('PUT', `/clients/${dual.id}/split`, { type: 'secondary', items: { addresses: { '00000000-0000-4000-8000-0000000000aa': 'move' } } })
    ).json();
    assert.match(foreign.message, /does not belong to this contact/);
    assert.equal((await call('GET', `/clients/${dual.id}`)).json().coFirstName, 'Al', 'nothing was half-split');
    assert.equal((await call('PUT', `/clients/${dual.id}/split`, { type: 'tertiary' })).statusCode, 400);
    assert.equal((await call('PUT', `/clients/${dual.id}/split`, { type: 'secondary' }, other)).statusCode, 404);
  });
});

describe('merge', () => {
  it('merges as secondary: the source person becomes the co-applicant; records move; the source is gone', async () => {
    const a = person('Eve', 5);
    const b = person('Fay', 6);
    const target = (await call('POST', '/clients', { ...a })).json();
    const source = (await call('POST', '/clients', { ...b, affliateVia: 'Facebook', householdGrossIncome: 555 })).json();
    await call('POST', `/clients/${source.id}/addresses`, { type: 'Physical', city: 'Source City' });
    await call('POST', `/clients/${source.id}/activity`, { note: 'source note' });
    const referred = (await call('POST', '/clients', { firstName: 'Referred', affliateContact: source.id, affliateContactLevel: 'primary' })).json();
    const res = await call('PUT', `/clients/${source.id}/mergeWith/${target.id}`, { mergeAs: 'secondary' });
    assert.equal(res.statusCode, 200, res.body);
    const merged = res.json().newClient;
    assert.equal(merged.id, target.id);
    assert.deepEqual(personFromClient(merged, 'primary'), expected(a));
    assert.deepEqual(personFromClient(merged, 'secondary'), expected(b));
    assert.deepEqual([merged.affliateVia, merged.householdGrossIncome], ['Facebook', 555], 'household fields fill in from the source');
    assert.equal(await reveal(target.id, 'coSSN'), b.ssn);
    assert.equal((await call('GET', `/clients/${source.id}`)).statusCode, 404);
    const full = (await call('GET', `/clients/${target.id}/full`)).json();
    assert.deepEqual(
      full.addresses.map((x: { city: string }) => x.city),
      ['Source City'],
    );
    const ref = (await call('GET', `/clients/${referred.id}`)).json();
    assert.deepEqual([ref.affliateContact, ref.affliateContactLevel], [target.id, 'secondary'], 'referrals follow the person');
  });

  it('merges as primary: the target primary becomes the co-applicant', async () => {
    const a = person('Gil', 7);
    const b = person('Hal', 8);
    const target = (await call('POST', '/clients', { ...a })).json();
    const source = (await call('POST', '/clients', { ...b })).json();
    const merged = (await call('PUT', `/clients/${source.id}/mergeWith/${target.id}`, { mergeAs: 'primary' })).json().newClient;
    assert.deepEqual(personFromClient(merged, 'primary'), expected(b));
    assert.deepEqual(personFromClient(merged, 'secondary'), expected(a));
    assert.equal(await reveal(target.id, 'ssn'), b.ssn);
    assert.equal(await reveal(target.id, 'coSSN'), a.ssn);
  });

  it('combines two records of one person with per-field choices, keeping every field', async () => {
    const t = { firstName: 'Ivy', lastName: 'Target', email: 'ivy@target.example.com', dob: '01/01/1980', ssn: '111-11-1111', occupation: null };
    const src = {
      firstName: 'Ivy',
      lastName: 'Source',
      email: 'ivy@source.example.com',
      dob: '02/02/1980',
      mobilePhone: '15125559999',
      occupation: 'Pilot',
      ssn: '222-22-2222',
    };
    const target = (await call('POST', '/clients', { ...t, coFirstName: 'Jon', coLastName: 'Target' })).json();
    const source = (await call('POST', '/clients', src)).json();
    const res = await call('PUT', `/clients/${source.id}/mergeWith/${target.id}`, {
      mergeAs: 'combine',
      combineWithType: 'primary',
      combineData: { lastName: 'source', email: 'target', dob: 'source', ssn: 'source' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const m = res.json().newClient;
    assert.deepEqual(
      [m.firstName, m.lastName, m.email, m.dob, m.mobilePhone, m.occupation, m.coFirstName],
      ['Ivy', 'Source', 'ivy@target.example.com', '**/**/1980', '15125559999', 'Pilot', 'Jon'],
      'chosen fields from their side; fields without a choice from the target, or the source when the target is empty',
    );
    assert.equal(await reveal(target.id, 'ssn'), '222-22-2222');
  });

  it('combines with the secondary of a two-person target', async () => {
    const target = (await call('POST', '/clients', { firstName: 'Kim', coFirstName: 'Lee', coLastName: 'Old' })).json();
    const source = (await call('POST', '/clients', { firstName: 'Lee', lastName: 'New', email: 'lee@example.com' })).json();
    const m = (
      await call('PUT', `/clients/${source.id}/mergeWith/${target.id}`, {
        mergeAs: 'combine',
        combineWithType: 'secondary',
        combineData: { lastName: 'source' },
      })
    ).json().newClient;
    assert.deepEqual([m.firstName, m.coFirstName, m.coLastName, m.coEmail], ['Kim', 'Lee', 'New', 'lee@example.com']);
  });

  it('refuses what it cannot do without losing a person', async () => {
    const dual = (await call('POST', '/clients', { firstName: 'Two', coFirstName: 'People' })).json();
    const single = (await call('POST', '/clients', { firstName: 'One' })).json();
    const single2 = (await call('POST', '/clients', { firstName: 'Another' })).json();
    assert.match((await call('PUT', `/clients/${single.id}/mergeWith/${dual.id}`, { mergeAs: 'secondary' })).json().message, /already has two people/);
    assert.match((await call('PUT', `/clients/${dual.id}/mergeWith/${single.id}`, { mergeAs: 'primary' })).json().message, /Split the co-applicant/);
    assert.match(
      (await call('PUT', `/clients/${single.id}/mergeWith/${single2.id}`, { mergeAs: 'combine', combineWithType: 'secondary' })).json().message,
      /no co-applicant/,
    );
    assert.equal((await call('PUT', `/clients/${single.id}/mergeWith/${single.id}`, { mergeAs: 'primary' })).statusCode, 400);
    assert.equal((await call('PUT', `/clients/${single.id}/mergeWith/${single2.id}`, { mergeAs: 'sideways' })).statusCode, 400);
    assert.equal(
      (await call('PUT', `/clients/${single.id}/mergeWith/${single2.id}`, { mergeAs: 'combine', combineData: { bogus: 'source' } })).statusCode,
      400,
    );
    for (const id of [dual.id, single.id, single2.id]) assert.equal((await call('GET', `/clients/${id}`)).statusCode, 200, 'all still there');
  });
});
