import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SMS_MESSAGES, type SmsUpload } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { sendFromRoom } from './outbound';
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
const path = (u: SmsUpload) => u.info.slice(s.app.deps.carrier.publicUrl.length);

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
    const got = await s.app.inject({ method: 'GET', url: path(up) });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.deepEqual(got.rawPayload, PNG);
    const wrong = path(up).replace(/\/[^/]+$/, `/${'x'.repeat(43)}`);
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
  });
});
