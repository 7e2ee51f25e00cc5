import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { SmsAck, SmsMessage, SmsRoom } from '@agency/contracts';
import { signWebhook } from '../../providers/carrier/index';
import { DEMO_ACCOUNTS } from '../../seed';
import { freshDb, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { connect, type ClientSocket } from '../../testing/sockets';
import { DEMO_PHONES } from '../locations/seed';
import { INBOUND_PATH } from './webhooks';

/**
 * Two API processes behind Redis serving one account: a text that reaches process A (the
 * carrier's webhook, or a reply typed there) reaches a screen connected to process B. Runs when
 * REDIS_URL is set (npm test sets it for its PostgreSQL + Redis pass).
 */
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  let a: TestServer;
  let b: TestServer;
  let db: Awaited<ReturnType<typeof freshDb>>;
  let onA: ClientSocket;
  let onB: ClientSocket;

  before(async () => {
    db = await freshDb();
    a = await startTestServer({ listen: true, db, redisUrl, jobs: true });
    b = await startTestServer({ listen: true, db, redisUrl });
    const owner = await signIn(a.app, 'owner@demo.test');
    const employee = await signIn(b.app, 'employee@demo.test');
    onA = await connect(a.url!, DEMO_ACCOUNTS.demo.dbName, owner.token, owner.user.id);
    onB = await connect(b.url!, DEMO_ACCOUNTS.demo.dbName, employee.token, employee.user.id);
  });
  after(async () => {
    onA.close();
    onB.close();
    await a.close();
    await b.close();
    await db.drop();
  });

  const nextUpdate = (socket: ClientSocket, text: string) =>
    new Promise<{ room: SmsRoom; message: SmsMessage }>((resolve) => {
      const listen = (e: { room: SmsRoom; message: SmsMessage }) => {
        if (e.message.message !== text) return;
        socket.off('sms_room_update', listen);
        resolve(e);
      };
      socket.on('sms_room_update', listen);
    });

  describe('texts across two API processes and Redis', () => {
    it('a text the carrier posts to process A lights up a screen on process B', async () => {
      const seen = nextUpdate(onB, 'Hello from the client');
      const params = {
        MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
        AccountSid: a.app.deps.carrier.accountSid,
        From: '+15125558811',
        To: `+${DEMO_PHONES.austinMain.number}`,
        Body: 'Hello from the client',
      };
      const url = `${a.app.deps.carrier.publicUrl}${INBOUND_PATH}`;
      const res = await a.app.inject({
        method: 'POST',
        url: INBOUND_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(a.app.deps.carrier.webhookToken, url, params) },
        payload: new URLSearchParams(params).toString(),
      });
      assert.equal(res.statusCode, 200);
      const got = await seen;
      assert.equal(got.room.phoneNumber, '15125558811');
    });

    it('a reply typed on process A, and its delivery, reach the screen on process B', async () => {
      const rooms = await new Promise<SmsRoom[]>((resolve, reject) =>
        (onA.emit as unknown as (e: string, r: object, ack: (res: SmsAck<SmsRoom[]>) => void) => void)('sms_rooms', {}, (res) =>
          res.ok ? resolve(res.data) : reject(new Error(res.message)),
        ),
      );
      const room = rooms.find((r) => r.phoneNumber === '15125558811')!;
      const delivered = new Promise<SmsMessage>((resolve) => {
        const listen = (e: { message: SmsMessage }) => {
          if (e.message.message === 'Reply from A' && e.message.status === 'delivered') {
            onB.off('sms_room_update', listen);
            resolve(e.message);
          }
        };
        onB.on('sms_room_update', listen);
      });
      (onA.emit as unknown as (e: string, r: object, ack: () => void) => void)(
        'sms_send_message',
        { roomId: room.id, id: randomUUID(), message: 'Reply from A' },
        () => undefined,
      );
      assert.equal((await delivered).status, 'delivered');
    });
  });
}
