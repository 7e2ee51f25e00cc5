import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SMS_MESSAGES, type SmsUpload } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { signWebhook } from '../../providers/carrier/index';
import { DEMO_PHONES } from '../locations/seed';
import { sendFromRoom, sendPending } from './outbound';
import { INBOUND_PATH } from './webhooks';
import { ensureRoom } from './service';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----sms${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: SignedIn, name: string, data: Buffer) => {
  const body = multipart(name, data);
  return s.app.inject({ method: 'POST', url: '/api/utilities/upload/sms', headers: { ...bearer(who.token), ...body.headers }, payload: body.payload });
};

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  other = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

describe('pictures in texts', () => {
  it('takes a JPEG, PNG or GIF up to 5 MB, and nothing else', async () => {
    const pdf = await upload(owner, 'quote.pdf', Buffer.from('%PDF-1.4 ...'));
    assert.deepEqual([pdf.statusCode, pdf.json().message], [400, SMS_MESSAGES.mediaType]);
    const renamed = await upload(owner, 'car.png', Buffer.from('MZ not a picture'));
    assert.deepEqual([renamed.statusCode, renamed.json().message], [400, SMS_MESSAGES.mediaType]);
    const big = await upload(owner, 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    assert.deepEqual([big.statusCode, big.json().message], [413, SMS_MESSAGES.mediaTooLarge]);
    const bare = await s.app.inject({ method: 'POST', url: '/api/utilities/upload/sms', headers: bearer(owner.token) });
    assert.equal(bare.statusCode, 400);
  });

  it('serves an uploaded picture at its unguessable address only', async () => {
    const res = await upload(owner, 'car.png', PNG);
    assert.equal(res.statusCode, 200, res.body);
    const up = res.json() as SmsUpload;
    assert.equal(up.format, 'image/png');
    // A path on the app's own origin: it shows at localhost as at 127.0.0.1 or the agency's domain.
    assert.match(up.info, /^\/api\/media\/sms\/[0-9a-f-]{36}\/[\w-]{43}$/);
    const got = await s.app.inject({ method: 'GET', url: up.info });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.deepEqual(got.rawPayload, PNG);
    const wrong = up.info.replace(/\/[^/]+$/, `/${'x'.repeat(43)}`);
    assert.equal((await s.app.inject({ method: 'GET', url: wrong })).statusCode, 404);
  });

  it('a text carries the account’s own pictures to the carrier, and no other address', async () => {
    const up = (await upload(owner, 'car.png', PNG)).json() as SmsUpload;
    const foreign = (await upload(other, 'theirs.png', PNG)).json() as SmsUpload;
    const roomId = await s.db.tx((q) => ensureRoom(q, DEMO, '15125550444', '15125550001', null));
    const who = { accountId: DEMO, userId: owner.user.id };
    await assert.rejects(
      sendFromRoom(s.app.deps, who, { roomId, id: randomUUID(), message: 'Look', media: [{ format: 'image/png', info: 'https://evil.example/x.png' }] }),
      { message: SMS_MESSAGES.mediaUnknown },
    );
    await assert.rejects(sendFromRoom(s.app.deps, who, { roomId, id: randomUUID(), message: 'Look', media: [foreign] }), {
      message: SMS_MESSAGES.mediaUnknown,
    });
    const sent = await sendFromRoom(s.app.deps, who, { roomId, id: randomUUID(), message: '', media: [{ format: 'whatever', info: up.info }] });
    assert.deepEqual(sent.media, [{ format: 'image/png', info: up.info }]);
    // An address given whole (as uploads used to answer) is kept as its path too.
    const whole = `${s.app.deps.carrier.publicUrl}${up.info}`;
    const again = await sendFromRoom(s.app.deps, who, { roomId, id: randomUUID(), message: '', media: [{ format: 'image/png', info: whole }] });
    assert.deepEqual(again.media, [{ format: 'image/png', info: up.info }]);
    // The carrier, which has no page to be relative to, is given the whole address.
    const sends: string[][] = [];
    const sendText = s.app.deps.carrier.sendText;
    s.app.deps.carrier.sendText = async (text) => {
      sends.push(text.mediaUrls ?? []);
      return sendText(text);
    };
    try {
      const austin = await s.db.tx((q) => ensureRoom(q, DEMO, '15125550446', DEMO_PHONES.austinMain.number, null));
      const third = await sendFromRoom(s.app.deps, who, { roomId: austin, id: randomUUID(), message: 'Here', media: [up] });
      await sendPending(s.app.deps, DEMO, third.id);
      assert.deepEqual(sends, [[whole]]);
    } finally {
      s.app.deps.carrier.sendText = sendText;
    }
  });

  it('brings texts stored with whole local addresses back to paths, and leaves the carrier’s addresses alone', async () => {
    const roomId = await s.db.tx((q) => ensureRoom(q, DEMO, '15125550445', '15125550001', null));
    const id = randomUUID();
    const carrierUrl = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1';
    await s.db.query(
      `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, media, status)
       values ($1, $2, $3, 'incoming', 'message', '15125550445', '15125550001', 'Roof', $4, 'received')`,
      [
        id,
        DEMO,
        roomId,
        JSON.stringify([
          { format: 'image/png', info: 'http://127.0.0.1:8080/api/media/sms/5d0b9c4e-8d8b-4a59-9a53-2f4c6f1f7a10/abc' },
          { format: 'image/png', info: carrierUrl },
        ]),
      ],
    );
    await s.db.exec(readFileSync(new URL('../../db/migrations/106_sms_media_paths.sql', import.meta.url), 'utf8'));
    const [row] = await s.db.query<{ media: Array<{ info: string }> }>('select media from sms_messages where id = $1', [id]);
    assert.deepEqual(
      row!.media.map((m) => m.info),
      ['/api/media/sms/5d0b9c4e-8d8b-4a59-9a53-2f4c6f1f7a10/abc', carrierUrl],
    );
  });
});

describe("the carrier's pictures", () => {
  const TWILIO_MEDIA = 'https://api.twilio.com/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages/MM1/Media/ME1';
  const inbound = (params: Record<string, string>) => {
    const url = `${s.app.deps.carrier.publicUrl}${INBOUND_PATH}`;
    return s.app.inject({
      method: 'POST',
      url: INBOUND_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(s.app.deps.carrier.webhookToken, url, params) },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it("are fetched from the carrier and served from the app's own origin, so the CSP stays img-src 'self'", async () => {
    const carrier = s.app.deps.carrier;
    const fetchMedia = carrier.fetchMedia;
    const asked: string[] = [];
    carrier.fetchMedia = async (url) => (asked.push(url), url === TWILIO_MEDIA ? { data: PNG, type: 'image/png' } : null);
    try {
      const sid = `SM${randomUUID().replace(/-/g, '')}`;
      const res = await inbound({
        MessageSid: sid,
        AccountSid: carrier.accountSid,
        From: '+15125556611',
        To: `+${DEMO_PHONES.austinMain.number}`,
        Body: 'My new car',
        NumMedia: '1',
        MediaUrl0: TWILIO_MEDIA,
        MediaContentType0: 'image/png',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(asked, [TWILIO_MEDIA]);
      const [row] = await s.db.query<{ media: Array<{ format: string; info: string }> }>('select media from sms_messages where carrier_sid = $1', [sid]);
      assert.equal(row!.media.length, 1);
      const { format, info } = row!.media[0]!;
      assert.equal(format, 'image/png');
      assert.ok(info.startsWith('/api/media/sms/'), info);
      const got = await s.app.inject({ method: 'GET', url: info });
      assert.deepEqual([got.statusCode, got.headers['content-type']], [200, 'image/png']);
      assert.deepEqual(got.rawPayload, PNG);
      const page = await s.app.inject({ method: 'GET', url: '/api/healthcheck' });
      assert.match(String(page.headers['content-security-policy']), /img-src 'self' data: blob:(;|$)/);
    } finally {
      carrier.fetchMedia = fetchMedia;
    }
  });

  it('are fetched from Twilio only, with its credentials', async () => {
    const { createTwilioSms } = await import('../../providers/carrier/twilio/sms');
    const sms = createTwilioSms(() => Promise.reject(new Error('no SDK needed')), { accountSid: 'AC00000000000000000000000000000001', authToken: 'tok' });
    const realFetch = globalThis.fetch;
    const seen: Array<{ url: string; authorization: string | null }> = [];
    globalThis.fetch = (async (input: URL | string, init?: RequestInit) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(PNG, { headers: { 'content-type': 'image/png' } });
    }) as typeof fetch;
    try {
      assert.deepEqual(await sms.fetchMedia(TWILIO_MEDIA, 1024), { data: PNG, type: 'image/png' });
      assert.deepEqual(seen, [{ url: TWILIO_MEDIA, authorization: `Basic ${Buffer.from('AC00000000000000000000000000000001:tok').toString('base64')}` }]);
      assert.equal(await sms.fetchMedia('https://evil.example/api.twilio.com/x.png', 1024), null);
      assert.equal(await sms.fetchMedia('https://api.twilio.com/2010-04-01/Accounts/AC99999999999999999999999999999999/Messages/MM1/Media/ME1', 1024), null);
      assert.equal(await sms.fetchMedia(TWILIO_MEDIA, 10), null, 'larger than a text may carry');
      assert.equal(seen.length, 2, 'only Twilio addresses of our own account are asked');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
