import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CLOSED_MESSAGE, type OfficeHours } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_LOCATIONS } from './seed';

let s: TestServer;
let owner: string;
let admin: string;
let employee: string;
let other: string;
const url = (accountId: string = DEMO, locationId: string = DEMO_LOCATIONS.austin.id) => `/api/accounts/${accountId}/locations/${locationId}`;
const put = (token: string, payload: object, target = url()) => s.app.inject({ method: 'PUT', url: target, headers: bearer(token), payload });

const hours: OfficeHours = {
  hours: { monday: { open: true, openTime: '08:00', closeTime: '17:30' }, tuesday: { open: false } },
  holidays: ['Christmas Day', "New Year's Day"],
  closedMessage: { type: 'text', message: DEFAULT_CLOSED_MESSAGE },
  smsClosedMessage: { enabled: true, message: 'We are closed; we will text you back tomorrow.' },
};
const withHours = (h: OfficeHours['hours']) => ({ officeHours: JSON.stringify({ ...hours, hours: h }) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  admin = (await signIn(s.app, 'admin@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('office hours of a location', () => {
  it('saves the JSON string, leaves the name alone and reads it back', async () => {
    const res = await put(owner, { officeHours: JSON.stringify(hours) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().name, 'Austin');
    assert.deepEqual(JSON.parse(res.json().officeHours), hours);
    const read = await s.app.inject({ method: 'GET', url: url(), headers: bearer(employee) });
    assert.deepEqual(JSON.parse(read.json().officeHours), hours);
    // The other office is untouched.
    const roundRock = await s.app.inject({ method: 'GET', url: url(DEMO, DEMO_LOCATIONS.roundRock.id), headers: bearer(employee) });
    assert.equal(roundRock.json().officeHours, null);
  });

  it('refuses a bad time, a close before the open, an unknown weekday or holiday, and text that is not JSON', async () => {
    const cases: Array<[object, string]> = [
      [withHours({ monday: { open: true, openTime: '25:00', closeTime: '17:00' } }), 'Times are written HH:mm (00:00 to 23:55, every 5 minutes)'],
      [withHours({ monday: { open: true, openTime: '08:03', closeTime: '17:00' } }), 'Times are written HH:mm (00:00 to 23:55, every 5 minutes)'],
      [withHours({ friday: { open: true, openTime: '17:00', closeTime: '09:00' } }), 'Friday: close time must be after open time'],
      [withHours({ monday: { open: true, openTime: '09:00' } }), 'Monday: an open day needs open and close times'],
      [withHours({ funday: { open: true, openTime: '09:00', closeTime: '10:00' } }), 'Unknown weekday: funday'],
      [{ officeHours: JSON.stringify({ ...hours, holidays: ['Boxing Day'] }) }, 'Unknown holiday'],
      [{ officeHours: JSON.stringify({ ...hours, smsClosedMessage: { enabled: true, message: ' ' } }) }, 'The closed text reply needs a message'],
      [{ officeHours: '{not json' }, 'Office hours must be a JSON object'],
      [{}, 'Nothing to update'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(owner, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().message, message);
    }
    const read = await s.app.inject({ method: 'GET', url: url(), headers: bearer(owner) });
    assert.deepEqual(JSON.parse(read.json().officeHours), hours);
  });
});

describe('message settings of a location', () => {
  it('saves the signature (trimmed) for owners and admins', async () => {
    const res = await put(admin, { messages: JSON.stringify({ signature: '  - Austin office ' }) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(JSON.parse(res.json().messages), { signature: '- Austin office' });
    const long = await put(owner, { messages: JSON.stringify({ signature: 'x'.repeat(201) }) });
    assert.equal(long.json().message, 'The signature can be at most 200 characters');
    assert.equal((await put(owner, { messages: '"text"' })).json().message, 'Message settings must be a JSON object');
  });
});

describe('who may change them', () => {
  it('refuses employees and other accounts', async () => {
    const body = { messages: JSON.stringify({ signature: 'Mine' }) };
    const denied = await put(employee, body);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, 'You do not have access to perform this action.');
    assert.equal((await put(employee, { officeHours: JSON.stringify(hours) })).statusCode, 403);
    assert.equal((await put(other, body)).statusCode, 403);
    assert.equal((await put(other, body, url(SECOND))).statusCode, 404);
    const read = await s.app.inject({ method: 'GET', url: url(), headers: bearer(owner) });
    assert.deepEqual(JSON.parse(read.json().messages), { signature: '- Austin office' });
  });
});
