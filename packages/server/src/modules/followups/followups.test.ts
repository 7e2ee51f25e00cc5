import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { io as connect, type Socket } from 'socket.io-client';
import { SCHEDULE_MESSAGES } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { deliverReminder, REMINDER_JOB, scheduleReminder } from './reminders';
import { createFollowUp } from './service';

let s: TestServer;
let owner: { token: string; id: string };
let employee: { token: string; id: string };
let other: string;
let clientId: string;
const sockets: Socket[] = [];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner.token) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** The next quarter hour at least `minutes` from now. */
function slot(minutes = 15): string {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setUTCSeconds(0, 0);
  d.setUTCMinutes(Math.ceil(d.getUTCMinutes() / 15) * 15);
  return d.toISOString();
}
const agencyDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(d);

async function socketFor(token: string): Promise<Socket> {
  const socket = connect(`${s.url}/demo`, { auth: { token }, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

before(async () => {
  process.env.TEST_PORTS ??= '8600-8649';
  s = await startTestServer({ listen: true, jobs: true });
  const o = await signIn(s.app, 'owner@demo.test');
  owner = { token: o.token, id: o.user.id };
  const e = await signIn(s.app, 'employee@demo.test');
  employee = { token: e.token, id: e.user.id };
  other = await signInSecond(s.app);
  clientId = (await call('POST', '/clients', { firstName: 'Follow', lastName: 'Up' })).json().id;
});
after(async () => {
  for (const socket of sockets) socket.disconnect();
  await s.close();
});

describe('follow-ups', () => {
  it('creates team, self and peer follow-ups with a reminder job', async () => {
    const res = await call('POST', '/followups', { assignTo: 'team', date: slot(60), reminderAt: 15, note: 'Call about renewal', client: clientId });
    assert.equal(res.statusCode, 201, res.body);
    const f = res.json();
    assert.deepEqual(
      [f.assignTo, f.user, f.reminderAt, f.isActive, f.client, f.clientName, f.createdByUser],
      ['team', null, 15, true, clientId, 'Follow Up', owner.id],
    );
    assert.ok(f.reminderJob, 'the reminder is scheduled');
    assert.equal(await s.jobs!.state(REMINDER_JOB, f.reminderJob), 'created', 'waiting for its time');
    const self = (await call('POST', '/followups', { assignTo: 'self', date: slot(60), note: 'Mine only', client: clientId })).json();
    assert.deepEqual([self.user, self.reminderAt, self.reminderJob], [owner.id, null, null]);
    const peer = (await call('POST', '/followups', { assignTo: 'peer', user: employee.id, date: slot(60), reminderAt: 0, note: 'For Emma' })).json();
    assert.equal(peer.user, employee.id);
    // visibility: team for all, self for its creator, peer for the assignee and the creator
    const seenByEmployee = (await call('GET', `/followups/client/${clientId}`, undefined, employee.token)).json().map((x: { note: string }) => x.note);
    assert.deepEqual(seenByEmployee, ['Call about renewal']);
    const seenByOwner = (await call('GET', `/followups/client/${clientId}`)).json().map((x: { note: string }) => x.note);
    assert.deepEqual(seenByOwner.sort(), ['Call about renewal', 'Mine only']);
    assert.equal((await call('PUT', `/followups/${self.id}`, { note: 'x' }, employee.token)).statusCode, 404);
  });

  it('writes the reminder job in the follow-up transaction: a write that fails leaves no job', async () => {
    const [me] = await s.db.query<{ id: string; account_id: string }>('select id, account_id from users where id = $1', [owner.id]);
    const ctx = { accountId: me!.account_id, userId: me!.id, role: 'owner' } as Parameters<typeof createFollowUp>[1];
    let jobId: string | null = null;
    await assert.rejects(
      s.db.tx(async (q) => {
        const f = await createFollowUp(q, ctx, { assignTo: 'team', date: slot(60), reminderAt: 15, note: 'Never written', isActive: true } as Parameters<
          typeof createFollowUp
        >[2]);
        await scheduleReminder(q, s.jobs, { id: f.id, accountId: ctx.accountId, date: new Date(f.date), reminderAt: 15, assignTo: 'team', isActive: true });
        [{ reminder_job: jobId }] = await q.query<{ reminder_job: string }>('select reminder_job from followups where id = $1', [f.id]);
        throw new Error('the write fails after the reminder was scheduled');
      }),
      /the write fails/,
    );
    assert.ok(jobId, 'a job was scheduled inside the transaction');
    assert.equal(await s.jobs!.state(REMINDER_JOB, jobId!), null, 'and went with it');
  });

  it('refuses past dates, off-step times, bad reminders and bad assignments with clear messages', async () => {
    const past = new Date(Date.now() - 3600_000);
    past.setUTCMinutes(0, 0, 0);
    const cases: Array<[unknown, RegExp]> = [
      [{ assignTo: 'team', date: past.toISOString() }, /cannot be earlier than now/],
      [{ assignTo: 'team', date: new Date(Date.parse(slot(60)) + 7 * 60_000).toISOString() }, /15-minute steps/],
      [{ assignTo: 'team', date: slot(60), reminderAt: 20 }, /0, 15, 30, 45 or 60/],
      [{ assignTo: 'everyone', date: slot(60) }, /Assign to must be one of/],
      [{ assignTo: 'peer', date: slot(60) }, /Choose a colleague/],
      [{ assignTo: 'peer', user: '00000000-0000-4000-9000-000000000007', date: slot(60) }, /user of this account/],
      [{ assignTo: 'team', date: 'tomorrow' }, /Date must be a date and time/],
      [{ assignTo: 'none', date: slot(60), message: 'hi' }, /All fields are required/],
      [{ assignTo: 'team', date: slot(60), note: 'x'.repeat(2001) }, /at most 2000/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/followups', payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.match(res.json().message, message, JSON.stringify(payload));
    }
    assert.equal((await call('POST', '/followups', { assignTo: 'team', date: slot(60), client: '00000000-0000-4000-8000-0000000000ff' })).statusCode, 404);
  });

  it('answers the dashboard buckets and counts in the account timezone', async () => {
    const future = (await call('POST', '/followups', { assignTo: 'team', date: slot(60 * 72), note: 'Later' })).json();
    const soon = (await call('POST', '/followups', { assignTo: 'self', date: slot(30), note: 'Soon' })).json();
    const overdue = (await call('POST', '/followups', { assignTo: 'team', date: slot(60), note: 'Overdue' })).json();
    await s.db.query(`update followups set date = now() - interval '2 hours' where id = $1`, [overdue.id]);
    const today = agencyDate(new Date());
    const soonBucket = agencyDate(new Date(soon.date)) === today ? 'today' : 'tomorrow';
    const notes = async (bucket: string, token = owner.token) =>
      (await call('GET', `/followups/${bucket}`, undefined, token)).json().map((x: { note: string }) => x.note);
    assert.ok((await notes('pastDue')).includes('Overdue'));
    assert.ok((await notes('future')).includes('Later'));
    assert.ok((await notes(soonBucket)).includes('Soon'));
    assert.ok(!(await notes(soonBucket, employee.token)).includes('Soon'), "self follow-ups stay their creator's");
    const counts = (await call('GET', '/followups/counts')).json();
    for (const b of ['pastDue', 'today', 'tomorrow', 'future']) assert.equal(counts[b], (await notes(b)).length, b);
    assert.equal((await call('GET', `/followups/counts?user=${owner.id}`, undefined, employee.token)).statusCode, 403);
    assert.equal((await call('GET', `/followups/counts?user=${employee.id}`)).statusCode, 200, 'admins may look at a colleague');
    assert.equal(future.isActive, true);
  });

  it('updates, completes and deletes; completing cancels the reminder', async () => {
    const f = (await call('POST', '/followups', { assignTo: 'team', date: slot(60), reminderAt: 30, note: 'Edit me' })).json();
    const moved = (await call('PUT', `/followups/${f.id}`, { date: slot(120), reminderAt: 60 })).json();
    assert.deepEqual([moved.note, moved.reminderAt, moved.isActive], ['Edit me', 60, true], 'what is not sent stays');
    assert.ok(moved.reminderJob);
    assert.notEqual(moved.reminderJob, f.reminderJob);
    const data = { followUpId: f.id, accountId: '00000000-0000-4000-8000-000000000001' };
    assert.equal(await deliverReminder(s.db, s.events, data, f.reminderJob), false, 'the job of the old time does nothing');
    const done = (await call('PUT', `/followups/${f.id}/complete`)).json();
    assert.deepEqual([done.isActive, done.reminderJob], [false, null]);
    assert.equal(await deliverReminder(s.db, s.events, data, moved.reminderJob), false, 'nor the job of a completed follow-up');
    assert.ok(done.completedAt);
    assert.ok(!(await call('GET', '/followups/future')).json().some((x: { id: string }) => x.id === f.id));
    assert.deepEqual((await call('DELETE', `/followups/${f.id}`)).json(), { message: 'Follow up removed' });
    assert.equal((await call('PUT', `/followups/${f.id}/complete`)).statusCode, 404);
  });

  it('delivers a due reminder once, through the socket, to the people it is for', async () => {
    const ownerSocket = await socketFor(owner.token);
    const employeeSocket = await socketFor(employee.token);
    const received: Record<string, Array<{ message: string; link?: string }>> = { owner: [], employee: [] };
    ownerSocket.on('message', (n) => received.owner.push(n));
    employeeSocket.on('message', (n) => received.employee.push(n));
    // the next quarter hour with a 15-minute reminder: due now
    const team = (await call('POST', '/followups', { assignTo: 'team', date: slot(1), reminderAt: 15, note: 'Team reminder', client: clientId })).json();
    const self = (await call('POST', '/followups', { assignTo: 'self', date: slot(1), reminderAt: 15, note: 'Own reminder' })).json();
    assert.ok(team.reminderJob && self.reminderJob);
    // Until both reminders' jobs are completed (final: a completed job never runs again) and what
    // they sent has arrived.
    const until = Date.now() + 15_000;
    const done = async () =>
      (await s.jobs!.state(REMINDER_JOB, team.reminderJob)) === 'completed' && (await s.jobs!.state(REMINDER_JOB, self.reminderJob)) === 'completed';
    while (!(await done()) || received.owner.length < 2 || received.employee.length < 1) {
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(received.owner.map((n) => n.message).sort(), ['Follow Up Reminder: Own reminder', 'Follow Up Reminder: Team reminder']);
    assert.deepEqual(
      received.employee.map((n) => n.message),
      ['Follow Up Reminder: Team reminder'],
    );
    assert.equal(received.owner.find((n) => n.message.includes('Team'))!.link, `/contacts/contact/${clientId}`);
    assert.equal(await s.jobs!.state(REMINDER_JOB, team.reminderJob), 'completed');
  });

  it("refuses another account's token", async () => {
    const f = (await call('POST', '/followups', { assignTo: 'team', date: slot(60), note: 'Ours' })).json();
    assert.equal((await call('PUT', `/followups/${f.id}`, { note: 'x' }, other)).statusCode, 404);
    assert.equal((await call('PUT', `/followups/${f.id}/complete`, undefined, other)).statusCode, 404);
    assert.equal((await call('DELETE', `/followups/${f.id}`, undefined, other)).statusCode, 404);
    assert.equal((await call('GET', `/followups/client/${clientId}`, undefined, other)).statusCode, 404);
    assert.ok(!(await call('GET', '/followups/future', undefined, other)).json().some((x: { id: string }) => x.id === f.id));
    assert.equal((await call('POST', '/followups', { assignTo: 'team', date: slot(60), client: clientId }, other)).statusCode, 404);
  });

  it("refuses another account's SMS room, on create and on update", async () => {
    const [room] = await s.db.query<{ id: string }>(
      `insert into sms_rooms (id, account_id, phone_number, agency_number) values (gen_random_uuid(), $1, '15125557777', '15125550001') returning id`,
      [DEMO],
    );
    const created = await call('POST', '/followups', { assignTo: 'team', date: slot(60), smsRoom: room!.id }, other);
    assert.deepEqual([created.statusCode, created.json().message], [400, SCHEDULE_MESSAGES.noRoom]);
    const theirs = (await call('POST', '/followups', { assignTo: 'team', date: slot(60), note: 'Theirs' }, other)).json();
    const moved = await call('PUT', `/followups/${theirs.id}`, { smsRoom: room!.id }, other);
    assert.deepEqual([moved.statusCode, moved.json().message], [400, SCHEDULE_MESSAGES.noRoom]);
    assert.equal((await call('POST', '/followups', { assignTo: 'team', date: slot(60), smsRoom: room!.id })).statusCode, 201);
  });
});
