import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SMS_MESSAGES, SMS_UNREAD_CAP, type SmsAck, type SmsMessage, type SmsRoom } from '@agency/contracts';
import { signWebhook } from '../../providers/carrier/index';
import { DEMO_ACCOUNTS } from '../../seed';
import { bearer, DEMO, demoUserId, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { createRoom } from '../chat/rooms';
import { connect, type ClientSocket } from '../../testing/sockets';
import { DEMO_PHONES } from '../locations/seed';
import { afterQuietHours, CLAIM_SECONDS, resumePending, sendAutomatedText, sendPending, storeOutgoing } from './outbound';
import { ensureRoom, getRoom, touchRoom, unreadTotals } from './service';
import { FAIL_NEXT_PATH, INBOUND_PATH, reconcileStatuses, STATUS_PATH } from './webhooks';

let s: TestServer;
let owner: SignedIn;
let socket: ClientSocket;
const AGENCY = DEMO_PHONES.austinMain.number; // 15125550001
const CLIENT = '15125557777';

before(async () => {
  s = await startTestServer({ listen: true, jobs: true });
  owner = await signIn(s.app, 'owner@demo.test');
  socket = await connect(s.url!, DEMO_ACCOUNTS.demo.dbName, owner.token, owner.user.id);
});
after(async () => {
  socket.close();
  await s.close();
});

const deps = () => s.app.deps;
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
const signed = (path: string, params: Record<string, string>, token = deps().carrier.webhookToken) =>
  s.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(token, `${deps().carrier.publicUrl}${path}`, params) },
    payload: form(params),
  });
const inbound = (body: string, from = CLIENT, sid = `SM${randomUUID().replace(/-/g, '')}`) =>
  signed(INBOUND_PATH, { MessageSid: sid, AccountSid: deps().carrier.accountSid, From: `+${from}`, To: `+${AGENCY}`, Body: body, NumMedia: '0' });
const ask = <T>(event: string, req: object) =>
  new Promise<T>((resolve, reject) =>
    (socket.emit as unknown as (e: string, r: object, ack: (res: SmsAck<T>) => void) => void)(event, req, (res) =>
      res.ok ? resolve(res.data) : reject(new Error(res.message)),
    ),
  );
const roomOf = async (phone = CLIENT) => (await ask<SmsRoom[]>('sms_rooms', {})).find((r) => r.phoneNumber === phone);
async function until<T>(check: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const statusOf = async (id: string) => (await s.db.query<{ status: string }>('select status from sms_messages where id = $1', [id]))[0]?.status;

describe('carrier webhooks', () => {
  it('refuses an unsigned or wrongly signed text and stores nothing', async () => {
    const params = { MessageSid: 'SMunsigned', From: `+${CLIENT}`, To: `+${AGENCY}`, Body: 'hello' };
    const bare = await s.app.inject({
      method: 'POST',
      url: INBOUND_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(params),
    });
    assert.equal(bare.statusCode, 403);
    assert.equal((await signed(INBOUND_PATH, params, 'not-the-token')).statusCode, 403);
    assert.equal((await signed(STATUS_PATH, { MessageSid: 'SMx', MessageStatus: 'delivered' }, 'nope')).statusCode, 403);
    assert.equal((await s.db.query("select 1 from sms_messages where carrier_sid = 'SMunsigned'")).length, 0);
  });

  it('stores a signed text once, however often the carrier retries it, and the room lights up', async () => {
    const seen = new Promise<{ room: SmsRoom; message: SmsMessage }>((resolve) => socket.once('sms_room_update', resolve));
    const sid = 'SMretried0000000000000000000000001';
    for (let i = 0; i < 3; i++) assert.equal((await inbound('Can you call me about my renewal?', CLIENT, sid)).statusCode, 200);
    assert.equal((await s.db.query('select 1 from sms_messages where carrier_sid = $1', [sid])).length, 1);
    const pushed = await seen;
    assert.equal(pushed.message.message, 'Can you call me about my renewal?');
    assert.equal(pushed.message.flow, 'incoming');
    const room = await roomOf();
    assert.ok(room);
    assert.equal(room.unread, 1);
    assert.equal(room.agencyNumber, AGENCY);
  });
});

describe('whose number texted', () => {
  it("finds the client by either applicant's mobile number, and not by another of their phones", async () => {
    const client = (
      await s.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: bearer(owner.token),
        payload: {
          firstName: 'Mona',
          lastName: 'Mobile',
          mobilePhone: '5125550671',
          phone: '5125550673',
          coFirstName: 'Cole',
          coLastName: 'Mobile',
          coMobilePhone: '5125550672',
        },
      })
    ).json();
    for (const from of ['15125550671', '15125550672', '15125550673']) await inbound('Hello', from);
    const [primary, secondary, home] = [await roomOf('15125550671'), await roomOf('15125550672'), await roomOf('15125550673')];
    assert.deepEqual(primary?.client, { id: client.id, name: 'Mona Mobile', level: 'primary' });
    assert.deepEqual(secondary?.client, { id: client.id, name: 'Cole Mobile', level: 'secondary' });
    assert.equal(home?.client, null);
  });
});

