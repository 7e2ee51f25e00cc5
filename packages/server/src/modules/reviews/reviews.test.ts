import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { latestRating, type Review } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { insertReview } from './service';

let s: TestServer;
let employee: string;
let other: string;
let carter: string;
const get = (token: string, url: string) => s.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

before(async () => {
  s = await startTestServer();
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
  const [row] = await s.db.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'lastName' = 'Carter'`, [DEMO]);
  carter = row.id;
});
after(() => s.close());

describe('GET /reviews/client/{id}', () => {
  it("answers the client's reviews, newest first, with who asked and both people's names", async () => {
    const res = await get(employee, `/reviews/client/${carter}`);
    assert.equal(res.statusCode, 200);
    const reviews: Review[] = res.json();
    assert.deepEqual(
      reviews.map((r) => [r.clientLevel, r.rating, r.requestedBy?.firstName]),
      [
        ['secondary', null, 'Olivia'],
        ['primary', 5, 'Olivia'],
      ],
    );
    assert.match(reviews[1].feedback ?? '', /better home policy/);
    assert.deepEqual([reviews[0].client.coFirstName, reviews[1].client.firstName], ['Linda', 'James']);
    assert.equal(latestRating(reviews, 'primary'), 5);
    assert.equal(latestRating(reviews, 'secondary'), null);
  });

  it('takes the latest answered review of a person as their rating', async () => {
    const now = Date.now();
    await insertReview(s.db, DEMO, { clientId: carter, clientLevel: 'primary', requestedBy: null, rating: 3, createdAt: new Date(now - 3_600_000).toISOString(), answeredAt: new Date(now).toISOString() });
    const reviews: Review[] = (await get(employee, `/reviews/client/${carter}`)).json();
    assert.equal(reviews.length, 3);
    assert.equal(reviews[0].requestedBy, null);
    assert.equal(latestRating(reviews, 'primary'), 3);
  });

  it("refuses another account's client and a bad id", async () => {
    const res = await get(other, `/reviews/client/${carter}`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().message, 'Client not found');
    assert.equal((await get(employee, '/reviews/client/nope')).statusCode, 400);
    assert.equal((await s.app.inject({ method: 'GET', url: `/api/reviews/client/${carter}` })).statusCode, 401);
  });
});
