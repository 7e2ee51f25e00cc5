import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Location, PhoneNumber } from '@agency/contracts';
import { basicAuth, bearer, DEMO, SECOND, signIn, startTestServer, totpCode, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_LOCATIONS, DEMO_PHONES } from './seed';
import { NUMBER_MESSAGES } from '../numberOwnership/ownership';

let s: TestServer;
let owner: string;
let admin: string;
let employee: string;
let other: string;
let superToken: string;
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  admin = (await signIn(s.app, 'admin@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: basicAuth('super@demo.test') },
    payload: { account: DEMO, code: totpCode() },
  });
  superToken = res.json().token;
});
after(() => s.close());

describe('locations', () => {
  it('lists and reads the account locations for any staff member', async () => {
    const res = await call(employee, 'GET', `/accounts/${DEMO}/locations`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json().map((l: Location) => [l.name, l.timezone, l.profileStatus]),
      [
        ['Austin', 'America/Chicago', 'approved'],
        ['Round Rock', 'America/Chicago', 'not-submitted'],
      ],
    );
    const one = await call(employee, 'GET', `/accounts/${DEMO}/locations/${DEMO_LOCATIONS.roundRock.id}`);
    assert.equal(one.json().name, 'Round Rock');
  });

  it('seeds the demo agency in the time zone of its offices', async () => {
    const zones = (await call(employee, 'GET', `/accounts/${DEMO}/locations`)).json().map((l: Location) => l.timezone);
    const info = await call(employee, 'GET', `/accounts/${DEMO}/info`);
    assert.equal(info.statusCode, 200);
    assert.deepEqual([...new Set([...zones, info.json().timezone])], ['America/Chicago']);
  });

  it("refuses another account's locations, and answers 404 for a location of another account", async () => {
    assert.equal((await call(other, 'GET', `/accounts/${DEMO}/locations`)).statusCode, 403);
    assert.equal((await call(other, 'GET', `/accounts/${DEMO}/locations`)).json().message, 'You do not have access to perform this action.');
    assert.equal((await call(other, 'GET', `/accounts/${DEMO}/locations/${DEMO_LOCATIONS.austin.id}`)).statusCode, 403);
    assert.equal((await call(other, 'GET', `/accounts/${SECOND}/locations/${DEMO_LOCATIONS.austin.id}`)).statusCode, 404);
    assert.deepEqual((await call(other, 'GET', `/accounts/${SECOND}/locations`)).json(), []);
    // A mistyped or old link: the location is not found (not "Invalid UUID").
    const bad = await call(owner, 'GET', `/accounts/${DEMO}/locations/not-an-id`);
    assert.deepEqual([bad.statusCode, bad.json().message], [404, 'Location not found']);
  });

  it("lets a super read another account's locations", async () => {
    const res = await call(superToken, 'GET', `/accounts/${SECOND}/locations`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), []);
    assert.equal((await call(superToken, 'GET', '/accounts/00000000-0000-4000-8000-0000000000ff/locations')).statusCode, 404);
  });

  it('creates and renames a location (owner and admin only); name and timezone are required', async () => {
    assert.equal((await call(employee, 'POST', `/accounts/${DEMO}/locations`, { name: 'Georgetown', timezone: 'America/Chicago' })).statusCode, 403);
    assert.equal((await call(other, 'POST', `/accounts/${DEMO}/locations`, { name: 'Georgetown', timezone: 'America/Chicago' })).statusCode, 403);
    const missing = await call(owner, 'POST', `/accounts/${DEMO}/locations`, { name: '  ', timezone: 'America/Chicago' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'field is required');
    assert.equal((await call(owner, 'POST', `/accounts/${DEMO}/locations`, { name: 'Georgetown' })).json().message, 'field is required');

    const created = await call(admin, 'POST', `/accounts/${DEMO}/locations`, {
      name: 'Georgetown',
      timezone: 'America/Chicago',
      copyFrom: DEMO_LOCATIONS.austin.id,
    });
    assert.equal(created.statusCode, 201);
    const id = created.json().id;
    const renamed = await call(owner, 'PUT', `/accounts/${DEMO}/locations/${id}`, { name: 'Georgetown Square', timezone: 'America/Denver' });
    assert.deepEqual([renamed.json().name, renamed.json().timezone], ['Georgetown Square', 'America/Denver']);
    assert.equal((await call(owner, 'PUT', `/accounts/${DEMO}/locations/${id}`, { name: 'X', timezone: '' })).json().message, 'field is required');
    assert.equal((await call(other, 'PUT', `/accounts/${SECOND}/locations/${id}`, { name: 'Taken', timezone: 'UTC' })).statusCode, 404);
    assert.equal(
      (await call(owner, 'POST', `/accounts/${DEMO}/locations`, { name: 'Copy', timezone: 'UTC', copyFrom: '00000000-0000-4000-a000-0000000000ff' }))
        .statusCode,
      400,
    );

    const me = await call(owner, 'GET', '/users/me');
    assert.equal(me.json().account.locationCount, 3);
  });
});