describe("the open room's news (sms_room_extras)", () => {
  it("refuses another agency's room and a chat room with a clear message, writing nothing", async () => {
    const theirs = randomUUID();
    await s.db.query(`insert into sms_rooms (id, account_id, phone_number, agency_number, status) values ($1, $2, '15125550990', '15125550991', 'open')`, [
      theirs,
      DEMO_ACCOUNTS.second.id,
    ]);
    const reads = async (roomId: string) => (await s.db.query('select 1 from sms_reads where room_id = $1', [roomId])).length;
    await assert.rejects(ask('sms_room_extras', { roomId: theirs }), { message: SMS_MESSAGES.noRoom });
    assert.equal(await reads(theirs), 0, "nothing written for another agency's room");
    const owners = { accountId: DEMO, userId: owner.user.id, role: 'owner' as const };
    const chat = await createRoom(s.db, owners, { format: 'group', userIds: [demoUserId('admin@demo.test')], title: 'Quotes' });
    await assert.rejects(ask('sms_room_extras', { roomId: chat.room.id }), { message: SMS_MESSAGES.noRoom });
    assert.equal(await reads(chat.room.id), 0);
    // and a room of its own is read
    await inbound('Is my card in the mail?', '15125557788');
    const mine = await until(() => roomOf('15125557788'), 'the room');
    assert.equal((await ask<SmsRoom>('sms_room_extras', { roomId: mine.id })).unread, 0);
    assert.equal(await reads(mine.id), 1);
  });
});

describe('unread counts', () => {
  it("count each person's unread texts, a room's and the tab's, up to the cap", async () => {
    const employee = await signIn(s.app, 'employee2@demo.test');
    const me = employee.user.id;
    await s.db.query(
      `insert into sms_reads (room_id, user_id, read_at) select id, $1, now() from sms_rooms where account_id = $2 on conflict (room_id, user_id) do update set read_at = now()`,
      [me, DEMO],
    );
    assert.equal((await unreadTotals(s.db, DEMO, [me])).get(me), 0);
    const texts = async (phone: string, n: number) => {
      const room = await ensureRoom(s.db, DEMO, phone, AGENCY, null);
      await s.db.query(
        `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, status, created_at)
         select gen_random_uuid(), $1, $2, 'incoming', 'message', $3, $4, 'text ' || g, 'received', now() + make_interval(secs => g) from generate_series(1, $5::int) g`,
        [DEMO, room, phone, AGENCY, n],
      );
      await touchRoom(s.db, room, 'text', true);
      await s.db.query('update sms_rooms set last_message_on = now() + make_interval(secs => $2::int) where id = $1', [room, n]);
      return room;
    };
    const busy = await texts('15125556001', SMS_UNREAD_CAP + 5);
    const quiet = await texts('15125556002', 2);
    assert.equal((await getRoom(s.db, DEMO, me, busy)).unread, SMS_UNREAD_CAP);
    assert.equal((await getRoom(s.db, DEMO, me, quiet)).unread, 2);
    assert.equal((await unreadTotals(s.db, DEMO, [me])).get(me), SMS_UNREAD_CAP);
    await s.db.query(
      `insert into sms_reads (room_id, user_id, read_at) values ($1, $2, now() + interval '1 hour') on conflict (room_id, user_id) do update set read_at = excluded.read_at`,
      [busy, me],
    );
    assert.equal((await unreadTotals(s.db, DEMO, [me])).get(me), 2);
  });
});

