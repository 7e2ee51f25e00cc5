import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES } from '@agency/contracts';
import { DEMO_USERS } from '../seed';
import { bearer, DEMO, DEMO_ACCOUNTS, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../testing/harness';
import { refusal } from '../testing/sockets';
import { ENROLMENT_ROUTES, PUBLIC_ROUTES, type ApiRoute } from './access';

/*
 * Generated from the route table, so a route is covered the day it is added: every route needs a
 * session unless PUBLIC_ROUTES names it, a session that must enrol in MFA reaches only the
 * enrolment routes, and another agency's owner gets nothing of the demo agency from any route,
 * with any method, given the demo agency's ids.
 */

let s: TestServer;
const key = (r: ApiRoute) => `${r.method} ${r.url}`;
const guarded = () => s.app.apiRoutes.filter((r) => !PUBLIC_ROUTES.includes(key(r)));
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const fill = (url: string, value: (param: string) => string) => url.replace(/:([A-Za-z]+)/g, (_, p: string) => encodeURIComponent(value(p)));
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

before(async () => {
  s = await startTestServer({ listen: true });
});
after(() => s.close());

describe('deny by default', () => {
  it('lists only routes that exist, and the API has routes of every area', () => {
    const all = new Set(s.app.apiRoutes.map(key));
    for (const route of [...PUBLIC_ROUTES, ...ENROLMENT_ROUTES]) assert.ok(all.has(route), `${route} is listed but no route serves it`);
    assert.ok(s.app.apiRoutes.length > 100, `only ${s.app.apiRoutes.length} routes were seen`);
  });

  it('answers 401 to every other route without a session, or with an unknown token', async () => {
    for (const route of guarded()) {
      for (const headers of [{}, bearer('not-a-session-token')]) {
        const res = await s.app.inject({ method: route.method as 'GET', url: fill(route.url, () => UNKNOWN_ID), headers, payload: bodyFor(route.method) });
        assert.equal(res.statusCode, 401, `${key(route)} answered ${res.statusCode} without a session`);
      }
    }
  });
});

describe('a session that must enrol in MFA first', () => {
  let pending: SignedIn;
  before(async () => {
    await s.db.query('update accounts set mfa_required = true where id = $1', [SECOND]);
    pending = await signIn(s.app, 'owner@second.test', SECOND);
  });
  after(() => s.db.query('update accounts set mfa_required = false where id = $1', [SECOND]));

  it('is told at sign-in and by /users/me', async () => {
    assert.equal(pending.mfaSetupRequired, true);
    const me = await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(pending.token) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().mfaSetupRequired, true);
  });

  it('reaches nothing but the enrolment routes', async () => {
    let refused = 0;
    for (const route of guarded()) {
      if (ENROLMENT_ROUTES.includes(key(route))) continue;
      const res = await s.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, () => UNKNOWN_ID),
        headers: bearer(pending.token),
        payload: bodyFor(route.method),
      });
      assert.equal(res.statusCode, 403, `${key(route)} answered ${res.statusCode}`);
      assert.equal(res.json().message, AUTH_MESSAGES.mfaSetupRequired);
      refused++;
    }
    assert.ok(refused > 100);
  });

  it('may start enrolment, and cannot listen on the socket', async () => {
    const init = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/init', headers: bearer(pending.token) });
    assert.equal(init.statusCode, 200);
    assert.match(init.json().url, /^otpauth:\/\//);
    assert.equal(await refusal(s.url!, DEMO_ACCOUNTS.second.dbName, pending.token), AUTH_MESSAGES.mfaSetupRequired);
  });
});

