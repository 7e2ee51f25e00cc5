import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_LOCATIONS } from '../locations/seed';
import { FAILURES, websiteMatches } from '../../providers/registration/local';
import { advanceReview } from './service';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const loc = `/accounts/${DEMO}/locations/${DEMO_LOCATIONS.roundRock.id}`;

const address = { legalName: 'Demo Insurance Agency LLC', address: '500 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', emergencyEnabled: true };
const business = {
  businessName: 'Demo Insurance Agency',
  businessType: 'Sole Proprietorship',
  industry: 'INSURANCE',
  idType: 'EIN',
  registrationNumber: '12-3456789',
  websiteUrl: 'https://www.bestquotes.example',
};
const rep = {
  firstName: 'Olivia',
  lastName: 'Owens',
  email: 'olivia@demoinsurance.example',
  businessTitle: 'Owner',
  jobPosition: 'CEO',
  phoneNumber: '+15125550100',
};
const review = () => advanceReview(s.app.deps, { accountId: DEMO, locationId: DEMO_LOCATIONS.roundRock.id, what: 'profile' });
const status = async () => (await call('GET', `${loc}`)).json().profileStatus;

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('a location registration', () => {
  it('saves each step with its rules and answers its sid', async () => {
    const bad = await call('POST', `${loc}/address`, { ...address, state: 'XX' });
    assert.equal(bad.statusCode, 400);
    assert.equal((await call('POST', `${loc}/address`, { ...address, city: ' ' })).json().message, 'field is required');
    const saved = await call('POST', `${loc}/address`, address);
    assert.match(saved.json().addressSid, /^AD[0-9a-f]{32}$/);
    assert.equal((await call('POST', `${loc}/address`, address)).json().addressSid, saved.json().addressSid);
    assert.equal((await call('POST', `${loc}/business`, { ...business, websiteUrl: 'bestquotes' })).statusCode, 400);
    assert.match((await call('POST', `${loc}/business`, business)).json().businessSid, /^IT/);
    assert.equal((await call('POST', `${loc}/rep/1`, { ...rep, phoneNumber: '5125550100' })).statusCode, 400);
    assert.ok((await call('POST', `${loc}/rep/1`, rep)).json().rep1Sid);
    assert.deepEqual((await call('POST', `${loc}/rep/2`, { none: true })).json(), { rep2Sid: 'n/a' });
    assert.equal((await call('POST', `${loc}/rep/1`, { none: true })).statusCode, 400);
    const reg = (await call('GET', `${loc}/registration`)).json();
    assert.deepEqual(
      [reg.address.city, reg.business.identity, reg.business.operations, reg.rep1.email, reg.rep2],
      ['Austin', 'direct_customer', 'USA_AND_CANADA', rep.email, null],
    );
  });

  it('is for owners and admins of the account', async () => {
    assert.equal((await call('GET', `${loc}/registration`, undefined, employee)).statusCode, 403);
    assert.equal((await call('POST', `${loc}/address`, address, other)).statusCode, 403);
  });

  it('evaluates before submitting: an EIN must be 9 digits', async () => {
    await call('POST', `${loc}/business`, { ...business, registrationNumber: '123' });
    const res = (await call('POST', `${loc}/evaluation`)).json();
    assert.equal(res.status, 'noncompliant');
    assert.deepEqual(res.results[0].invalid, [{ step: 'business', field: 'registrationNumber', failureReason: FAILURES.ein }]);
    assert.equal((await call('POST', `${loc}/evaluation/submit`)).json().status, 'not-submitted');
    await call('POST', `${loc}/business`, business);
    assert.equal((await call('POST', `${loc}/evaluation`)).json().status, 'compliant');
  });

  it('walks the review: pending, in review, then rejected with each reason beside its field', async () => {
    const submitted = (await call('POST', `${loc}/evaluation/submit`)).json();
    assert.equal(submitted.status, 'pending-review');
    assert.equal((await call('POST', `${loc}/address`, address)).statusCode, 409);
    assert.equal(await review(), true);
    assert.equal(await status(), 'in-review');
    assert.equal(await review(), false);
    assert.equal(await status(), 'rejected');
    const failures = (await call('GET', `${loc}/registration`)).json().failures;
    assert.deepEqual(
      failures.map((f: { field: string; failureReason: string }) => [f.field, f.failureReason]),
      [
        ['websiteUrl', FAILURES.website],
        ['idType', FAILURES.soleProprietorEin],
      ],
    );
  });

  it('takes the fixes, is approved on resubmission, then registers the brand', async () => {
    assert.equal((await call('POST', `${loc}/brand`, { brandType: 'private' })).statusCode, 409);
    await call('POST', `${loc}/business`, { ...business, businessType: 'Limited Liability Corporation', websiteUrl: 'https://demoinsurance.example' });
    assert.deepEqual((await call('GET', `${loc}/registration`)).json().failures, []);
    assert.equal((await call('POST', `${loc}/evaluation/submit`)).json().status, 'pending-review');
    await review();
    await review();
    assert.equal(await status(), 'approved');
    assert.equal((await call('POST', `${loc}/address`, address)).statusCode, 409);

    assert.equal((await call('GET', `${loc}/brand`)).json().status, 'not-submitted');
    const pub = await call('POST', `${loc}/brand`, { brandType: 'public' });
    assert.deepEqual([pub.statusCode, pub.json().message], [400, 'field is required']);
    const brand = (await call('POST', `${loc}/brand`, { brandType: 'private' })).json();
    assert.deepEqual([brand.status, brand.trustBundleStatus], ['pending', 'in-review']);
    await advanceReview(s.app.deps, { accountId: DEMO, locationId: DEMO_LOCATIONS.roundRock.id, what: 'brand' });
    assert.equal((await call('GET', `${loc}/brand`)).json().status, 'approved');
    assert.equal((await call('GET', loc)).json().brandStatus, 'approved');
  });

  it('copies the steps to a new location made from this one', async () => {
    const created = await call('POST', `/accounts/${DEMO}/locations`, {
      name: 'Georgetown',
      timezone: 'America/Chicago',
      copyFrom: DEMO_LOCATIONS.roundRock.id,
    });
    const reg = (await call('GET', `/accounts/${DEMO}/locations/${created.json().id}/registration`)).json();
    assert.equal(reg.business.websiteUrl, 'https://demoinsurance.example');
    assert.equal((await call('GET', `/accounts/${DEMO}/locations/${created.json().id}`)).json().profileStatus, 'not-submitted');
  });
});

describe('the website check', () => {
  it('matches a host naming the business, by a word or its initials', () => {
    assert.equal(websiteMatches('https://www.demoinsurance.com', 'Demo Insurance Agency'), true);
    assert.equal(websiteMatches('https://dia.agency', 'Demo Insurance Agency'), true);
    assert.equal(websiteMatches('https://bestquotes.com', 'Demo Insurance Agency'), false);
    assert.equal(websiteMatches('not a url', 'Demo'), false);
  });
});
