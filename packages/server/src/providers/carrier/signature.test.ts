import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { isValidWebhook, signWebhook } from './signature';

describe('carrier webhook signatures', () => {
  const url = 'https://desk.example.test/api/carrier/sms/status';
  const params = { MessageSid: 'SM123', MessageStatus: 'delivered', To: '+15125550100' };

  it('is the HMAC-SHA1 of the URL and the sorted name-value pairs', () => {
    const data =
      url +
      Object.keys(params)
        .sort()
        .map((k) => k + params[k as keyof typeof params])
        .join('');
    const expected = createHmac('sha1', 'secret').update(Buffer.from(data, 'utf8')).digest('base64');
    assert.equal(signWebhook('secret', url, params), expected);
  });

  it('accepts its own signature whatever the order of the parameters', () => {
    const signature = signWebhook('secret', url, params);
    const reordered = { To: params.To, MessageStatus: params.MessageStatus, MessageSid: params.MessageSid };
    assert.equal(isValidWebhook('secret', signature, url, reordered), true);
  });

  it('refuses a missing signature, another key, another URL or a changed parameter', () => {
    const signature = signWebhook('secret', url, params);
    assert.equal(isValidWebhook('secret', undefined, url, params), false);
    assert.equal(isValidWebhook('other', signature, url, params), false);
    assert.equal(isValidWebhook('secret', signature, `${url}?x=1`, params), false);
    assert.equal(isValidWebhook('secret', signature, url, { ...params, MessageStatus: 'failed' }), false);
  });
});
