import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTwilioNumbers } from './numbers';
import { fakeTwilio, TEST_ACCOUNT_SID } from './testTwilio';

const API = `https://api.twilio.com/2010-04-01/Accounts/${TEST_ACCOUNT_SID}`;
const OURS = 'PN0000000000000000000000000000aaaa';
const number = (sid: string, accountSid = TEST_ACCOUNT_SID) => ({ sid, account_sid: accountSid, phone_number: '+15125550177', status: 'in-use' });

describe("Twilio: the numbers under the platform's account", () => {
  it('proves a number by its SID under the account, and only there', async () => {
    const fake = fakeTwilio((_method, uri) => {
      if (uri === `${API}/IncomingPhoneNumbers/${OURS}.json`) return number(OURS);
      if (uri.endsWith('PNelsewhere.json')) return number('PNelsewhere', 'AC00000000000000000000000000000099');
      return { code: 20404, message: 'The requested resource was not found', status: 404 };
    });
    const numbers = createTwilioNumbers(fake.client, TEST_ACCOUNT_SID);
    assert.equal(numbers.accountSid, TEST_ACCOUNT_SID);
    assert.deepEqual(await numbers.lookupNumber(OURS, 'agency'), { sid: OURS, phoneNumber: '15125550177' });
    assert.equal(await numbers.lookupNumber('PNmissing', 'agency'), null);
    assert.equal(await numbers.lookupNumber('PNelsewhere', 'agency'), null);
  });

  it('finds a number by its digits, points its webhooks, and calls a port complete once the number is under the account', async () => {
    let listed: unknown[] = [];
    const fake = fakeTwilio((method, uri) => {
      if (method === 'GET' && uri === `${API}/IncomingPhoneNumbers.json`) return { incoming_phone_numbers: listed, next_page_uri: null, page: 0, page_size: 1 };
      if (method === 'POST' && uri === `${API}/IncomingPhoneNumbers/${OURS}.json`) return number(OURS);
      return { code: 20404, message: 'Not found', status: 404 };
    });
    const numbers = createTwilioNumbers(fake.client, TEST_ACCOUNT_SID);
    assert.deepEqual(await numbers.portState('15125550177', 'agency'), { state: 'pending' });
    assert.equal(fake.requests.at(-1)!.params.PhoneNumber, '+15125550177');
    listed = [number(OURS)];
    assert.deepEqual(await numbers.findNumber('+1 (512) 555-0177'), { sid: OURS, phoneNumber: '15125550177' });
    assert.deepEqual(await numbers.portState('15125550177', 'agency'), { state: 'completed', number: { sid: OURS, phoneNumber: '15125550177' } });
    await numbers.setNumberHooks(OURS, { smsUrl: `https://desk.example/api/carrier/sms/inbound?number=${OURS}`, voiceUrl: 'https://desk.example/v' });
    assert.deepEqual(fake.requests.at(-1)!.data, { SmsUrl: `https://desk.example/api/carrier/sms/inbound?number=${OURS}`, VoiceUrl: 'https://desk.example/v' });
  });
});
