import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RENEWAL_MESSAGES, type Renewal } from '@agency/contracts';
import { bearer, DEMO, demoUserId, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { followUpDate, runRenewalsDaily } from './daily';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
let clientId: string;
let policyId: string;
let carId: string;
let homeId: string;

const DAY = 86_400_000;
const us = (t: number) => {
  const d = new Date(t);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const inDays = (n: number) => us(Date.now() + n * DAY);
const CARRIER = 'Renewco Mutual';
const EMMA = demoUserId('employee@demo.test');
const ETHAN = demoUserId('employee2@demo.test');

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async (query: string, token = owner): Promise<{ rows: Renewal[]; total: number }> => {
  const res = await call('GET', `/accounts/${DEMO}/renewals?carrier=${encodeURIComponent(CARRIER)}&${query}`, undefined, token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};
const openFollowUps = (id: string) =>
  s.db.query<{ n: number }>(`select count(*)::int as n from followups where client_id = $1 and is_active and note like 'Renewal:%'`, [id]).then((r) => r[0].n);
const openCards = (id: string) =>
  s.db.query<{ n: number }>(`select count(*)::int as n from task_cards where client_id = $1 and closed_at is null`, [id]).then((r) => r[0].n);

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
  clientId = (await call('POST', '/clients', { firstName: 'Rena', lastName: 'Wall', managedBy: ETHAN })).json().id;
  policyId = (
    await call('POST', `/clients/${clientId}/policies`, {
      type: 'Auto Policy',
      company: CARRIER,
      idNumber: 'RW-1',
      termDate: inDays(10),
      premium: 120_000,
      managedBy: EMMA,
    })
  ).json().id;
  carId = (
    await call('POST', `/clients/${clientId}/quotes`, {
      form: 'auto',
      type: 'car',
      year: 2021,
      make: 'Toyota',
      model: 'Camry',
      carrier: CARRIER,
      expirationDate: inDays(45),
      premium: 90_000,
    })
  ).json().id;
  homeId = (
    await call('POST', `/clients/${clientId}/quotes`, {
      form: 'home',
      address: '1 Elm St',
      coverage: { carrier: CARRIER, expirationDate: inDays(80), premium: 150_000 },
    })
  ).json().id;
});
after(() => s.close());

describe('renewals list', () => {
  it('lists what ends in the window, soonest first, not started, with the client, what, when, premium and owner', async () => {
    const month = await list('days=30');
    assert.deepEqual(
      month.rows.map((r) => [r.sourceKind, r.sourceId]),
      [['policy', policyId]],
    );
    const [p] = month.rows;
    assert.deepEqual(
      [p.client.name, p.what, p.termEnd, p.premium, p.state, p.line, p.carrier, p.managedBy?.name],
      ['Rena Wall', 'Auto Policy #RW-1', inDays(10), 120_000, 'notStarted', 'Auto Policy', CARRIER, 'Emma Ellis'],
    );
    const quarter = await list('days=90');
    assert.deepEqual(
      quarter.rows.map((r) => [r.sourceKind, r.sourceId, r.what]),
      [
        ['policy', policyId, 'Auto Policy #RW-1'],
        ['vehicle', carId, '2021 Toyota Camry'],
        ['home', homeId, 'Home at 1 Elm St'],
      ],
    );
    assert.equal(quarter.total, 3);
    // the coverages are managed by the client's person
    assert.deepEqual(
      quarter.rows.map((r) => r.managedBy?.id),
      [EMMA, ETHAN, ETHAN],
    );
  });

  it('pages on the server and filters by line, carrier and managed-by person', async () => {
    const page2 = await list('days=90&pageSize=1&page=2');
    assert.deepEqual([page2.total, page2.rows.length, page2.rows[0].sourceId], [3, 1, carId]);
    const past = await list('days=90&pageSize=2&page=5');
    assert.deepEqual([past.total, past.rows.length], [3, 0]);
    assert.deepEqual(
      (await list('days=90&line=home')).rows.map((r) => r.sourceId),
      [homeId],
    );
    assert.deepEqual(
      (await list(`days=90&managedBy=${ETHAN}`)).rows.map((r) => r.sourceId),
      [carId, homeId],
    );
    assert.equal((await call('GET', `/accounts/${DEMO}/renewals?days=0`)).statusCode, 400);
  });

  it("keeps to the caller's account", async () => {
    assert.equal((await call('GET', `/accounts/${DEMO}/renewals`, undefined, other)).statusCode, 403);
    const patch = await call('PATCH', `/accounts/${DEMO}/renewals/policy/${policyId}`, { termEnd: inDays(10), state: 'contacted' }, other);
    assert.equal(patch.statusCode, 403);
    assert.equal((await call('GET', `/accounts/${DEMO}/renewal-settings`, undefined, other)).statusCode, 403);
  });
});

describe('renewal states', () => {
  it('an employee marks contacted, then quoted; each change is written to the client activity', async () => {
    const res = await call('PATCH', `/accounts/${DEMO}/renewals/vehicle/${carId}`, { termEnd: inDays(45), state: 'contacted' }, employee);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().state, 'contacted');
    await call('PATCH', `/accounts/${DEMO}/renewals/vehicle/${carId}`, { termEnd: inDays(45), state: 'quoted' }, employee);
    const notes = (await call('GET', `/clients/${clientId}/activity?limit=10`)).json().map((a: { note: string }) => a.note);
    assert.ok(notes.includes(`Emma Ellis marked the renewal of 2021 Toyota Camry (ending ${inDays(45)}) quoted`), notes.join('\n'));
    assert.ok(notes.includes(`Emma Ellis marked the renewal of 2021 Toyota Camry (ending ${inDays(45)}) contacted`));
    assert.equal((await list('days=90&state=quoted')).rows[0].sourceId, carId);
  });

  it('lost needs a reason; a stale term is refused', async () => {
    const bare = await call('PATCH', `/accounts/${DEMO}/renewals/home/${homeId}`, { termEnd: inDays(80), state: 'lost' });
    assert.equal(bare.statusCode, 400);
    assert.equal(bare.json().message, RENEWAL_MESSAGES.reasonRequired);
    const stale = await call('PATCH', `/accounts/${DEMO}/renewals/home/${homeId}`, { termEnd: inDays(81), state: 'contacted' });
    assert.equal(stale.statusCode, 409);
    assert.equal((await call('PATCH', `/accounts/${DEMO}/renewals/home/${carId}`, { termEnd: inDays(45), state: 'contacted' })).statusCode, 404);
  });

  it("renewed takes the new term date, moves the policy's termDate on and stays listed in its window", async () => {
    const early = await call('PATCH', `/accounts/${DEMO}/renewals/policy/${policyId}`, { termEnd: inDays(10), state: 'renewed', newTermDate: inDays(5) });
    assert.equal(early.json().message, RENEWAL_MESSAGES.newTermAfter);
    const none = await call('PATCH', `/accounts/${DEMO}/renewals/policy/${policyId}`, { termEnd: inDays(10), state: 'renewed' });
    assert.equal(none.json().message, RENEWAL_MESSAGES.newTermRequired);
    const res = await call('PATCH', `/accounts/${DEMO}/renewals/policy/${policyId}`, { termEnd: inDays(10), state: 'renewed', newTermDate: inDays(375) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().state, res.json().newTermDate], ['renewed', inDays(375)]);
    const policy = (await call('GET', `/clients/${clientId}/policies/${policyId}`)).json();
    assert.equal(policy.termDate, inDays(375));
    const [row] = (await list('days=30')).rows;
    assert.deepEqual([row.sourceId, row.state, row.termEnd], [policyId, 'renewed', inDays(10)]);
  });
});

