import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Conference } from '@agency/contracts';
import { signWebhook, SIGNATURE_HEADER, VOICE_PATHS } from '../../providers/carrier/index';
import { DEMO_ACCOUNTS } from '../../seed';
import { DEMO, freshDb, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { connect, type ClientSocket } from '../../testing/sockets';
import { EMMA } from './testSupport';

/**
 * Two API processes behind Redis: the carrier tells process A that someone joined a conference or
 * is talking; the call panel of a browser connected to process B, with its phone on, hears it.
 * Runs when REDIS_URL is set (npm test sets it for its PostgreSQL + Redis pass).
 */
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  let a: TestServer;
  let b: TestServer;
  let db: Awaited<ReturnType<typeof freshDb>>;
  let onB: ClientSocket;

  before(async () => {
    db = await freshDb();
    a = await startTestServer({ listen: true, db, redisUrl });
    b = await startTestServer({ listen: true, db, redisUrl });
    const employee = await signIn(b.app, 'employee@demo.test');
    onB = await connect(b.url!, DEMO_ACCOUNTS.demo.dbName, employee.token, employee.user.id);
    await new Promise<void>((resolve) => onB.emit('phone_join', resolve));
  });
  after(async () => {
    onB.close();
    await a.close();
    await b.close();
    await db.drop();
  });

  describe('conference events across two API processes and Redis', () => {
    it('reach the phone of a browser on the other process: who joined, and who is talking', async () => {
      const callId = randomUUID();
      await a.db.query(
        `insert into calls (id, account_id, call_sid, leg_sid, format, status, direction, phone_number, agency_number, user_id, conference_name, answered_at)
         values ($1, $2, 'CAparent', 'CAemma', 'inbound', 'in-progress', 'incoming', '15125558822', '15125550001', $3, $4, now())`,
        [callId, DEMO, EMMA, `conf-${callId}`],
      );
      await a.db.query(
        `insert into call_participants (id, call_id, account_id, label, call_sid, user_id, is_host, status) values ($1, $2, $3, $4, 'CAemma', $5, true, 'ringing')`,
        [randomUUID(), callId, DEMO, `client:${EMMA}`, EMMA],
      );
      const post = (params: Record<string, string>) => {
        const path = `${VOICE_PATHS.conferenceEvent}?call=${callId}`;
        return a.app.inject({
          method: 'POST',
          url: path,
          payload: new URLSearchParams(params).toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            [SIGNATURE_HEADER]: signWebhook(a.app.deps.carrier.webhookToken, `${a.app.deps.carrier.publicUrl}${path}`, params),
          },
        });
      };
      const joined = new Promise<Conference>((resolve) =>
        onB.on('conference_update', ({ conference }) => conference.participants[0]?.status === 'joined' && resolve(conference)),
      );
      const talking = new Promise<{ label: string; speaking: boolean }>((resolve) => onB.on('volume', (v) => v.phoneId === callId && resolve(v)));
      assert.equal(
        (await post({ StatusCallbackEvent: 'participant-join', CallSid: 'CAemma', ConferenceSid: 'CF1', FriendlyName: `conf-${callId}` })).statusCode,
        200,
      );
      assert.equal((await joined).phoneId, callId);
      assert.equal(
        (await post({ StatusCallbackEvent: 'participant-speech-start', CallSid: 'CAemma', ConferenceSid: 'CF1', FriendlyName: `conf-${callId}` })).statusCode,
        200,
      );
      assert.deepEqual(await talking, { phoneId: callId, label: `client:${EMMA}`, speaking: true });
    });
  });
}
