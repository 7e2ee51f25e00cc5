import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEDULE_MESSAGES, type ScheduledMessage } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { afterQuietHours, sendPending, timezoneOf } from './outbound';

let s: TestServer;
let owner: SignedIn;
let clientId: string;
const MOBILE = '15125553210';

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  const [c] = await s.db.query<{ id: string }>('select id from clients where account_id = $1 order by id limit 1', [DEMO]);
  clientId = c!.id;
});
after(() => s.close());

/** The next quarter hour at least `minutes` from now. */
function slot(minutes: number): string {
  const t = new Date(Date.now() + minutes * 60_000);
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(Math.ceil(t.getUTCMinutes() / 15) * 15);
  return t.toISOString();
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api/sms/message/scheduled_messages${url}`, headers: bearer(owner.token), payload });
const pendingTexts = () =>
  s.db.query<{ id: string; send_at: Date; message: string; type: string; by_number: string }>(
    "select id, send_at, message, type, by_number from sms_messages where idempotency_key like 'scheduled:%' and status = 'pending' order by created_at",
  );
/** When a text due at `at` goes: then, or after the quiet hours of the number it goes from. */
const goesAt = async (at: string, from: string) => afterQuietHours(new Date(at), await timezoneOf(s.db, DEMO, from)).toISOString();

describe('scheduled messages', () => {
  it('checks every field, the 30 minutes and the 15-minute steps, with the spec words', async () => {
    const base = { date: slot(60), message: 'Your renewal is due.', messageTo: MOBILE, client: clientId };
    for (const missing of ['date', 'message', 'messageTo'] as const) {
      const res = await call('POST', '', { ...base, [missing]: null });
      assert.deepEqual([res.statusCode, res.json().message], [400, SCHEDULE_MESSAGES.allRequired]);
    }
    assert.equal((await call('POST', '', { ...base, date: slot(0) })).json().message, SCHEDULE_MESSAGES.tooSoon);
    const offStep = new Date(Date.parse(slot(60)) + 7 * 60_000).toISOString();
    assert.equal((await call('POST', '', { ...base, date: offStep })).json().message, SCHEDULE_MESSAGES.step);
    assert.equal((await call('POST', '', { ...base, client: null, smsRoom: '00000000-0000-4000-8000-000000000099' })).json().message, SCHEDULE_MESSAGES.noRoom);
    assert.equal((await pendingTexts()).length, 0);
  });

  it('schedules a text that waits in the client room, lists it, moves it and cancels it', async () => {
    const at = slot(60);
    const res = await call('POST', '', { date: at, message: 'Your renewal is due.', messageTo: '(512) 555-3210', client: clientId });
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json() as ScheduledMessage;
    assert.deepEqual([created.messageTo, created.messageStatus, created.date], [MOBILE, 'pending', at]);
    let texts = await pendingTexts();
    assert.deepEqual(
      texts.map((t) => [new Date(t.send_at).toISOString(), t.type]),
      [[await goesAt(at, texts[0]!.by_number), 'scheduled']],
    );
    assert.deepEqual(
      (await call('GET', `?client=${clientId}`)).json().map((m: ScheduledMessage) => m.id),
      [created.id],
    );

    const later = slot(120);
    const moved = await call('PUT', `/${created.id}`, { date: later, message: 'Your renewal is due soon.' });
    assert.equal(moved.statusCode, 200, moved.body);
    texts = await pendingTexts();
    assert.deepEqual(
      texts.map((t) => [new Date(t.send_at).toISOString(), t.message]),
      [[await goesAt(later, texts[0]!.by_number), 'Your renewal is due soon.']],
    );

    assert.equal((await call('DELETE', `/${created.id}`)).json().message, SCHEDULE_MESSAGES.cancelled);
    assert.equal((await pendingTexts()).length, 0);
    assert.deepEqual((await call('GET', `?client=${clientId}`)).json(), []);
  });

  it('completes its follow-up when the text is handed to the carrier', async () => {
    const created = (await call('POST', '', { date: slot(45), message: 'See you Monday.', messageTo: MOBILE, client: clientId })).json() as ScheduledMessage;
    const [text] = await pendingTexts();
    const phone = async () =>
      (
        (await s.app.inject({ method: 'GET', url: `/api/sms/simulator/texts?number=${MOBILE}`, headers: bearer(owner.token) })).json() as Array<{
          message: string;
        }>
      ).map((t) => t.message);
    assert.ok(!(await phone()).includes('See you Monday.'), 'not on the client phone before its time');
    await sendPending(s.app.deps, DEMO, text!.id);
    assert.ok((await phone()).includes('See you Monday.'), 'on the client phone once handed over');
    const [row] = await s.db.query<{ message_status: string; is_active: boolean }>('select message_status, is_active from followups where id = $1', [
      created.id,
    ]);
    assert.deepEqual(row, { message_status: 'completed', is_active: false });
  });

  it("another agency cannot see or cancel the demo agency's", async () => {
    const created = (await call('POST', '', { date: slot(45), message: 'Private', messageTo: MOBILE, client: clientId })).json() as ScheduledMessage;
    const intruder = await signIn(s.app, 'owner@second.test', (await s.db.query<{ id: string }>("select id from accounts where db_name = 'second'"))[0]!.id);
    const res = await s.app.inject({ method: 'DELETE', url: `/api/sms/message/scheduled_messages/${created.id}`, headers: bearer(intruder.token) });
    assert.equal(res.statusCode, 404);
    const list = await s.app.inject({ method: 'GET', url: '/api/sms/message/scheduled_messages', headers: bearer(intruder.token) });
    assert.deepEqual(list.json(), []);
  });
});
