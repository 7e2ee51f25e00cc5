import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createTwilioVoice } from './voice';

const keys = { accountSid: 'AC00000000000000000000000000000001', authToken: 'auth', apiKey: 'SK00000000000000000000000000000002', apiSecret: 'secret', twimlAppSid: 'AP00000000000000000000000000000003' };
const noClient = () => Promise.reject(new Error('no network here'));
const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('Twilio voice', () => {
  it('signs an Access Token with a VoiceGrant for the TwiML App, incoming allowed, for the identity and ttl asked', async () => {
    const voice = createTwilioVoice(keys, noClient, 'https://agency.example.com');
    const jwt = await voice.accessToken('00000000-0000-4000-9000-000000000003', 36000);
    const [header, payload] = [part(jwt, 0), part(jwt, 1)];
    assert.equal(header.cty, 'twilio-fpa;v=1');
    assert.equal(payload.iss, keys.apiKey);
    assert.equal(payload.sub, keys.accountSid);
    assert.equal(Number(payload.exp) - Number(payload.iat), 36000);
    assert.deepEqual(payload.grants, { identity: '00000000-0000-4000-9000-000000000003', voice: { incoming: { allow: true }, outgoing: { application_sid: keys.twimlAppSid } } });
    const [h, p, sig] = jwt.split('.');
    assert.equal(createHmac('sha256', keys.apiSecret).update(`${h}.${p}`).digest('base64url'), sig);
    assert.equal(voice.signaling(), null);
  });

  it('says what it needs when the keys are missing', async () => {
    const voice = createTwilioVoice({ accountSid: keys.accountSid }, noClient, 'https://agency.example.com');
    await assert.rejects(voice.accessToken('u1', 60), /TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID/);
  });
});
