import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb } from '../../../testing/harness';
import { createCarrier } from '../create';
import { isValidWebhook } from '../signature';
import { failNextText } from './sms';

type TestDb = Awaited<ReturnType<typeof freshDb>>;
let db: TestDb;
before(async () => {
  db = await freshDb();
});
after(() => db.drop());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(check(), 'timed out');
};

describe('the local carrier', () => {
  it("keeps a text's status callbacks when it was handed over before the app's routes were bound", async () => {
    const carrier = createCarrier({ kind: 'local', publicUrl: 'http://127.0.0.1:9', localSecret: Buffer.alloc(32, 7) }, db);
    const sent = await carrier.sendText({
      from: '+15125550001',
      to: '+15125550111',
      body: 'early',
      statusCallback: 'http://127.0.0.1:9/api/carrier/sms/status?message=m1',
      idempotencyKey: 'early-1',
    });
    await new Promise((r) => setTimeout(r, 200)); // its callbacks are due, and wait
    const calls: Array<{ url: string; status: string; valid: boolean }> = [];
    carrier.bind(async (url, params, signature) => {
      calls.push({ url, status: params.MessageStatus!, valid: isValidWebhook(carrier.webhookToken, signature, url, params) });
      return '';
    });
    await until(() => calls.length === 3);
    assert.deepEqual(
      calls.map((c) => [c.status, c.valid, c.url.endsWith('?message=m1')]),
      [
        ['queued', true, true],
        ['sent', true, true],
        ['delivered', true, true],
      ],
    );
    assert.ok(sent.sid.startsWith('SM'));
    await carrier.close();
  });

  it('hands a key over once', async () => {
    const carrier = createCarrier({ kind: 'local', publicUrl: 'http://127.0.0.1:9', localSecret: Buffer.alloc(32, 7) }, db);
    await carrier.close();
    const text = {
      from: '+15125550001',
      to: '+15125550112',
      body: 'once',
      statusCallback: 'http://127.0.0.1:9/api/carrier/sms/status',
      idempotencyKey: 'once-1',
    };
    const [a, b] = await Promise.all([carrier.sendText(text), carrier.sendText(text)]);
    assert.equal(a.sid, b.sid);
  });

  it('fails the next text to a number when told to, and delivers the one after it', async () => {
    const carrier = createCarrier({ kind: 'local', publicUrl: 'http://127.0.0.1:9', localSecret: Buffer.alloc(32, 7) }, db);
    const calls: Array<{ url: string; status: string; error?: string }> = [];
    carrier.bind(async (url, params) => {
      calls.push({ url, status: params.MessageStatus!, error: params.ErrorCode });
      return '';
    });
    await failNextText(db, '(512) 555-0113', 'undelivered');
    const text = (key: string) => ({
      from: '+15125550001',
      to: '+15125550113',
      body: key,
      statusCallback: `http://127.0.0.1:9/s?message=${key}`,
      idempotencyKey: key,
    });
    const first = await carrier.sendText(text('fail-1'));
    await until(() => calls.filter((c) => c.url.endsWith('=fail-1')).length === 3);
    assert.deepEqual(calls.filter((c) => c.url.endsWith('=fail-1')).at(-1), {
      url: 'http://127.0.0.1:9/s?message=fail-1',
      status: 'undelivered',
      error: '30003',
    });
    assert.equal((await carrier.textStatus(first.sid))?.status, 'undelivered');
    // The resend goes through.
    const second = await carrier.sendText(text('fail-2'));
    await until(() => calls.filter((c) => c.url.endsWith('=fail-2')).length === 3);
    assert.equal(calls.filter((c) => c.url.endsWith('=fail-2')).at(-1)?.status, 'delivered');
    assert.equal((await carrier.textStatus(second.sid))?.status, 'delivered');
    await carrier.close();
  });
});
