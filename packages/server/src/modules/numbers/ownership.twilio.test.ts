import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signWebhook, SIGNATURE_HEADER, VOICE_PATHS } from '../../providers/carrier/index';
import { createTwilioNumbers } from '../../providers/carrier/twilio/numbers';
import { fakeTwilio, TEST_ACCOUNT_SID } from '../../providers/carrier/twilio/testTwilio';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_PHONES } from '../locations/seed';
import { NUMBER_MESSAGES } from '../numberOwnership/ownership';

/*
 * With CARRIER=twilio: the numbers the carrier speaks for are Twilio's IncomingPhoneNumbers under
 * the platform's account (the SDK against a recording of Twilio's API).
 */
let s: TestServer;
let owner: string;
let other: string;
const API = `https://api.twilio.com/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/IncomingPhoneNumbers`;
const DEMO_SID = `PN${DEMO_PHONES.austinSales.id.replace(/-/g, '')}`;
const SPARE_AT_TWILIO = 'PN00000000000000000000000000000777';
const incoming = (sid: string, phoneNumber: string) => ({ sid, account_sid: TEST_ACCOUNT_SID, phone_number: `+${phoneNumber}`, status: 'in-use' });
const fake = fakeTwilio((method, uri) => {
  if (uri === `${API}/${SPARE_AT_TWILIO}.json`) return incoming(SPARE_AT_TWILIO, '15125550777');
  if (method === 'POST' && uri === `${API}/${DEMO_SID}.json`) return incoming(DEMO_SID, DEMO_PHONES.austinSales.number);
  if (method === 'GET' && uri === `${API}.json`) {
    // The SDK sends a list's filters as the query (the request is kept before it is answered).
    const asked = String(fake.requests.at(-1)!.params.PhoneNumber ?? '');
    const list = asked === `+${DEMO_PHONES.austinSales.number}` ? [incoming(DEMO_SID, DEMO_PHONES.austinSales.number)] : [];
    return { incoming_phone_numbers: list, next_page_uri: null, page: 0, page_size: 1 };
  }
  return { code: 20404, message: 'The requested resource was not found', status: 404 };
});

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
async function callLandsIn(to: string, path: string = VOICE_PATHS.incoming, accountSid = TEST_ACCOUNT_SID): Promise<string | null> {
  const params = { CallSid: `CA${randomUUID().replace(/-/g, '')}`, AccountSid: accountSid, From: '+15125550188', To: `+${to}`, CallStatus: 'ringing' };
  await s.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [SIGNATURE_HEADER]: signWebhook(s.app.deps.carrier.webhookToken, `${s.app.deps.carrier.publicUrl}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  const [row] = await s.db.query<{ account_id: string }>('select account_id from calls where call_sid = $1', [params.CallSid]);
  return row?.account_id ?? null;
}

before(async () => {
  s = await startTestServer();
  // The app's carrier answers for its numbers as Twilio does (the same object every route holds).
  Object.assign(s.app.deps.carrier, { kind: 'twilio' }, createTwilioNumbers(fake.client, TEST_ACCOUNT_SID));
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('numbers with Twilio', () => {
  it('refuses a number added as in use and default, and one whose SID is not under the account', async () => {
    const forced = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: DEMO_PHONES.austinSales.number, status: 'in-use', isDefault: true });
    assert.deepEqual([forced.statusCode, forced.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    const unknown = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: '15125550999', phoneSid: 'PN00000000000000000000000000000999' });
    assert.deepEqual([unknown.statusCode, unknown.json().message], [400, NUMBER_MESSAGES.notProved]);
    assert.equal(fake.requests.at(-1)!.uri, `${API}/PN00000000000000000000000000000999.json`);
    // The SID is the demo agency's number: Second Agency cannot hold it.
    const theirs = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: DEMO_PHONES.austinSales.number, phoneSid: DEMO_SID });
    assert.equal(theirs.statusCode, 400);
  });

  it('adds a number proved by its SID under the account, and points its webhooks at URLs naming it', async () => {
    const added = await api(owner, 'POST', `/accounts/${DEMO}/phones`, { phoneNumber: '15125550777', phoneSid: SPARE_AT_TWILIO });
    assert.equal(added.statusCode, 201);
    assert.deepEqual([added.json().sid, added.json().status, added.json().origin], [SPARE_AT_TWILIO, 'in-use', 'verified']);
    const pointed = fake.requests.find((r) => r.method === 'POST' && r.uri === `${API}/${SPARE_AT_TWILIO}.json`);
    assert.equal(pointed?.data.SmsUrl, `${s.app.deps.carrier.publicUrl}/api/carrier/sms/inbound?number=${SPARE_AT_TWILIO}`);
    assert.equal(await callLandsIn('15125550777', `${VOICE_PATHS.incoming}?number=${SPARE_AT_TWILIO}`), DEMO);
  });

  it('routes a call by the account and the SID Twilio gives for the number, never by the digits alone', async () => {
    assert.equal(await callLandsIn(DEMO_PHONES.austinSales.number), DEMO);
    const asked = fake.requests.filter((r) => r.method === 'GET' && r.uri === `${API}.json`).at(-1)!;
    assert.equal(asked.params.PhoneNumber, `+${DEMO_PHONES.austinSales.number}`);
    // The number's webhooks now name its SID.
    const pointed = await (async () => {
      for (let i = 0; i < 100; i++) {
        const r = fake.requests.find((x) => x.method === 'POST' && x.uri === `${API}/${DEMO_SID}.json`);
        if (r) return r;
        await new Promise((res) => setTimeout(res, 20));
      }
      return null;
    })();
    assert.equal(pointed?.data.VoiceUrl, `${s.app.deps.carrier.publicUrl}${VOICE_PATHS.incoming}?number=${DEMO_SID}`);
    // Twilio holds no number with these digits under the account: nobody's, though the app's table has a row for them.
    assert.equal(await callLandsIn(DEMO_PHONES.austinMain.number), null);
    // Another Twilio account naming the number: nobody's.
    assert.equal(await callLandsIn(DEMO_PHONES.austinSales.number, VOICE_PATHS.incoming, 'AC00000000000000000000000000000099'), null);
  });
});
