import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { latestRating, type Review } from '@agency/contracts';
import { bearer, DEMO, demoUserId, signIn, startTestServer, type TestServer } from '../../testing/harness';
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
    await insertReview(s.db, DEMO, {
      clientId: carter,
      clientLevel: 'primary',
      requestedBy: null,
      rating: 3,
      createdAt: new Date(now - 3_600_000).toISOString(),
      answeredAt: new Date(now).toISOString(),
    });
    const reviews: Review[] = (await get(employee, `/reviews/client/${carter}`)).json();
    assert.equal(reviews.length, 3);
    assert.equal(reviews[0].requestedBy, null);
    assert.equal(latestRating(reviews, 'primary'), 3);
  });

  it("refuses another account's client and a bad id", async () => {
    const res = await get(other, `/reviews/client/${carter}`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().message, 'Client not found');
    assert.equal((await get(employee, '/reviews/client/nope')).statusCode, 404);
    assert.equal((await s.app.inject({ method: 'GET', url: `/api/reviews/client/${carter}` })).statusCode, 401);
  });
});

describe('GET /reviews and /reviews/totals', () => {
  it("pages through the account's reviews, newest first, in the page sizes offered", async () => {
    const page1: Review[] = (await get(employee, '/reviews?view=full&page=1&limit=5')).json();
    assert.deepEqual(
      page1.map((r) => [r.clientLevel, r.rating]),
      [
        ['primary', 3],
        ['secondary', null],
        ['primary', 5],
      ],
    );
    assert.deepEqual((await get(employee, '/reviews?page=2&limit=5')).json(), []);
    assert.equal((await get(employee, '/reviews')).json().length, 3);
    const bad = await get(employee, '/reviews?limit=7');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Page size must be 5, 10, 25 or 50');
    assert.deepEqual((await get(other, '/reviews')).json(), []);
  });

  it('counts requests, answers and the average rating, by requester and by month', async () => {
    assert.deepEqual((await get(employee, '/reviews/totals')).json(), { reviews: 3, completed: 2, rating: 4 });
    assert.deepEqual((await get(employee, `/reviews/totals?requestedBy=${demoUserId('owner@demo.test')}`)).json(), { reviews: 2, completed: 1, rating: 5 });
    await insertReview(s.db, DEMO, { clientId: carter, clientLevel: 'secondary', requestedBy: null, rating: 2, createdAt: '2024-03-15T12:00:00.000Z' });
    assert.deepEqual((await get(employee, '/reviews/totals?monthYear=032024')).json(), { reviews: 1, completed: 1, rating: 2 });
    assert.deepEqual((await get(employee, '/reviews/totals')).json(), { reviews: 4, completed: 3, rating: 3.33 });
    assert.equal((await get(employee, '/reviews/totals?monthYear=2024-03')).json().message, 'Month must be written MMyyyy');
    assert.deepEqual((await get(other, '/reviews/totals')).json(), { reviews: 0, completed: 0, rating: null });
  });
});

describe('reviews follow their people', () => {
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.app.inject({ method, url: `/api${url}`, headers: bearer(employee), ...(payload ? { payload } : {}) });
  const ratings = async (id: string) =>
    ((await get(employee, `/reviews/client/${id}`)).json() as Review[])
      .map((r) => [r.clientLevel, r.rating])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it('through a split, a merge and the removal of a primary', async () => {
    const id = (await send('POST', '/clients', { firstName: 'Nora', lastName: 'Vale', coFirstName: 'Owen', coLastName: 'Vale' })).json().id as string;
    await insertReview(s.db, DEMO, { clientId: id, clientLevel: 'primary', requestedBy: null, rating: 4 });
    await insertReview(s.db, DEMO, { clientId: id, clientLevel: 'secondary', requestedBy: null, rating: 2 });

    const split = await send('PUT', `/clients/${id}/split`, { type: 'secondary', items: {} });
    assert.equal(split.statusCode, 200);
    const owen = split.json().newClient.id as string;
    assert.deepEqual(await ratings(id), [['primary', 4]]);
    assert.deepEqual(await ratings(owen), [['primary', 2]]);

    assert.equal((await send('PUT', `/clients/${owen}/mergeWith/${id}`, { mergeAs: 'secondary' })).statusCode, 200);
    assert.deepEqual(await ratings(id), [
      ['primary', 4],
      ['secondary', 2],
    ]);

    assert.equal((await send('DELETE', `/clients/${id}`)).statusCode, 200);
    assert.deepEqual(await ratings(id), [['primary', 2]]);
  });
});