describe('sending from a room', () => {
  it('stores a text once by its id, hands it to the carrier, and follows it to delivered', async () => {
    const room = (await roomOf())!;
    const id = randomUUID();
    const sent = await ask<SmsMessage>('sms_send_message', { roomId: room.id, id, message: 'Sure, calling you now.' });
    assert.equal(sent.status, 'pending');
    const again = await ask<SmsMessage>('sms_send_message', { roomId: room.id, id, message: 'Sure, calling you now.' });
    assert.equal(again.id, id);
    assert.equal(await until(async () => (await statusOf(id)) === 'delivered' && 'delivered', 'delivered'), 'delivered');
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from carrier_local_texts where idempotency_key = $1', [id]);
    assert.equal(n, 1);
    const page = await ask<{ messages: SmsMessage[] }>('sms_join_room', { roomId: room.id });
    assert.deepEqual(page.messages.map((m) => m.message).slice(-2), ['Can you call me about my renewal?', 'Sure, calling you now.']);
    assert.equal((await roomOf())!.unread, 0, 'opening the room reads it');
  });

  it('refuses a conversation with a mis-dialled number (an area code beginning with 1), and stores none', async () => {
    await assert.rejects(ask('sms_create_room', { clientId: null, phoneNumber: '+1-151-255-5999' }), new RegExp(SMS_MESSAGES.invalidNumber.slice(0, 30)));
    const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from sms_rooms where phone_number = '11512555999'`);
    assert.equal(n, 0);
  });

  it('reports a number the carrier cannot reach as undelivered, and resends it', async () => {
    const created = await ask<SmsRoom>('sms_create_room', { clientId: null, phoneNumber: '5125559999' });
    const id = randomUUID();
    await ask<SmsMessage>('sms_send_message', { roomId: created.id, id, message: 'Are you there?' });
    await until(async () => (await statusOf(id)) === 'undelivered', 'undelivered');
    const [row] = await s.db.query<{ error: string }>('select error from sms_messages where id = $1', [id]);
    assert.match(row!.error, /30003/);
    const retried = await ask<SmsMessage>('sms_resend_message', { roomId: created.id, id });
    assert.notEqual(retried.id, id);
    assert.equal(retried.message, 'Are you there?');
  });

  it('fails the next text to a number when the carrier is told to (signed, as its CLI posts), and delivers its resend', async () => {
    assert.equal((await signed(FAIL_NEXT_PATH, { To: '+15125558811' }, 'wrong')).statusCode, 403);
    assert.equal((await signed(FAIL_NEXT_PATH, { To: '+15125558811', Status: 'lost' })).statusCode, 400);
    assert.equal((await signed(FAIL_NEXT_PATH, { To: '+15125558811', Status: 'undelivered' })).statusCode, 200);
    const room = await ask<SmsRoom>('sms_create_room', { clientId: null, phoneNumber: '5125558811' });
    const id = randomUUID();
    await ask<SmsMessage>('sms_send_message', { roomId: room.id, id, message: 'Your card is ready.' });
    await until(async () => (await statusOf(id)) === 'undelivered', 'undelivered');
    const retried = await ask<SmsMessage>('sms_resend_message', { roomId: room.id, id });
    await until(async () => (await statusOf(retried.id)) === 'delivered', 'the resend delivered');
    // The simulator's Fail Next Text does the same for owners and admins, with failed.
    const employee = await signIn(s.app, 'employee@demo.test');
    const payload = { number: '(512) 555-8811' };
    assert.equal((await s.app.inject({ method: 'POST', url: '/api/sms/simulator/fail-next', headers: bearer(employee.token), payload })).statusCode, 403);
    const told = await s.app.inject({ method: 'POST', url: '/api/sms/simulator/fail-next', headers: bearer(owner.token), payload });
    assert.equal(told.statusCode, 200, told.body);
    const next = randomUUID();
    await ask<SmsMessage>('sms_send_message', { roomId: room.id, id: next, message: 'Your card is ready, again.' });
    await until(async () => (await statusOf(next)) === 'failed', 'failed');
    const [row] = await s.db.query<{ error: string }>('select error from sms_messages where id = $1', [next]);
    assert.match(row!.error, /30006/);
  });
});

describe('message campaigns', () => {
  it('hold a text from a number outside a verified campaign with the reason, and send its resend once the number joins one', async () => {
    const from = DEMO_PHONES.roundRock.number;
    const roomId = await s.db.tx((q) => ensureRoom(q, DEMO, '15125550611', from, null));
    const id = randomUUID();
    await ask<SmsMessage>('sms_send_message', { roomId, id, message: 'Your policy documents are ready.' });
    await until(async () => (await statusOf(id)) === 'failed', 'held');
    const [held] = await s.db.query<{ error: string; carrier_sid: string | null }>('select error, carrier_sid from sms_messages where id = $1', [id]);
    assert.deepEqual([held.error, held.carrier_sid], [SMS_MESSAGES.campaignNotVerified, null]);
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from carrier_local_texts where idempotency_key = $1', [id]);
    assert.equal(n, 0, 'the carrier never saw it');

    await s.db.query(`update account_phones set messaging_service_sid = 'MG00000000000000000000000000000001' where phone_number = $1`, [from]);
    try {
      const retried = await ask<SmsMessage>('sms_resend_message', { roomId, id });
      await until(async () => (await statusOf(retried.id)) === 'delivered', 'delivered');
    } finally {
      await s.db.query('update account_phones set messaging_service_sid = null where phone_number = $1', [from]);
    }
  });

  it('texts a client from a number that may text before one that may not', async () => {
    const client = (
      await s.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: bearer(owner.token),
        payload: { firstName: 'Rhea', lastName: 'Rock', mobilePhone: '5125550612' },
      })
    ).json();
    const room = await ask<SmsRoom>('sms_create_room', { clientId: client.id, phoneNumber: '5125550612' });
    assert.equal(room.agencyNumber, AGENCY);
  });
});

describe("the client's Last Contact", () => {
  it('is set by a text they send in, and again by a text the agency sends them when it goes out', async () => {
    const client = (
      await s.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: bearer(owner.token),
        payload: { firstName: 'Lana', lastName: 'Last', mobilePhone: '5125550681' },
      })
    ).json();
    const lastContact = async () =>
      (await s.db.query<{ at: string | null }>("select data->>'lastContactedOn' as at from clients where id = $1", [client.id]))[0]!.at;
    assert.equal(await lastContact(), null);
    await inbound('Are my policy papers ready?', '15125550681');
    const first = await lastContact();
    assert.ok(first, 'a text in sets it');
    await s.db.query("update clients set data = data - 'lastContactedOn' where id = $1", [client.id]);
    const room = (await roomOf('15125550681'))!;
    const sent = await ask<SmsMessage>('sms_send_message', { roomId: room.id, id: randomUUID(), message: 'It is, calling you shortly.' });
    await sendPending(deps(), DEMO, sent.id);
    assert.ok(await until(lastContact, 'a text out sets it'));
  });
});

describe('consent follows the client', () => {
  it('STOP opts the number out: a send is refused and never reaches the carrier; START opts back in', async () => {
    await inbound('Stop');
    const room = (await roomOf())!;
    assert.equal(room.optedOut, true);
    const before_ = await s.db.query<{ n: number }>('select count(*)::int as n from carrier_local_texts');
    await assert.rejects(
      ask('sms_send_message', { roomId: room.id, id: randomUUID(), message: 'One more thing' }),
      new RegExp(SMS_MESSAGES.optedOut.slice(0, 30)),
    );
    const auto = await sendAutomatedText(deps(), {
      accountId: DEMO,
      clientId: randomUUID(),
      to: CLIENT,
      body: 'Happy birthday!',
      kind: 'campaign',
      idempotencyKey: 'campaign:x:1',
    });
    assert.deepEqual(auto, { status: 'skipped', reason: 'opted-out' });
    assert.deepEqual(await s.db.query<{ n: number }>('select count(*)::int as n from carrier_local_texts'), before_);
    const lines = await s.db.query<{ message: string }>("select message from sms_messages where room_id = $1 and type = 'optin'", [room.id]);
    assert.deepEqual(
      lines.map((l) => l.message),
      ['Opted out of texts (STOP)'],
    );
    await inbound('START');
    assert.equal((await roomOf())!.optedOut, false);
  });

  it('HELP gets the agency help reply', async () => {
    await inbound('help');
    const room = (await roomOf())!;
    const reply = await until(
      async () =>
        (
          await s.db.query<{ message: string }>("select message from sms_messages where room_id = $1 and flow = 'outgoing' and message like '%reply STOP%'", [
            room.id,
          ])
        )[0],
      'the help reply',
    );
    assert.match(reply.message, /^Demo Insurance Agency: reply STOP to stop texts/);
  });
});

describe('the closed text reply', () => {
  it('answers a text that arrives while the office is closed, once per closed spell, when it is on', async () => {
    const [loc] = await s.db.query<{ id: string; office_hours: string | null }>(
      "select l.id, l.office_hours from account_phones p join account_locations l on l.id = p.location_id where regexp_replace(p.phone_number, '\\D', '', 'g') = $1",
      [AGENCY],
    );
    const reply = 'We are closed now and will text you back in the morning.';
    const setHours = (enabled: boolean) =>
      s.db.query('update account_locations set office_hours = $2 where id = $1', [
        loc!.id,
        JSON.stringify({ hours: {}, holidays: [], closedMessage: { type: 'disabled' }, smsClosedMessage: { enabled, message: reply } }),
      ]);
    const repliesTo = async (phone: string) =>
      (await s.db.query("select 1 from sms_messages where flow = 'outgoing' and to_number = $1 and message = $2", [phone, reply])).length;
    try {
      await setHours(false);
      await inbound('Are you open?', '15125550166');
      await until(() => roomOf('15125550166'), 'the room');
      assert.equal(await repliesTo('15125550166'), 0, 'off: no reply');
      await setHours(true);
      await inbound('Hello, anyone there?', '15125550167');
      await until(async () => (await repliesTo('15125550167')) === 1, 'the closed reply');
      await inbound('Please call me back', '15125550167');
      await until(
        async () => (await s.db.query("select 1 from sms_messages where flow = 'incoming' and message = 'Please call me back'")).length === 1,
        'the second text',
      );
      assert.equal(await repliesTo('15125550167'), 1, 'one reply per closed spell');
    } finally {
      await s.db.query('update account_locations set office_hours = $2 where id = $1', [loc!.id, loc!.office_hours]);
    }
  });
});

describe('automated texts', () => {
  it('waits for the end of quiet hours in the time zone', () => {
    const tz = 'America/Chicago';
    assert.equal(afterQuietHours(new Date('2026-06-01T15:00:00Z'), tz).toISOString(), '2026-06-01T15:00:00.000Z'); // 10:00 in Austin
    assert.equal(afterQuietHours(new Date('2026-06-02T03:30:00Z'), tz).toISOString(), '2026-06-02T13:00:00.000Z'); // 22:30 → 8:00 next day
    assert.equal(afterQuietHours(new Date('2026-06-02T10:00:00Z'), tz).toISOString(), '2026-06-02T13:00:00.000Z'); // 5:00 → 8:00 the same day
  });

  it('queues one text per key, ever, in the client room', async () => {
    const [client] = await s.db.query<{ id: string }>('select id from clients where account_id = $1 limit 1', [DEMO]);
    const text = {
      accountId: DEMO,
      clientId: client!.id,
      to: '15125556666',
      body: 'Your policy renews next week.',
      kind: 'campaign' as const,
      idempotencyKey: `campaign:c1:${randomUUID()}`,
    };
    const first = await sendAutomatedText(deps(), text);
    const second = await sendAutomatedText(deps(), text);
    assert.equal(first.status, 'queued');
    assert.ok(first.status === 'queued' && second.status === 'queued');
    assert.equal(second.messageId, first.messageId);
    const [row] = await s.db.query<{ client_id: string; type: string }>('select m.client_id, m.type from sms_messages m where m.id = $1', [first.messageId]);
    assert.deepEqual(row, { client_id: client!.id, type: 'campaign' });
  });
});

describe('a restart between accepting and handing over', () => {
  it('sends a text left pending exactly once', async () => {
    const room = (await roomOf())!;
    const stored = await s.db.tx((q) =>
      storeOutgoing(q, {
        accountId: DEMO,
        roomId: room.id,
        from: AGENCY,
        to: CLIENT,
        message: 'Left behind',
        type: 'message',
        userId: owner.user.id,
        clientId: null,
      }),
    );
    await s.db.query("update sms_messages set created_at = now() - interval '1 minute' where id = $1", [stored.id]);
    await resumePending(deps());
    await resumePending(deps());
    await until(async () => (await statusOf(stored.id)) === 'delivered', 'delivered');
    const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from carrier_local_texts where idempotency_key = $1', [stored.id]);
    assert.equal(n, 1);
  });

  it('a status callback that overtakes the write of its SID still finds its text', async () => {
    const room = (await roomOf())!;
    const stored = await s.db.tx((q) =>
      storeOutgoing(q, {
        accountId: DEMO,
        roomId: room.id,
        from: AGENCY,
        to: CLIENT,
        message: 'Fast carrier',
        type: 'message',
        userId: owner.user.id,
        clientId: null,
      }),
    );
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const res = await signed(`${STATUS_PATH}?message=${stored.id}`, { MessageSid: sid, MessageStatus: 'delivered' });
    assert.equal(res.statusCode, 200);
    const [row] = await s.db.query<{ status: string; carrier_sid: string }>('select status, carrier_sid from sms_messages where id = $1', [stored.id]);
    assert.deepEqual(row, { status: 'delivered', carrier_sid: sid });
    // The same callback with the URL changed is not ours: refused, nothing moves.
    assert.equal((await signed(`${STATUS_PATH}?message=${stored.id}`, { MessageSid: sid, MessageStatus: 'failed' }, 'not-the-token')).statusCode, 403);
  });

  it('texts whose status callbacks were lost while the app was down are settled by asking the carrier', async () => {
    const room = (await roomOf())!;
    const lost = async (to: string) => {
      const stored = await s.db.tx((q) =>
        storeOutgoing(q, {
          accountId: DEMO,
          roomId: room.id,
          from: AGENCY,
          to,
          message: 'Callbacks lost',
          type: 'message',
          userId: owner.user.id,
          clientId: null,
        }),
      );
      const sid = `SM${randomUUID().replace(/-/g, '')}`;
      await s.db.query('insert into carrier_local_texts (idempotency_key, sid, to_number) values ($1, $2, $3)', [stored.id, sid, `+${to}`]);
      await s.db.query(`update sms_messages set carrier_sid = $2, claimed_at = now() - interval '3 minutes' where id = $1`, [stored.id, sid]);
      return stored.id;
    };
    const fine = await lost(CLIENT);
    const unreachable = await lost('15125559999');
    assert.equal(await reconcileStatuses(deps()), 2);
    const rows = await s.db.query<{ id: string; status: string; error: string | null }>(
      'select id, status, error from sms_messages where id = any($1::uuid[])',
      [[fine, unreachable]],
    );
    const by = Object.fromEntries(rows.map((r) => [r.id, [r.status, r.error]]));
    assert.deepEqual(by[fine], ['delivered', null]);
    assert.deepEqual(by[unreachable], ['undelivered', 'Carrier error 30003']);
    assert.equal(await reconcileStatuses(deps()), 0);
  });

  it('a text claimed by a worker that died waits for the claim to lapse; two workers at once hand it over once', async () => {
    const room = (await roomOf())!;
    const stored = await s.db.tx((q) =>
      storeOutgoing(q, {
        accountId: DEMO,
        roomId: room.id,
        from: AGENCY,
        to: CLIENT,
        message: 'Claimed then orphaned',
        type: 'message',
        userId: owner.user.id,
        clientId: null,
      }),
    );
    await s.db.query("update sms_messages set created_at = now() - interval '1 minute', claimed_at = now() where id = $1", [stored.id]);
    const swept = async () =>
      (await s.db.query<{ id: string }>(`select id from sms_messages where status = 'pending' and carrier_sid is null and id = $1`, [stored.id])).length;
    await sendPending(deps(), DEMO, stored.id);
    assert.equal(await swept(), 1, 'a fresh claim of another worker is left alone');

    await s.db.query(`update sms_messages set claimed_at = now() - make_interval(secs => $2) where id = $1`, [stored.id, CLAIM_SECONDS + 1]);
    const carrier = deps().carrier;
    const original = carrier.sendText.bind(carrier);
    let calls = 0;
    carrier.sendText = async (t) => {
      calls++;
      return original(t);
    };
    try {
      await Promise.all([sendPending(deps(), DEMO, stored.id), sendPending(deps(), DEMO, stored.id)]);
    } finally {
      carrier.sendText = original;
    }
    assert.equal(calls, 1);
    await until(async () => (await statusOf(stored.id)) === 'delivered', 'delivered');
  });
});

describe('REST and the simulator', () => {
  it('lists rooms and texts, and the simulator plays a client and sees the replies', async () => {
    const rooms = (await s.app.inject({ method: 'GET', url: '/api/sms/rooms', headers: bearer(owner.token) })).json() as SmsRoom[];
    assert.ok(rooms.some((r) => r.phoneNumber === CLIENT));
    const found = (await s.app.inject({ method: 'GET', url: '/api/sms/search?search=renewal', headers: bearer(owner.token) })).json() as Array<{
      room: SmsRoom;
      matches: Array<{ message: string }>;
    }>;
    assert.deepEqual(
      found.map((h) => [h.room.phoneNumber, h.matches[0]!.message]),
      [[CLIENT, 'Can you call me about my renewal?']],
    );
    const short = await s.app.inject({ method: 'GET', url: '/api/sms/search?search=ren', headers: bearer(owner.token) });
    assert.deepEqual([short.statusCode, short.json().message], [400, SMS_MESSAGES.searchTooShort]);
    const sim = await s.app.inject({
      method: 'POST',
      url: '/api/sms/simulator/text',
      headers: bearer(owner.token),
      payload: { from: '(512) 555-4444', to: AGENCY, body: 'Hi from the simulator' },
    });
    assert.equal(sim.statusCode, 200, sim.body);
    const texts = (
      await s.app.inject({ method: 'GET', url: '/api/sms/simulator/texts?number=15125554444', headers: bearer(owner.token) })
    ).json() as SmsMessage[];
    assert.deepEqual(
      texts.map((t) => t.message),
      ['Hi from the simulator'],
    );
    const employee = await signIn(s.app, 'employee@demo.test');
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/sms/simulator/numbers', headers: bearer(employee.token) })).statusCode, 403);
  });
});

describe('texting turned off for the account', () => {
  it('tells open screens and refuses every send, automated ones included', async () => {
    const room = (await roomOf())!;
    const told = new Promise<{ message: string }>((resolve) => socket.once('sms_disabled', resolve));
    const res = await s.app.inject({ method: 'PUT', url: `/api/accounts/${DEMO}`, headers: bearer(owner.token), payload: { messagingEnabled: false } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().messagingEnabled, false);
    assert.deepEqual(await told, { message: SMS_MESSAGES.disabled });
    await assert.rejects(ask('sms_send_message', { roomId: room.id, id: randomUUID(), message: 'Still there?' }), new RegExp(SMS_MESSAGES.disabled));
    const auto = await sendAutomatedText(deps(), {
      accountId: DEMO,
      clientId: null,
      to: '15125556666',
      body: 'x',
      kind: 'campaign',
      idempotencyKey: 'campaign:off:1',
    });
    assert.deepEqual(auto, { status: 'skipped', reason: 'messaging-disabled' });
  });

  it('refuses the inbox itself, over HTTP (403) and the socket, with the reason', async () => {
    const room = await s.db.query<{ id: string }>('select id from sms_rooms where account_id = $1 limit 1', [DEMO]);
    for (const url of ['/api/sms/rooms', '/api/sms/search?search=renewal', `/api/sms/rooms/${room[0]!.id}/messages`]) {
      const res = await s.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      assert.deepEqual([res.statusCode, res.json().message], [403, SMS_MESSAGES.disabled], url);
    }
    await assert.rejects(ask('sms_rooms', {}), new RegExp(SMS_MESSAGES.disabled));
    await assert.rejects(ask('sms_join_room', { roomId: room[0]!.id }), new RegExp(SMS_MESSAGES.disabled));
    await assert.rejects(ask('sms_create_room', { clientId: null, phoneNumber: '5125550699' }), new RegExp(SMS_MESSAGES.disabled));
  });
});