describe('renewal settings', () => {
  it('default 60 days; owners and admins change them, employees may not', async () => {
    assert.deepEqual((await call('GET', `/accounts/${DEMO}/renewal-settings`, undefined, employee)).json(), {
      startDays: 60,
      ownerUserId: null,
      boardId: null,
      textEnabled: false,
      textDays: 14,
      textTemplateId: null,
    });
    const denied = await call('PUT', `/accounts/${DEMO}/renewal-settings`, { startDays: 30, ownerUserId: null, boardId: null }, employee);
    assert.equal(denied.statusCode, 403);
    const badOwner = await call('PUT', `/accounts/${DEMO}/renewal-settings`, { startDays: 30, ownerUserId: demoUserId('owner@second.test'), boardId: null });
    assert.equal(badOwner.json().message, RENEWAL_MESSAGES.ownerNotFound);
    assert.equal((await call('PUT', `/accounts/${DEMO}/renewal-settings`, { startDays: 0, ownerUserId: null, boardId: null })).statusCode, 400);
  });
});

describe('the daily run', () => {
  it("dates a renewal's follow-up the day before the term ends, or a day on when that is sooner", () => {
    const now = new Date('2026-11-28T08:00:00Z');
    assert.equal(followUpDate('2027-01-20', now).toISOString(), '2027-01-19T12:00:00.000Z');
    assert.equal(followUpDate('2026-11-29', now).toISOString(), '2026-11-29T08:00:00.000Z');
  });

  it('starts each renewal once (a follow-up for its owner, a card in the first lane), later ones as time moves, and closes them when decided', async () => {
    const board = (await call('POST', '/taskboard', { boardname: 'Renewals', lanes: [{ label: 'To call' }, { label: 'Done' }] })).json();
    const saved = await call('PUT', `/accounts/${DEMO}/renewal-settings`, { startDays: 60, ownerUserId: EMMA, boardId: board.id });
    assert.equal(saved.statusCode, 200, saved.body);
    const client2 = (await call('POST', '/clients', { firstName: 'Tim', lastName: 'Erm' })).json().id;
    const p2 = (await call('POST', `/clients/${client2}/policies`, { type: 'Home Policy', company: CARRIER, termDate: inDays(20) })).json().id;
    const p3 = (await call('POST', `/clients/${client2}/policies`, { type: 'Life Policy', company: CARRIER, termDate: inDays(70) })).json().id;

    await runRenewalsDaily(s.db);
    // the car (quoted, 45 days) and Tim's home policy start; the home coverage (80 days) and the life policy (70) do not yet
    assert.equal(await openFollowUps(clientId), 1);
    assert.equal(await openFollowUps(client2), 1);
    const [f] = await s.db.query<{ user_id: string; assign_to: string }>(`select user_id, assign_to from followups where client_id = $1 and is_active`, [
      client2,
    ]);
    assert.deepEqual([f.assign_to, f.user_id], ['peer', EMMA]); // nobody manages Tim: the chosen person
    const [carWork] = await s.db.query<{ user_id: string }>(`select user_id from followups where client_id = $1 and is_active`, [clientId]);
    assert.equal(carWork.user_id, ETHAN); // the client's managed-by person
    const cards = await s.db.query<{ lane: string; client_id: string; assigned_to: string }>(
      `select l.label as lane, c.client_id, c.assigned_to from task_cards c join task_board_lanes l on l.id = c.lane_id where c.board_id = $1 and c.closed_at is null and c.client_id = any($2::uuid[])`,
      [board.id, [clientId, client2]],
    );
    assert.equal(cards.length, 2);
    assert.ok(cards.every((c) => c.lane === 'To call'));

    await runRenewalsDaily(s.db);
    assert.equal(await openFollowUps(client2), 1, 'never twice for the same policy and term');
    assert.equal(await openCards(client2), 1);

    // 30 days on, the life policy (70 days from now) and the home coverage (80) are within 60 days
    await runRenewalsDaily(s.db, new Date(Date.now() + 30 * DAY));
    assert.equal(await openFollowUps(client2), 2);
    assert.equal(await openFollowUps(clientId), 2);

    // lost closes its work at once
    const lost = await call(
      'PATCH',
      `/accounts/${DEMO}/renewals/policy/${p2}`,
      { termEnd: inDays(20), state: 'lost', reason: 'Went with a cheaper carrier' },
      employee,
    );
    assert.equal(lost.statusCode, 200, lost.body);
    assert.equal(await openFollowUps(client2), 1);
    assert.equal(await openCards(client2), 1);

    // a term moved on by editing the policy is closed by the next run
    await call('PUT', `/clients/${client2}/policies/${p3}`, { type: 'Life Policy', company: CARRIER, termDate: inDays(435) });
    const done = await runRenewalsDaily(s.db, new Date(Date.now() + 30 * DAY));
    assert.equal(done.started, 0);
    assert.equal(await openFollowUps(client2), 0);
    assert.equal(await openCards(client2), 0);
  });

  it("counts this month's figures: a person's (employees only their own) or the account's", async () => {
    const figures = async (query: string, token = owner) => (await call('GET', `/accounts/${DEMO}/renewals/figures${query}`, undefined, token)).json();
    const ethanBefore = await figures(`?user=${ETHAN}`);
    const allBefore = await figures('');
    // the home coverage is Ethan's (he manages the client)
    const lost = await call('PATCH', `/accounts/${DEMO}/renewals/home/${homeId}`, { termEnd: inDays(80), state: 'lost', reason: 'Sold the house' });
    assert.equal(lost.statusCode, 200, lost.body);
    const ethan = await figures(`?user=${ETHAN}`);
    assert.deepEqual([ethan.contacted - ethanBefore.contacted, ethan.lost - ethanBefore.lost, ethan.renewed - ethanBefore.renewed], [1, 1, 0]);
    assert.equal(ethan.retentionRate, Math.round((ethan.renewed / (ethan.renewed + ethan.lost)) * 1000) / 10);
    const all = await figures('');
    assert.equal(all.lost - allBefore.lost, 1);
    assert.ok(all.renewed >= 1 && all.contacted >= all.renewed + all.lost);
    assert.match(all.month, /^\d{2}\/\d{4}$/);
    // an employee sees only their own, whoever they ask for
    assert.deepEqual(await figures(`?user=${ETHAN}`, employee), await figures('', employee));
  });

  it("gives another month's figures when asked (a profile's month), this month's by default", async () => {
    const figures = async (query: string) => call('GET', `/accounts/${DEMO}/renewals/figures${query}`);
    const past = await figures(`?user=${ETHAN}&month=01/2020`);
    assert.equal(past.statusCode, 200, past.body);
    assert.deepEqual(past.json(), { month: '01/2020', due: 0, contacted: 0, quoted: 0, renewed: 0, lost: 0, retentionRate: null });
    const now = new Date();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
    assert.deepEqual((await figures(`?user=${ETHAN}&month=${thisMonth}`)).json(), (await figures(`?user=${ETHAN}`)).json());
    assert.equal((await figures('?month=13/2020')).statusCode, 400);
  });
});

describe('the demo agency', () => {
  it('has renewals in every state, dated from the day it was seeded', async () => {
    const all: Renewal[] = (await call('GET', `/accounts/${DEMO}/renewals?days=90&pageSize=100`)).json().rows;
    const demo = all.filter((r) => r.carrier !== CARRIER && !r.client.name.startsWith('Tim'));
    assert.deepEqual([...new Set(demo.map((r) => r.state))].sort(), ['contacted', 'lost', 'notStarted', 'quoted', 'renewed']);
    const lost = demo.find((r) => r.state === 'lost')!;
    assert.equal(lost.lostReason, 'Moved to a cheaper carrier');
    const renewed = demo.find((r) => r.state === 'renewed')!;
    assert.equal(renewed.termEnd, inDays(9));
    assert.equal(renewed.newTermDate, inDays(374));
  });
});
