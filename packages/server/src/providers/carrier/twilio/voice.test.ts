import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { fakeTwilio, TEST_ACCOUNT_SID } from './testTwilio';
import { createTwilioVoice } from './voice';

const keys = {
  accountSid: TEST_ACCOUNT_SID,
  authToken: 'auth',
  apiKey: 'SK00000000000000000000000000000002',
  apiSecret: 'secret',
  twimlAppSid: 'AP00000000000000000000000000000003',
};
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
    assert.deepEqual(payload.grants, {
      identity: '00000000-0000-4000-9000-000000000003',
      voice: { incoming: { allow: true }, outgoing: { application_sid: keys.twimlAppSid } },
    });
    const [h, p, sig] = jwt.split('.');
    assert.equal(createHmac('sha256', keys.apiSecret).update(`${h}.${p}`).digest('base64url'), sig);
    assert.equal(voice.signaling(), null);
  });

  it('says what it needs when the keys are missing', async () => {
    const voice = createTwilioVoice({ accountSid: keys.accountSid }, noClient, 'https://agency.example.com');
    await assert.rejects(voice.accessToken('u1', 60), /TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID/);
  });
});

describe('Twilio conferences', () => {
  const base = `https://api.twilio.com/2010-04-01/Accounts/${keys.accountSid}/Conferences`;
  const reply = (method: string, uri: string) => {
    if (method === 'GET' && uri === `${base}.json`)
      return {
        conferences: [{ sid: 'CF00000000000000000000000000000009', friendly_name: 'conf-1' }],
        meta: { key: 'conferences', page: 0, page_size: 1 },
        end: 0,
        start: 0,
        page: 0,
        page_size: 1,
      };
    if (method === 'DELETE') return null;
    return { call_sid: 'CA00000000000000000000000000000007', conference_sid: 'CF00000000000000000000000000000009', sid: 'CF00000000000000000000000000000009' };
  };

  it('calls a participant in through the participants API, coaching when asked, with our callbacks', async () => {
    const { requests, client } = fakeTwilio(reply);
    const voice = createTwilioVoice(keys, client, 'https://agency.example.com');
    const sid = await voice.addParticipant('conf-1', {
      to: 'client:00000000-0000-4000-9000-000000000003',
      from: '+15125550001',
      coach: 'CA00000000000000000000000000000005',
      statusCallback: '/api/carrier/voice/conference-call?call=1',
      conferenceStatusCallback: '/api/carrier/voice/conference-event?call=1',
    });
    assert.equal(sid, 'CA00000000000000000000000000000007');
    const [req] = requests;
    assert.deepEqual([req!.method, req!.uri], ['POST', `${base}/conf-1/Participants.json`]);
    assert.equal(req!.data.To, 'client:00000000-0000-4000-9000-000000000003');
    assert.equal(req!.data.From, '+15125550001');
    assert.equal(req!.data.Coaching, 'true');
    assert.equal(req!.data.CallSidToCoach, 'CA00000000000000000000000000000005');
    assert.equal(req!.data.StatusCallback, 'https://agency.example.com/api/carrier/voice/conference-call?call=1');
    assert.equal(req!.data.ConferenceStatusCallback, 'https://agency.example.com/api/carrier/voice/conference-event?call=1');
    assert.deepEqual(req!.data.ConferenceStatusCallbackEvent, ['join', 'leave', 'end', 'hold', 'mute', 'speaker']);
  });

  it('holds, removes and ends by the conference found from its name', async () => {
    const { requests, client } = fakeTwilio(reply);
    const voice = createTwilioVoice(keys, client, 'https://agency.example.com');
    await voice.updateParticipant('conf-1', 'CA00000000000000000000000000000007', { hold: true, holdUrl: 'https://example.com/hold.mp3' });
    assert.deepEqual(requests[0]!.params, { FriendlyName: 'conf-1', Status: 'in-progress', PageSize: 1 });
    assert.deepEqual(
      [requests[1]!.method, requests[1]!.uri],
      ['POST', `${base}/CF00000000000000000000000000000009/Participants/CA00000000000000000000000000000007.json`],
    );
    assert.deepEqual(requests[1]!.data, { Hold: 'true', HoldUrl: 'https://example.com/hold.mp3', HoldMethod: 'GET' });
    await voice.removeParticipant('conf-1', 'CA00000000000000000000000000000007');
    assert.equal(requests[3]!.method, 'DELETE');
    await voice.endConference('conf-1');
    assert.deepEqual([requests[5]!.uri, requests[5]!.data], [`${base}/CF00000000000000000000000000000009.json`, { Status: 'completed' }]);
  });
});