describe('phone numbers', () => {
  it('lists the numbers with their locations, defaults first; the spare has no location', async () => {
    const res = await call(employee, 'GET', `/accounts/${DEMO}/phones`);
    assert.equal(res.statusCode, 200);
    const phones: PhoneNumber[] = res.json();
    assert.deepEqual(
      phones.map((p) => [p.friendlyName, p.location?.name ?? null, p.isDefault]),
      [
        ['Austin Main', 'Austin', true],
        ['Round Rock Main', 'Round Rock', true],
        ['Austin Sales', 'Austin', false],
        ['Spare Line', null, false],
      ],
    );
    assert.equal((await call(other, 'GET', `/accounts/${DEMO}/phones`)).statusCode, 403);
    assert.deepEqual((await call(other, 'GET', `/accounts/${SECOND}/phones`)).json(), []);
  });

  it('adds a number only with the SID the carrier confirms, and updates it (owner and admin only), keeping one default per location', async () => {
    // The demo agency holds 15125550777 at the carrier (its own carrier account), not yet in the app.
    await s.db.query("insert into carrier_local_numbers (phone_number, sid, account_id) values ('15125550777', 'PNdemo0777', $1)", [DEMO]);
    const body = {
      phoneNumber: '(512) 555-0777',
      phoneSid: 'PNdemo0777',
      friendlyName: 'Round Rock Sales',
      location: DEMO_LOCATIONS.roundRock.id,
      isDefault: true,
    };
    assert.equal((await call(employee, 'POST', `/accounts/${DEMO}/phones`, body)).statusCode, 403);
    // Status is the carrier's: a client cannot set it.
    const withStatus = await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, status: 'in-use' });
    assert.deepEqual([withStatus.statusCode, withStatus.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    const noSid = await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, phoneSid: undefined });
    assert.deepEqual([noSid.statusCode, noSid.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    // Another agency cannot prove a number the carrier holds for the demo agency, by its SID or another.
    const stolen = await call(other, 'POST', `/accounts/${SECOND}/phones`, { ...body, location: null });
    assert.deepEqual([stolen.statusCode, stolen.json().message], [400, NUMBER_MESSAGES.notProved]);
    const wrongSid = await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, phoneSid: 'PNnotathing' });
    assert.deepEqual([wrongSid.statusCode, wrongSid.json().message], [400, NUMBER_MESSAGES.notProved]);
    assert.equal((await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, phoneNumber: '' })).json().message, 'field is required');
    assert.equal((await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, phoneNumber: '555' })).statusCode, 400);
    assert.equal((await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, account: SECOND })).statusCode, 400);

    const created = await call(owner, 'POST', `/accounts/${DEMO}/phones`, { ...body, account: DEMO });
    assert.equal(created.statusCode, 201);
    assert.deepEqual(
      [created.json().phoneNumber, created.json().sid, created.json().status, created.json().origin, created.json().location.name, created.json().isDefault],
      ['15125550777', 'PNdemo0777', 'in-use', 'verified', 'Round Rock', true],
    );
    assert.equal((await call(owner, 'POST', `/accounts/${DEMO}/phones`, body)).statusCode, 409);
    const phones: PhoneNumber[] = (await call(owner, 'GET', `/accounts/${DEMO}/phones`)).json();
    assert.equal(phones.find((p) => p.id === DEMO_PHONES.roundRock.id)!.isDefault, false);

    const moved = await call(admin, 'PUT', `/accounts/${DEMO}/phones/${created.json().id}`, { location: null, friendlyName: 'Parked' });
    assert.deepEqual([moved.json().location, moved.json().friendlyName], [null, 'Parked']);
    // The number and its SID are the carrier's.
    const renumbered = await call(owner, 'PUT', `/accounts/${DEMO}/phones/${created.json().id}`, { phoneNumber: DEMO_PHONES.spare.number });
    assert.deepEqual([renumbered.statusCode, renumbered.json().message], [400, NUMBER_MESSAGES.numberFixed]);
    const resid = await call(owner, 'PUT', `/accounts/${DEMO}/phones/${created.json().id}`, { phoneSid: 'PNother' });
    assert.deepEqual([resid.statusCode, resid.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    assert.equal((await call(other, 'PUT', `/accounts/${SECOND}/phones/${created.json().id}`, { friendlyName: 'Mine' })).statusCode, 404);
    assert.equal((await call(other, 'PUT', `/accounts/${DEMO}/phones/${created.json().id}`, { friendlyName: 'Mine' })).statusCode, 403);

    // Adding and defaulting are in the audit trail.
    const trail = await s.db.query<{ action: string; target_label: string }>(
      "select action, target_label from audit_events where account_id = $1 and target_type = 'phone' order by id",
      [DEMO],
    );
    assert.deepEqual(
      trail.map((e) => e.action),
      ['numberAdded', 'numberDefaultChanged'],
    );
    assert.equal(trail[0]!.target_label, '15125550777 (Round Rock Sales)');
  });
});

