import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReviewSettings } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { insertReview } from './service';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('service review settings', () => {
  it("reads the account's settings: the demo agency asks for reviews and sends 4 stars and up to Google", async () => {
    const res = await call(employee, 'GET', `/accounts/${DEMO}/service-review`);
    assert.equal(res.statusCode, 200);
    const settings: ReviewSettings = res.json();
    assert.equal(settings.serviceReviewEnabled, true);
    assert.equal(settings.googleReviewMinRating, 4);
    assert.ok(settings.googlePlaceId);
    assert.match(settings.reviewSMSMessage ?? '', /How did we do/);
  });

  it('saves what an owner sends, leaves the rest, and the public page follows the new minimum', async () => {
    const res = await call(owner, 'PUT', `/accounts/${DEMO}/service-review`, {
      googleReviewMinRating: 5,
      ratingNotificationEnabled: true,
      reviewSMSMessage: '',
    });
    assert.equal(res.statusCode, 200);
    const saved: ReviewSettings = res.json();
    assert.deepEqual([saved.googleReviewMinRating, saved.ratingNotificationEnabled, saved.reviewSMSMessage, saved.serviceReviewEnabled], [5, true, null, true]);
    const [{ id: carter }] = await s.db.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'lastName' = 'Carter'`, [DEMO]);
    const id = await insertReview(s.db, DEMO, { clientId: carter, clientLevel: 'primary', requestedBy: null });
    const answered = await s.app.inject({ method: 'POST', url: `/api/service-review/${DEMO}/${id}`, payload: { rating: 4 } });
    assert.equal(answered.json().googleReviewUrl, null);
  });

  it('refuses employees, bad values and another account', async () => {
    assert.equal((await call(employee, 'PUT', `/accounts/${DEMO}/service-review`, { serviceReviewEnabled: false })).statusCode, 403);
    const bad = await call(owner, 'PUT', `/accounts/${DEMO}/service-review`, { googleReviewMinRating: 6 });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Pick 1 to 5 stars');
    assert.equal((await call(owner, 'PUT', `/accounts/${DEMO}/service-review`, { googlePlaceId: '"><script>' })).statusCode, 400);
    assert.equal((await call(other, 'GET', `/accounts/${DEMO}/service-review`)).statusCode, 403);
    assert.equal((await call(other, 'PUT', `/accounts/${DEMO}/service-review`, { serviceReviewEnabled: false })).statusCode, 403);
    assert.equal((await call(owner, 'GET', `/accounts/${SECOND}/service-review`)).statusCode, 403);
    assert.equal((await call(employee, 'GET', `/accounts/${DEMO}/service-review`)).json().serviceReviewEnabled, true);
  });
});
