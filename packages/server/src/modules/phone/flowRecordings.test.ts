import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FLOW_RECORDING_MESSAGES, type CallFlowRecording } from '@agency/contracts';
import { bearer, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';

let s: TestServer;
let owner: SignedIn;
let employee: SignedIn;
let other: SignedIn;
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(256, 7)]);

function multipart(label: string | null, name: string, data: Buffer) {
  const boundary = `----flow${randomUUID()}`;
  const field = label === null ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\n${label}\r\n`;
  const head = Buffer.from(
    `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: SignedIn, label: string | null, name = 'welcome.mp3', data = MP3) => {
  const body = multipart(label, name, data);
  return s.app.inject({ method: 'POST', url: '/api/utilities/upload/callFlow', headers: { ...bearer(who.token), ...body.headers }, payload: body.payload });
};
const list = (who: SignedIn) => s.app.inject({ method: 'GET', url: '/api/utilities/getFiles/callFlow', headers: bearer(who.token) });

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  other = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

describe('call-flow recordings', () => {
  it('need a label and an MP3 or WAV, are at most four, play from their address, and are deleted', async () => {
    assert.equal((await upload(owner, ' ')).json().message, FLOW_RECORDING_MESSAGES.labelRequired);
    assert.equal((await upload(owner, 'Welcome', 'notes.txt', Buffer.from('hello'))).json().message, FLOW_RECORDING_MESSAGES.type);
    assert.equal((await upload(owner, 'Welcome', 'fake.mp3', Buffer.from('MZ not audio'))).json().message, FLOW_RECORDING_MESSAGES.type);
    assert.equal((await upload(employee, 'Welcome')).statusCode, 403);

    const made: CallFlowRecording[] = [];
    for (const label of ['Welcome', 'Voicemail', 'Closed', 'Holiday']) {
      const res = await upload(owner, label);
      assert.equal(res.statusCode, 200, res.body);
      made.push(res.json());
    }
    const fifth = await upload(owner, 'One more');
    assert.deepEqual([fifth.statusCode, fifth.json().message], [400, 'You have reached the maximun of 4 recordings']);
    assert.deepEqual(
      (await list(owner)).json().map((r: CallFlowRecording) => r.name),
      ['Welcome', 'Voicemail', 'Closed', 'Holiday'],
    );
    assert.deepEqual((await list(other)).json(), []);

    // The carrier fetches it without a session; a wrong token finds nothing.
    const path = made[0]!.url.slice(s.app.deps.carrier.publicUrl.length);
    const audio = await s.app.inject({ method: 'GET', url: path });
    assert.deepEqual([audio.statusCode, audio.headers['content-type'], audio.rawPayload.equals(MP3)], [200, 'audio/mpeg', true]);
    assert.equal((await s.app.inject({ method: 'GET', url: `${path.slice(0, -4)}AAAA` })).statusCode, 404);

    const foreign = await s.app.inject({ method: 'DELETE', url: `/api/utilities/upload/callFlow/${made[0]!.id}`, headers: bearer(other.token) });
    assert.equal(foreign.statusCode, 404);
    const removed = await s.app.inject({ method: 'DELETE', url: `/api/utilities/upload/callFlow/${made[0]!.id}`, headers: bearer(owner.token) });
    assert.equal(removed.json().message, FLOW_RECORDING_MESSAGES.deleted);
    assert.equal((await s.app.inject({ method: 'GET', url: path })).statusCode, 404);
    assert.equal(
      (await upload(owner, 'Welcome again', 'welcome.wav', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), Buffer.alloc(64)])))
        .statusCode,
      200,
    );
  });
});