describe("a client's default location", () => {
  const newClient = async () => (await call(owner, 'POST', '/clients', { firstName: 'Dana', lastName: 'Locke' })).json().id as string;

  it('follows the default phone: the summary names its location; clearing the phone clears both', async () => {
    const id = await newClient();
    const put = await call(employee, 'PUT', `/clients/${id}`, { accountPhone: DEMO_PHONES.roundRock.id });
    assert.equal(put.statusCode, 200);
    assert.deepEqual([put.json().accountPhone, put.json().location], [DEMO_PHONES.roundRock.id, DEMO_LOCATIONS.roundRock.id]);
    assert.equal((await call(employee, 'GET', `/clients/${id}/full`)).json().summary.location, 'Round Rock');

    const cleared = await call(employee, 'PUT', `/clients/${id}`, { accountPhone: '' });
    assert.deepEqual([cleared.json().accountPhone, cleared.json().location], [null, null]);
    assert.equal((await call(employee, 'GET', `/clients/${id}/full`)).json().summary.location, null);
  });

  it('refuses a phone without a location, a phone or location of another account', async () => {
    const id = await newClient();
    const spare = await call(owner, 'PUT', `/clients/${id}`, { accountPhone: DEMO_PHONES.spare.id });
    assert.equal(spare.statusCode, 400);
    assert.equal(spare.json().message, 'Default location phone must have a location');
    assert.equal((await call(owner, 'PUT', `/clients/${id}`, { accountPhone: '00000000-0000-4000-b000-0000000000ff' })).statusCode, 400);
    assert.equal((await call(owner, 'PUT', `/clients/${id}`, { location: '00000000-0000-4000-a000-0000000000ff' })).statusCode, 400);
    assert.equal((await call(other, 'PUT', `/clients/${id}`, { accountPhone: DEMO_PHONES.austinMain.id })).statusCode, 404);
    assert.equal((await call(owner, 'GET', `/clients/${id}`)).json().accountPhone, null);
  });
});
