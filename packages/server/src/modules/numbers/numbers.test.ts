import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_LOCATIONS } from '../locations/seed';
import { inventory } from '../../providers/carrier/local/numbers';
import { CAMPAIGN_FAILURES, reviewService } from './service';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const a = `/accounts/${DEMO}`;

const samples = [
  'Hi Maria, your auto policy renews on 12/01. Reply here with questions.',
  'Your appointment is confirmed for Tuesday at 2 PM at our Round Rock office.',
  'We received your claim documents and will call you tomorrow.',
  'Your new ID cards are ready to pick up at the front desk.',
  'Thanks for choosing us! Let us know how we did today.',
];
const campaign = {
  friendlyName: 'Round Rock Service',
  usecase: 'discussion',
  description: 'Service conversations with existing insurance clients of the Round Rock office.',
  messageSamples: samples,
  messageFlow: 'Clients opt in on the intake form at the office or by texting the office first.',
};

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('phone numbers through the local carrier', () => {
  it("searches the carrier's inventory by area code, city, state, and digits at the start, anywhere or the end", async () => {
    const byArea = (await call('POST', '/phonenumber/search', { type: 'local', criteria: 'areacode', search: '737' })).json();
    assert.equal(byArea.length, 20);
    assert.ok(byArea.every((n: { phoneNumber: string; locality: string }) => n.phoneNumber.startsWith('+1737') && n.locality === 'Austin'));
    const byCity = (await call('POST', '/phonenumber/search', { criteria: 'city', search: 'hous' })).json();
    assert.ok(byCity.every((n: { phoneNumber: string }) => n.phoneNumber.startsWith('+1713')));
    const last = inventory('214')[0]!.slice(-4);
    const ending = (await call('POST', '/phonenumber/search', { criteria: 'number', search: last, matchTo: 'last' })).json();
    assert.ok(ending.length > 0 && ending.every((n: { phoneNumber: string }) => n.phoneNumber.endsWith(last)));
    const tollFree = (await call('POST', '/phonenumber/search', { type: 'tollfree', criteria: 'number', search: '' })).json();
    assert.ok(tollFree.every((n: { phoneNumber: string }) => /^\+18(00|33|44|55|66|77|88)/.test(n.phoneNumber)));
    assert.equal((await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '512' }, employee)).statusCode, 403);
  });

  it('buys a number once (then it is gone from the search), within the plan, and releases it', async () => {
    const [first] = (await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '512' })).json();
    const bought = await call('POST', `${a}/phones/purchase`, { phoneNumber: first.phoneNumber });
    assert.equal(bought.statusCode, 201);
    assert.deepEqual(
      [bought.json().phoneNumber, bought.json().status, bought.json().origin, bought.json().location],
      [first.phoneNumber.slice(1), 'in-use', 'purchased', null],
    );
    assert.match(bought.json().sid, /^PN/);
    const again = (await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '512' })).json();
    assert.ok(!again.some((n: { phoneNumber: string }) => n.phoneNumber === first.phoneNumber));
    // Another account cannot buy it either.
    assert.equal((await call('POST', `/accounts/${SECOND}/phones/purchase`, { phoneNumber: first.phoneNumber }, other)).statusCode, 409);
    // The demo plan allows 5 numbers: it has 5 now.
    const refused = await call('POST', `${a}/phones/purchase`, { phoneNumber: again[0].phoneNumber });
    assert.deepEqual([refused.statusCode, refused.json().message], [403, 'Plan allows 5 phone numbers']);

    assert.equal((await call('DELETE', `${a}/phones/${bought.json().id}`, undefined, other)).statusCode, 403);
    assert.equal((await call('DELETE', `${a}/phones/${bought.json().id}`)).statusCode, 200);
    const back = (await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '512' })).json();
    assert.ok(back.some((n: { phoneNumber: string }) => n.phoneNumber === first.phoneNumber));
  });

  it("makes an account's first number its main number", async () => {
    const [n] = (await call('POST', '/phonenumber/search', { criteria: 'areacode', search: '214' }, other)).json();
    await call('POST', `/accounts/${SECOND}/phones/purchase`, { phoneNumber: n.phoneNumber }, other);
    const me = (await call('GET', '/users/me', undefined, other)).json();
    assert.equal(me.account.twilioPhoneNumber, n.phoneNumber.slice(1));
  });
});

describe('message campaigns', () => {
  it('registers a campaign with the spec limits, and the carriers verify it or reject it with reasons', async () => {
    const short = await call('POST', `${a}/locations/${DEMO_LOCATIONS.roundRock.id}/campaign`, { ...campaign, description: 'Too short' });
    assert.deepEqual([short.statusCode, short.json().message], [400, 'Description must be at least 40 characters']);
    assert.equal(
      (await call('POST', `${a}/locations/${DEMO_LOCATIONS.roundRock.id}/campaign`, { ...campaign, messageSamples: samples.slice(0, 4) })).statusCode,
      400,
    );

    const created = await call('POST', `${a}/locations/${DEMO_LOCATIONS.roundRock.id}/campaign`, campaign);
    assert.equal(created.statusCode, 201);
    assert.equal(created.json().campaign.status, 'IN_PROGRESS');
    await reviewService(s.db, DEMO, created.json().sid);
    const list = (await call('GET', '/messagingServices')).json();
    const mine = list.find((m: { sid: string }) => m.sid === created.json().sid);
    assert.equal(mine.campaign.status, 'FAILED');
    assert.deepEqual(mine.campaign.errors, [{ description: CAMPAIGN_FAILURES.brand }]);
    const austin = list.find((m: { friendlyName: string }) => m.friendlyName === 'Austin Client Care');
    assert.deepEqual([austin.campaign.status, austin.assigned.length], ['VERIFIED', 2]);

    const full = await call('POST', `${a}/locations/${DEMO_LOCATIONS.austin.id}/campaign`, campaign);
    assert.deepEqual([full.statusCode, full.json().message], [403, 'Plan allows 2 campaigns']);
    const renamed = await call('PUT', `${a}/messaging-service/${created.json().sid}`, { friendlyName: 'Round Rock Care', usecase: 'marketing' });
    assert.equal(renamed.json().friendlyName, 'Round Rock Care');
  });

  it('assigns a campaign to a number, but not while the number ports in, and only its own', async () => {
    const phones = (await call('GET', `${a}/phones`)).json();
    const spare = phones.find((p: { friendlyName: string }) => p.friendlyName === 'Spare Line');
    const [service] = (await call('GET', '/messagingServices')).json();
    const ok = await call('PUT', `${a}/phones/${spare.id}`, { messagingServiceSid: service.sid });
    assert.equal(ok.json().messagingServiceSid, service.sid);
    await call('PUT', `${a}/phones/${spare.id}`, { messagingServiceSid: null });
    await s.db.query(`update account_phones set status = 'porting-in' where id = $1`, [spare.id]);
    const porting = await call('PUT', `${a}/phones/${spare.id}`, { messagingServiceSid: service.sid });
    assert.deepEqual([porting.statusCode, porting.json().message], [409, "Can't assign campaign till porting is completed"]);
    assert.equal((await call('PUT', `${a}/phones/${spare.id}`, { messagingServiceSid: 'MGnotours' })).statusCode, 400);
  });
});
