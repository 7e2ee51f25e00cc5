import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTwilioSms, IDEMPOTENCY_HEADER, TwilioApiError } from './sms';
import { fakeTwilio, TEST_ACCOUNT_SID } from './testTwilio';

const text = {
  from: '+15125550001',
  to: '+15125559876',
  body: 'Your renewal is ready.',
  mediaUrls: ['https://agency.example.com/api/media/sms/1/abc'],
  statusCallback: 'https://agency.example.com/api/carrier/sms/status?m=1',
  idempotencyKey: 'text-0001',
};

describe("Twilio's texts", () => {
  it("carry the text's idempotency key, so a retry after a crash texts once", async () => {
    const { requests, client } = fakeTwilio(() => ({ sid: 'SM00000000000000000000000000000001', status: 'queued' }));
    const sms = createTwilioSms(client);
    assert.deepEqual(await sms.sendText(text), { sid: 'SM00000000000000000000000000000001', status: 'queued' });
    await sms.sendText(text);
    assert.equal(requests.length, 2);
    for (const req of requests) {
      assert.deepEqual([req.method, req.uri], ['POST', `https://api.twilio.com/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`]);
      assert.equal(req.headers[IDEMPOTENCY_HEADER], 'text-0001');
      assert.deepEqual(req.data, {
        From: '+15125550001',
        To: '+15125559876',
        Body: 'Your renewal is ready.',
        StatusCallback: 'https://agency.example.com/api/carrier/sms/status?m=1',
        MediaUrl: ['https://agency.example.com/api/media/sms/1/abc'],
      });
    }
    await sms.sendText({ ...text, idempotencyKey: 'text-0002', mediaUrls: [] });
    assert.equal(requests[2]!.headers[IDEMPOTENCY_HEADER], 'text-0002');
    assert.equal('MediaUrl' in requests[2]!.data, false);
  });

  it("throws Twilio's refusal with its code", async () => {
    const { client } = fakeTwilio(() => ({ code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 }));
    const sms = createTwilioSms(client);
    // The fake answers 200 with a body that has no sid: a refusal all the same.
    await assert.rejects(sms.sendText(text), (err: unknown) => err instanceof TwilioApiError && err.code === 21610);
  });
});
