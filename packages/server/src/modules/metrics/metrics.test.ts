import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import moment from 'moment-timezone';
import { statsOf, type EmployeeStats } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { accountTimezone } from '../campaigns/service';

let s: TestServer;
let owner: SignedIn;
let employee: SignedIn;
let other: string;

// The account's month, not the machine's: on the 1st, UTC is a month ahead of New York for some hours.
let thisMonth: string;
let lastMonth: string;
let lastMonthMid: Date;
async function stats(token: string, query: string) {
  const res = await s.app.inject({ method: 'GET', url: `/api/metrics/employee-stats?${query}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as EmployeeStats & { message?: string }, cache: res.headers['cache-control'] };
}
const monthly = async (userId: string, month = thisMonth) => statsOf((await stats(owner.token, `user=${userId}&monthYear=${month}`)).body.rows, userId);

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  other = await signInSecond(s.app);
  const here = moment().tz(await accountTimezone(s.db, DEMO));
  thisMonth = here.format('MM/YYYY');
  lastMonth = here.clone().subtract(1, 'month').format('MM/YYYY');
  lastMonthMid = here.clone().subtract(1, 'month').date(15).toDate();
});
after(() => s.close());

describe('employee stats', () => {
  it('count the contacts, policies and premiums a user added, and the texts they sent', async () => {
    const before = await monthly(employee.user.id);
    const client = (
      await s.app.inject({ method: 'POST', url: '/api/clients', headers: bearer(employee.token), payload: { firstName: 'Metric', lastName: 'Counted' } })
    ).json();
    for (const premium of [120_050, 30_000]) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/clients/${client.id}/policies`,
        headers: bearer(employee.token),
        payload: { type: 'Auto', company: 'State Farm', premium },
      });
      assert.equal(res.statusCode, 201);
    }
    const room = { id: randomUUID() };
    await s.db.query(`insert into sms_rooms (id, account_id, phone_number, agency_number) values ($1, $2, '15125550142', '15125550100')`, [room.id, DEMO]);
    const texts: Array<[string, string, string, string | null]> = [
      ['outgoing', 'sent', 'message', 'SM1'],
      ['outgoing', 'delivered', 'campaign', 'SM2'],
      ['incoming', 'received', 'message', 'SM3'],
      ['outgoing', 'sent', 'status', null],
      ['outgoing', 'failed', 'message', null], // held: it never reached the carrier
    ];
    for (const [flow, status, type, sid] of texts)
      await s.db.query(
        `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, status, user_id, carrier_sid) values ($1, $2, $3, $4, $5, '15125550100', '15125550142', 'Hi', $6, $7, $8)`,
        [randomUUID(), DEMO, room.id, flow, type, status, employee.user.id, sid && `${sid}${randomUUID().replace(/-/g, '')}`],
      );
    const after = await monthly(employee.user.id);
    assert.deepEqual(
      [after.contacts - before.contacts, after.policies - before.policies, after.premiums - before.premiums, after.messages - before.messages],
      [1, 2, 150_050, 2],
    );
    assert.equal(after.calls, 0);
  });

  it('count the calls a user placed and answered, their talk time by direction, and the calls they reviewed, by month and by day', async () => {
    const before = await monthly(employee.user.id);
    const ownerBefore = await monthly(owner.user.id);
    const call = (
      account: string,
      direction: 'incoming' | 'outgoing',
      status: string,
      user: string | null,
      duration: number,
      { answered = status === 'completed', format = direction === 'incoming' ? 'inbound' : 'outbound', at = new Date(), viewedBy = null as string | null } = {},
    ) =>
      s.db.query(
        `insert into calls (id, account_id, call_sid, format, status, direction, phone_number, user_id, call_duration, answered_at, viewed_by, viewed_on, created_at)
         values ($1, $2, $3, $4, $5, $6, '15125550142', $7, $8, $9, $10, $11, $12)`,
        [
          randomUUID(),
          account,
          `CA${randomUUID()}`,
          format,
          status,
          direction,
          user,
          duration,
          answered ? at : null,
          viewedBy,
          viewedBy ? new Date() : null,
          at,
        ],
      );
    const emma = employee.user.id;
    await call(DEMO, 'outgoing', 'completed', emma, 120);
    await call(DEMO, 'outgoing', 'no-answer', emma, 0);
    await call(DEMO, 'incoming', 'completed', emma, 300);
    await call(DEMO, 'incoming', 'completed', emma, 45, { format: 'transfer' });
    // Not hers, or not a conversation: a missed call (nobody answered, the owner reviewed it), a blocked caller, a voicemail, last month's call.
    await call(DEMO, 'incoming', 'missed', null, 0, { viewedBy: owner.user.id });
    await call(DEMO, 'incoming', 'blocked', emma, 0);
    await call(DEMO, 'incoming', 'completed', emma, 30, { format: 'voicemail', answered: false });
    await call(DEMO, 'outgoing', 'completed', emma, 600, { at: lastMonthMid });
    const after = await monthly(employee.user.id);
    const grew = (name: keyof typeof after) => after[name] - before[name];
    assert.deepEqual(
      {
        calls: grew('calls'),
        calls_duration: grew('calls_duration'),
        calls_incoming: grew('calls_incoming'),
        calls_incoming_duration: grew('calls_incoming_duration'),
        calls_outgoing: grew('calls_outgoing'),
        calls_outgoing_duration: grew('calls_outgoing_duration'),
        reviews: grew('reviews'),
      },
      { calls: 4, calls_duration: 465, calls_incoming: 2, calls_incoming_duration: 345, calls_outgoing: 2, calls_outgoing_duration: 120, reviews: 0 },
    );
    assert.equal((await monthly(owner.user.id)).reviews - ownerBefore.reviews, 1);
    // Each day's figures add up to the month's.
    const daily = await stats(owner.token, `user=${emma}&metricView=daily&monthYear=${thisMonth}&metrics=calls,calls_duration`);
    const [{ tz }] = await s.db.query<{ tz: string }>("select coalesce(nullif(timezone, ''), 'America/New_York') as tz from accounts where id = $1", [DEMO]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const sum = (name: string) => daily.body.rows.filter((r) => r.name === name).reduce((n, r) => n + r.value, 0);
    assert.deepEqual([sum('calls'), sum('calls_duration')], [after.calls, after.calls_duration]);
    assert.ok(daily.body.rows.some((r) => r.name === 'calls' && r.metricDate === today && r.value >= 4));
    // Last month holds its own call; another account's calls count for none of ours.
    assert.equal((await monthly(emma, lastMonth)).calls_outgoing_duration, 600);
    const [{ id: otherAccount }] = await s.db.query<{ id: string }>('select id from accounts where id <> $1 limit 1', [DEMO]);
    await call(otherAccount, 'outgoing', 'completed', emma, 999);
    assert.equal((await monthly(emma)).calls, after.calls);
  });

  it('count cards done (last lane or cleared) and pending of the user they are assigned to', async () => {
    const board = randomUUID();
    const lanes = [randomUUID(), randomUUID(), randomUUID()];
    await s.db.query(`insert into task_boards (id, account_id, name) values ($1, $2, 'Renewals')`, [board, DEMO]);
    for (const [i, lane] of lanes.entries())
      await s.db.query('insert into task_board_lanes (id, account_id, board_id, label, position) values ($1, $2, $3, $4, $5)', [
        lane,
        DEMO,
        board,
        `Lane ${i}`,
        i,
      ]);
    const card = (lane: string, closed = false) =>
      s.db.query(
        `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, assigned_to, closed_at, closed_reason) values ($1, $2, $3, $4, 1, 'Call back', $5, $6, $7)`,
        [randomUUID(), DEMO, board, lane, employee.user.id, closed ? new Date() : null, closed ? 'cleared' : null],
      );
    const before = await monthly(employee.user.id);
    await card(lanes[0]);
    await card(lanes[1]);
    await card(lanes[2]);
    await card(lanes[2], true);
    const after = await monthly(employee.user.id);
    assert.deepEqual(
      [after.tasks_pending - before.tasks_pending, after.tasks_completed - before.tasks_completed, after.tasks_total - before.tasks_total],
      [2, 2, 4],
    );
  });

  it('list the whole team for everyone, by day on request, and never another account', async () => {
    const team = await stats(employee.token, `monthYear=${thisMonth}&metrics=contacts,policies`);
    assert.equal(team.status, 200);
    assert.equal(team.cache, 'no-store');
    assert.ok(team.body.users.some((u) => u.id === owner.user.id) && team.body.users.some((u) => u.id === employee.user.id));
    assert.ok(team.body.rows.every((r) => ['contacts', 'policies'].includes(r.name) && r.metricDate === thisMonth));
    const daily = await stats(owner.token, `user=${employee.user.id}&metricView=daily&monthYear=${thisMonth}&metrics=contacts`);
    assert.equal(daily.status, 200, JSON.stringify(daily.body));
    assert.match(daily.body.rows[0]?.metricDate ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(
      daily.body.rows.reduce((sum, r) => sum + r.value, 0),
      (await monthly(employee.user.id)).contacts,
    );

    assert.equal((await stats(other, `user=${employee.user.id}&monthYear=${thisMonth}`)).status, 404);
    assert.ok(!(await stats(other, `monthYear=${thisMonth}`)).body.users.some((u) => u.id === employee.user.id));
    assert.equal((await stats(owner.token, `monthYear=${thisMonth}&metrics=contacts,bananas`)).body.message?.includes('Unknown metric: bananas'), true);
    assert.equal((await stats(owner.token, 'monthYear=2025-01')).status, 400);
    // An earlier month counts what happened then: nothing here.
    assert.deepEqual((await stats(owner.token, 'monthYear=01/2020')).body.rows, []);
  });

  it('keep a former employee in the figures they earned', async () => {
    await s.db.query('update users set deleted_at = now() where id = $1', [employee.user.id]);
    const team = await stats(owner.token, `monthYear=${thisMonth}`);
    assert.equal(team.body.users.find((u) => u.id === employee.user.id)?.former, true);
  });
});