describe("another agency's owner, given the demo agency's ids", () => {
  let intruder: SignedIn;
  /** A demo id for each kind of record a path names. */
  const ids: Record<string, string> = {};
  const demoUsers = DEMO_USERS.filter((u) => u.account === 'demo');
  const first = async (sql: string) => ((await s.db.query<{ id: string }>(sql, [DEMO]))[0]?.id ?? UNKNOWN_ID) as string;

  before(async () => {
    intruder = await signIn(s.app, 'owner@second.test', SECOND);
    ids.user = demoUsers.find((u) => u.role === 'owner')!.id;
    ids.client = await first('select id from clients where account_id = $1 order by id limit 1');
    ids.otherClient = await first('select id from clients where account_id = $1 order by id desc limit 1');
    ids.record = await first('select id from client_records where account_id = $1 limit 1');
    ids.activity = await first('select id from client_activity where account_id = $1 limit 1');
    ids.tag = await first('select id from tags where account_id = $1 limit 1');
    ids.followup = await first('select id from followups where account_id = $1 limit 1');
    ids.value = await first('select id from option_values where account_id = $1 limit 1');
    ids.block = await first('select id from blocked_numbers where account_id = $1 limit 1');
    ids.chatRoom = await first('select id from chat_rooms where account_id = $1 limit 1');
    ids.upload = await first('select id from chat_uploads where account_id = $1 limit 1');
    ids.board = await first('select id from task_boards where account_id = $1 limit 1');
    ids.lane = await first('select l.id from task_board_lanes l join task_boards b on b.id = l.board_id where b.account_id = $1 limit 1');
    ids.location = await first('select id from account_locations where account_id = $1 limit 1');
    ids.phone = await first('select id from account_phones where account_id = $1 limit 1');
    ids.template = await first('select id from message_templates where account_id = $1 limit 1');
  });

  /** Values that name no record of an account (a format, a bucket, a VIN...): such routes answer the caller's own data. */
  const LITERALS: Record<string, string> = { email: 'owner@demo.test', vin: '1HGCM82633A004352', key: 'PolicyType', format: 'message', bucket: 'today' };
  /** Routes whose ids are not an account's (platform trainings, GIFs): they may answer, but still leak nothing. */
  const SHARED = [/^\/api\/trainings\//, /^\/api\/utilities\/gifs\//];

  function demoValue(url: string, param: string): string {
    if (param === 'accountId') return DEMO;
    if (param in LITERALS) return LITERALS[param];
    const area = url.split('/')[2];
    if (param === 'clientId' || param === 'otherId') return param === 'otherId' ? ids.otherClient : ids.client;
    if (param === 'userId') return ids.user;
    if (param === 'recordId') return ids.record;
    if (param === 'activityId') return ids.activity;
    if (param === 'roomId') return ids.chatRoom;
    if (param === 'fileId') return ids.upload;
    if (param === 'laneId') return ids.lane;
    if (param === 'locationId') return ids.location;
    const byArea: Record<string, string> = {
      users: ids.user,
      clients: ids.client,
      reviews: ids.client,
      tags: ids.tag,
      followups: url.includes('/client/') ? ids.client : ids.followup,
      values: ids.value,
      phone: ids.block,
      taskboard: ids.board,
      templates: ids.template,
      accounts: ids.phone,
    };
    return byArea[area] ?? UNKNOWN_ID;
  }

  /** Anything that would identify the demo agency or its people. */
  function assertNoDemoData(body: string, what: string) {
    for (const id of [DEMO, ids.client, ids.otherClient, ids.record, ...demoUsers.map((u) => u.id)]) {
      assert.ok(!body.includes(id), `${what} leaked ${id}`);
    }
    for (const u of demoUsers) assert.ok(u.email === 'multi@demo.test' || !body.includes(u.email), `${what} leaked ${u.email}`);
    assert.ok(!body.includes(DEMO_ACCOUNTS.demo.name), `${what} leaked the demo agency's name`);
  }

  const snapshot = async () => {
    const tables = ['clients', 'client_records', 'client_activity', 'tags', 'followups', 'task_boards', 'account_locations', 'account_phones', 'users'];
    const rows: Record<string, unknown> = {};
    for (const t of tables) rows[t] = await s.db.query(`select * from ${t} where account_id = $1 order by id`, [DEMO]);
    return JSON.stringify(rows);
  };

  it('gets no demo data from any route and changes nothing of it', async () => {
    for (const kind of ['client', 'otherClient', 'record', 'tag', 'location', 'phone']) {
      assert.notEqual(ids[kind], UNKNOWN_ID, `the demo agency has no ${kind} to try`);
    }
    const before_ = await snapshot();
    let tried = 0;
    for (const route of guarded()) {
      if (ENROLMENT_ROUTES.includes(key(route)) && route.method !== 'GET') continue; // starting its own MFA or signing out
      const url = fill(route.url, (p) => demoValue(route.url, p));
      const res = await s.app.inject({ method: route.method as 'GET', url, headers: bearer(intruder.token), payload: bodyFor(route.method) });
      const what = `${route.method} ${url}`;
      assertNoDemoData(res.body, what);
      const namesDemoRecord = /:([A-Za-z]+)/.test(route.url) && ![...route.url.matchAll(/:([A-Za-z]+)/g)].every(([, p]) => p in LITERALS);
      if (namesDemoRecord && !SHARED.some((re) => re.test(route.url))) {
        assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${what} answered ${res.statusCode}`);
      }
      tried++;
    }
    assert.ok(tried > 100, `only ${tried} routes were tried`);
    assert.equal(await snapshot(), before_, 'a request of the other agency changed the demo agency');
  });
});
