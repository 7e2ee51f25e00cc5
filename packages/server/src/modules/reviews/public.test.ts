import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { googleReviewUrl, REVIEW_MESSAGES, type PublicReview, type Review, type ReviewRequestResponse } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { insertReview } from './service';

let s: TestServer;
let owner: string;
let other: string;
let carter: string;
let chen: string;
let secondClient: string;
const PLACE = 'ChIJLwPMoJm1RIYRetVp1EtGm10';

const authed = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const open = (method: 'GET' | 'POST', url: string, payload?: object, ip = '10.0.0.1') =>
  s.app.inject({ method, url: `/api${url}`, remoteAddress: ip, ...(payload ? { payload } : {}) });
const clientId = async (account: string, lastName: string) =>
  (await s.db.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'lastName' = $2`, [account, lastName]))[0].id;

before(async () => {
  s = await startTestServer({ config: { publicReviewLimits: { windowMinutes: 10, perAddress: 40 } } });
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
  carter = await clientId(DEMO, 'Carter');
  chen = await clientId(DEMO, 'Chen');
  [{ id: secondClient }] = await s.db.query<{ id: string }>('select id from clients where account_id = $1 limit 1', [SECOND]);
});
after(() => s.close());

describe('POST /reviews/{id}', () => {
  it('records a pending request by the signed-in user and answers the public link', async () => {
    const res = await authed(owner, 'POST', `/reviews/${chen}`, {});
    assert.equal(res.statusCode, 200);
    const { review, link }: ReviewRequestResponse = res.json();
    assert.equal(review.clientLevel, 'primary');
    assert.equal(review.rating, null);
    assert.equal(review.requestedBy?.firstName, 'Olivia');
    assert.equal(link, `/review/${DEMO}?review=${review.id}`);
    const reviews: Review[] = (await authed(owner, 'GET', `/reviews/client/${chen}`)).json();
    assert.deepEqual(
      reviews.map((r) => r.id),
      [review.id],
    );
    // The link goes out as a text in the client's room, once for the request.
    assert.equal(res.json().texted, true);
    const texts = await s.db.query<{ message: string; type: string; client_id: string }>(
      'select message, type, client_id from sms_messages where idempotency_key = $1',
      [`review:${review.id}`],
    );
    assert.equal(texts.length, 1);
    assert.ok(texts[0]!.message.endsWith(`${s.config.publicUrl}${link}`), texts[0]!.message);
    assert.equal(texts[0]!.client_id, chen);
  });

  it('asks the secondary person when told, and refuses a person with no mobile phone to text', async () => {
    const res = await authed(owner, 'POST', `/reviews/${carter}`, { clientLevel: 'secondary' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().review.clientLevel, 'secondary');
    const noSecondary = await authed(owner, 'POST', `/reviews/${chen}`, { clientLevel: 'secondary' });
    assert.equal(noSecondary.statusCode, 400);
    assert.equal(noSecondary.json().message, REVIEW_MESSAGES.noRoom);
    assert.equal((await authed(owner, 'POST', `/reviews/${carter}`, { clientLevel: 'third' })).statusCode, 400);
  });

  it("refuses another account's client, a signed-out caller and an account with reviews off", async () => {
    const before_ = (await s.db.query('select count(*)::int as n from service_reviews'))[0];
    const intruder = await authed(other, 'POST', `/reviews/${carter}`, {});
    assert.equal(intruder.statusCode, 404);
    assert.ok(!intruder.body.includes('Carter'));
    assert.equal((await s.app.inject({ method: 'POST', url: `/api/reviews/${carter}`, payload: {} })).statusCode, 401);
    await s.db.query('update accounts set service_review_enabled = true where id = $1', [SECOND]);
    const crossed = await authed(other, 'POST', `/reviews/${carter}`, {});
    assert.equal(crossed.statusCode, 404);
    assert.equal(crossed.json().message, 'Client not found');
    await s.db.query('update accounts set service_review_enabled = false where id = $1', [SECOND]);
    const off = await authed(other, 'POST', `/reviews/${secondClient}`, {});
    assert.equal(off.statusCode, 400);
    assert.equal(off.json().message, REVIEW_MESSAGES.disabled);
    assert.deepEqual((await s.db.query('select count(*)::int as n from service_reviews'))[0], before_);
  });
});

describe('the public service review page API', () => {
  let pending: string;
  before(async () => {
    pending = ((await authed(owner, 'POST', `/reviews/${carter}`, {})).json() as ReviewRequestResponse).review.id;
  });

  it('answers the agency name and the review with nothing but the first name of its person, without a token', async () => {
    const account = await open('GET', `/service-review/${DEMO}`);
    assert.equal(account.statusCode, 200);
    assert.deepEqual(account.json(), { account: { name: 'Demo Insurance Agency' }, review: null, googleReviewUrl: null });
    const res = await open('GET', `/service-review/${DEMO}/${pending}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      account: { name: 'Demo Insurance Agency' },
      review: { id: pending, firstName: 'James', rating: null, feedback: null },
      googleReviewUrl: null,
    });
    for (const secret of ['Carter', 'james.carter', '1512555', 'Olivia']) assert.ok(!res.body.includes(secret), secret);
  });

  it('takes one answer; a rating at or above the minimum offers the Google review page', async () => {
    const res = await open('POST', `/service-review/${DEMO}/${pending}`, { rating: 4, feedback: '  Quick and friendly.  ' });
    assert.equal(res.statusCode, 200);
    const body: PublicReview = res.json();
    assert.deepEqual(body.review, { id: pending, firstName: 'James', rating: 4, feedback: 'Quick and friendly.' });
    assert.equal(body.googleReviewUrl, googleReviewUrl(PLACE));
    const again = await open('POST', `/service-review/${DEMO}/${pending}`, { rating: 1 });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, REVIEW_MESSAGES.alreadyAnswered);
    const stored: Review[] = (await authed(owner, 'GET', `/reviews/client/${carter}`)).json();
    const answered = stored.find((r) => r.id === pending)!;
    assert.equal(answered.rating, 4);
    assert.ok(answered.answeredAt);
  });

  it('offers no Google page below the minimum, and takes the review id in the body too', async () => {
    const id = await insertReview(s.db, DEMO, { clientId: chen, clientLevel: 'primary', requestedBy: null });
    const res = await open('POST', `/service-review/${DEMO}`, { reviewId: id, rating: 3 });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().googleReviewUrl, null);
    assert.equal(res.json().review.feedback, null);
    const missing = await open('POST', `/service-review/${DEMO}`, { rating: 3 });
    assert.equal(missing.statusCode, 400);
  });

  it('validates the rating, the feedback and the ids', async () => {
    const id = await insertReview(s.db, DEMO, { clientId: chen, clientLevel: 'primary', requestedBy: null });
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, {}, { rating: '5' }]) {
      const res = await open('POST', `/service-review/${DEMO}/${id}`, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().message, REVIEW_MESSAGES.ratingRequired);
    }
    const long = await open('POST', `/service-review/${DEMO}/${id}`, { rating: 5, feedback: 'x'.repeat(2001) });
    assert.equal(long.statusCode, 400);
    assert.equal((await open('GET', `/service-review/${DEMO}/not-an-id`)).json().message, REVIEW_MESSAGES.notFound);
    assert.equal((await open('GET', `/service-review/nope`)).statusCode, 404);
    const [{ rating }] = await s.db.query<{ rating: number | null }>('select rating from service_reviews where id = $1', [id]);
    assert.equal(rating, null);
  });

  it("never reaches another account's review, nor an account that takes no reviews", async () => {
    const id = await insertReview(s.db, DEMO, { clientId: chen, clientLevel: 'primary', requestedBy: null });
    await s.db.query('update accounts set service_review_enabled = true where id = $1', [SECOND]);
    const read = await open('GET', `/service-review/${SECOND}/${id}`);
    assert.equal(read.statusCode, 404);
    assert.equal(read.json().message, REVIEW_MESSAGES.notFound);
    assert.ok(!read.body.includes('Chen'));
    assert.equal((await open('POST', `/service-review/${SECOND}/${id}`, { rating: 1 })).statusCode, 404);
    assert.equal((await open('POST', `/service-review/${SECOND}`, { reviewId: id, rating: 1 })).statusCode, 404);
    await s.db.query('update accounts set service_review_enabled = false where id = $1', [SECOND]);
    assert.equal((await open('GET', `/service-review/${SECOND}`)).statusCode, 404);
    assert.equal((await open('GET', `/service-review/00000000-0000-4000-8000-0000000000ff`)).statusCode, 404);
    const [{ rating }] = await s.db.query<{ rating: number | null }>('select rating from service_reviews where id = $1', [id]);
    assert.equal(rating, null);
  });

  it('slows down an address that calls too often, and only that address', async () => {
    let last = 0;
    for (let i = 0; i < 41; i++) last = (await open('GET', `/service-review/${DEMO}`, undefined, '10.0.0.99')).statusCode;
    assert.equal(last, 429);
    const refused = await open('POST', `/service-review/${DEMO}/${pending}`, { rating: 5 }, '10.0.0.99');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, REVIEW_MESSAGES.tooMany);
    assert.equal((await open('GET', `/service-review/${DEMO}`, undefined, '10.0.0.100')).statusCode, 200);
  });
});
