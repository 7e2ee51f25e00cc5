import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { statsOf, type EmployeeStats } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';

let s: TestServer;
let owner: SignedIn;
let employee: SignedIn;
let other: string;

const now = new Date();
const thisMonth = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
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
