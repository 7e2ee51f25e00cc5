import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, bearer, DEMO, DEMO_ACCOUNTS, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../testing/harness';
import { DEMO_USERS } from '../seed';
import { DEMO_LOCATIONS, DEMO_PHONES } from '../modules/locations/seed';

/*
 * Tenancy: the owner of the second agency tries every route with ids of the demo agency and gets
 * 403 or 404, never its data, and nothing of the demo agency changes.
 */

let s: TestServer;
let intruder: SignedIn;
const demoUsers = DEMO_USERS.filter((u) => u.account === 'demo');
const demoIds = demoUsers.map((u) => u.id);
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const snapshot = () => s.db.query(`select * from users where account_id = $1 order by id`, [DEMO]);

before(async () => {
  s = await startTestServer();
  intruder = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

/** The answer must not carry anything of the demo agency. */
function assertNoDemoData(body: string, what: string) {
  for (const id of [DEMO, ...demoIds]) assert.ok(!body.includes(id), `${what} leaked ${id}`);
  for (const u of demoUsers) assert.ok(!body.includes(u.email) || u.email === 'multi@demo.test', `${what} leaked ${u.email}`);
  assert.ok(!body.includes(DEMO_ACCOUNTS.demo.name), `${what} leaked the demo agency's name`);
}

describe('tenancy: the second agency cannot reach the demo agency', () => {
  it('gets 403 or 404 on every user route with every demo id', async () => {
    const before_ = await snapshot();
    const routes = (id: string) => [
      { method: 'PUT' as const, url: `/api/users/${id}`, payload: { firstName: 'Mallory', role: 'employee' } },
      { method: 'PUT' as const, url: `/api/users/${id}`, payload: { email: 'mallory@second.test' } },
      { method: 'PUT' as const, url: `/api/users/${id}/password`, payload: { currentPassword: 'demo-password', password: 'taken-over-1' } },
      { method: 'PUT' as const, url: `/api/users/${id}/reset-password`, payload: { password: 'taken-over-1' } },
      { method: 'PUT' as const, url: `/api/users/${id}/reset-mfa` },
      { method: 'PUT' as const, url: `/api/users/${id}/picture`, payload: { avatar: png } },
      { method: 'PUT' as const, url: `/api/users/${id}/picture`, payload: { avatar: null } },
      { method: 'POST' as const, url: `/api/users/${id}/ghost` },
    ];
    let tried = 0;
    for (const id of demoIds) {
      for (const route of routes(id)) {
        const res = await s.app.inject({ ...route, headers: bearer(intruder.token) });
        assert.ok([403, 404].includes(res.statusCode), `${route.method} ${route.url} answered ${res.statusCode}`);
        assertNoDemoData(res.body, `${route.method} ${route.url}`);
        tried++;
      }
    }
    assert.equal(tried, demoIds.length * 8);
    assert.deepEqual(await snapshot(), before_);
    const [ghost] = await s.db.query<{ ghost_user_id: string | null }>('select ghost_user_id from sessions where user_id = $1 and revoked_at is null', [
      intruder.user.id,
    ]);
    assert.equal(ghost.ghost_user_id, null);
  });

  it('reads only its own agency', async () => {
    for (const url of ['/api/users', '/api/users/me', '/api/trainings', '/api/trainings/count']) {
      const res = await s.app.inject({ method: 'GET', url, headers: bearer(intruder.token) });
      assert.equal(res.statusCode, 200, url);
      assertNoDemoData(res.body, url);
    }
    const users = (await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(intruder.token) })).json();
    assert.deepEqual(
      users.map((u: { account: string }) => u.account),
      [SECOND, SECOND],
    );
    const unghost = await s.app.inject({ method: 'DELETE', url: '/api/users/ghost', headers: bearer(intruder.token) });
    assert.equal(unghost.json().user.id, intruder.user.id);
    assertNoDemoData(unghost.body, 'DELETE /users/ghost');
  });

  it('never sees who in the demo agency viewed a training', async () => {
    const [{ id }] = await s.db.query<{ id: string }>(
      `insert into trainings (id, title) values ('00000000-0000-4000-8000-0000000000aa', 'Shared item') returning id`,
    );
    const demoEmployee = await signIn(s.app, 'employee@demo.test');
    await s.app.inject({ method: 'PUT', url: `/api/trainings/${id}/viewed`, headers: bearer(demoEmployee.token) });
    for (const res of [
      await s.app.inject({ method: 'GET', url: `/api/trainings/${id}`, headers: bearer(intruder.token) }),
      await s.app.inject({ method: 'PUT', url: `/api/trainings/${id}/viewed`, headers: bearer(intruder.token) }),
      await s.app.inject({ method: 'GET', url: '/api/trainings?search=Shared', headers: bearer(intruder.token) }),
    ]) {
      assert.equal(res.statusCode, 200);
      assertNoDemoData(res.body, 'trainings');
    }
    const viewed = await s.app.inject({ method: 'GET', url: `/api/trainings/${id}`, headers: bearer(intruder.token) });
    assert.deepEqual(viewed.json().viewedBy, [intruder.user.id]);
  });

  it('files feedback and MFA setup under its own agency and user', async () => {
    await s.app.inject({
      method: 'POST',
      url: '/api/utilities/feedback',
      headers: bearer(intruder.token),
      payload: { category: 'Other', relatedTo: 'Users', comments: 'Hello' },
    });
    const [row] = await s.db.query<{ account_id: string; user_id: string }>('select account_id, user_id from feedback');
    assert.deepEqual(row, { account_id: SECOND, user_id: intruder.user.id });
    const init = await s.app.inject({ method: 'POST', url: '/api/auth/mfa/init', headers: bearer(intruder.token) });
    assert.ok(init.json().url.includes('owner%40second.test'));
    const pending = await s.db.query('select id from users where mfa_pending_secret is not null');
    assert.deepEqual(pending, [{ id: intruder.user.id }]);
  });

  it('cannot sign in to or unlock with the demo agency using its own credentials', async () => {
    const signInDemo = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('owner@second.test') },
      payload: { account: DEMO },
    });
    assert.equal(signInDemo.statusCode, 401);
    const unlockDemo = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('owner@second.test'), 'x-unlock': intruder.token },
      payload: { account: DEMO },
    });
    assert.equal(unlockDemo.statusCode, 401);
  });

  it('works the other way round too: a demo owner cannot touch second agency users', async () => {
    const demoOwner = await signIn(s.app, 'owner@demo.test');
    for (const id of DEMO_USERS.filter((u) => u.account === 'second').map((u) => u.id)) {
      for (const url of [`/api/users/${id}/reset-password`, `/api/users/${id}/reset-mfa`]) {
        const res = await s.app.inject({
          method: 'PUT',
          url,
          headers: bearer(demoOwner.token),
          payload: url.endsWith('password') ? { password: 'taken-over-1' } : undefined,
        });
        assert.equal(res.statusCode, 404, url);
      }
      assert.equal((await s.app.inject({ method: 'POST', url: `/api/users/${id}/ghost`, headers: bearer(demoOwner.token) })).statusCode, 404);
    }
  });
});

describe("tenancy: the demo agency's settings and employees", () => {
  const state = async () => [
    await snapshot(),
    await s.db.query('select * from accounts where id = $1', [DEMO]),
    await s.db.query('select * from user_locations order by 1, 2'),
  ];

  it('answers 403 or 404 on the account and employee routes, and changes nothing', async () => {
    const before_ = await state();
    const routes = [
      { method: 'GET' as const, url: `/api/accounts/${DEMO}` },
      { method: 'PUT' as const, url: `/api/accounts/${DEMO}`, payload: { mfaRequired: true, gatheringForms: 'auto' } },
      {
        method: 'POST' as const,
        url: `/api/accounts/${DEMO}/users`,
        payload: { userFirstName: 'Mallory', userLastName: 'M', userEmail: 'mallory@second.test', userRole: 'admin' },
      },
      ...demoIds.map((id) => ({ method: 'DELETE' as const, url: `/api/accounts/${DEMO}/users/${id}` })),
      ...demoIds.map((id) => ({ method: 'DELETE' as const, url: `/api/accounts/${SECOND}/users/${id}` })),
      ...demoIds.map((id) => ({
        method: 'PUT' as const,
        url: `/api/users/${id}`,
        payload: { groups: ['Taken'], accountLocations: [], npn: '1', phone: '5125550000' },
      })),
    ];
    for (const route of routes) {
      const res = await s.app.inject({ ...route, headers: bearer(intruder.token) });
      assert.ok([403, 404].includes(res.statusCode), `${route.method} ${route.url} answered ${res.statusCode}`);
      assertNoDemoData(res.body, `${route.method} ${route.url}`);
    }
    // Its own employees cannot be given the demo agency's locations.
    const own = await s.app.inject({
      method: 'POST',
      url: `/api/accounts/${SECOND}/users`,
      headers: bearer(intruder.token),
      payload: { userFirstName: 'Mallory', userLastName: 'M', userEmail: 'mallory@second.test', userAccountLocations: [DEMO_LOCATIONS.austin.id] },
    });
    assert.equal(own.statusCode, 400);
    assert.deepEqual(await state(), before_);
  });
});

describe("tenancy: the demo agency's locations, phone numbers and reviews", () => {
  const places = () =>
    s.db.query(
      `select l.*, p.* from account_locations l full join account_phones p on p.location_id = l.id where coalesce(l.account_id, p.account_id) = $1 order by l.id, p.id`,
      [DEMO],
    );

  it('answers 403 or 404 on every location, phone and review route, and changes nothing', async () => {
    const before_ = await places();
    const [carter] = await s.db.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'lastName' = 'Carter'`, [DEMO]);
    const location = DEMO_LOCATIONS.austin.id;
    const phone = DEMO_PHONES.austinMain.id;
    const routes = [
      { method: 'GET' as const, url: `/api/accounts/${DEMO}/locations` },
      { method: 'GET' as const, url: `/api/accounts/${DEMO}/locations/${location}` },
      { method: 'GET' as const, url: `/api/accounts/${SECOND}/locations/${location}` },
      { method: 'POST' as const, url: `/api/accounts/${DEMO}/locations`, payload: { name: 'Mallory Office', timezone: 'UTC' } },
      { method: 'PUT' as const, url: `/api/accounts/${DEMO}/locations/${location}`, payload: { name: 'Taken', timezone: 'UTC' } },
      { method: 'PUT' as const, url: `/api/accounts/${SECOND}/locations/${location}`, payload: { name: 'Taken', timezone: 'UTC' } },
      { method: 'GET' as const, url: `/api/accounts/${DEMO}/phones` },
      { method: 'POST' as const, url: `/api/accounts/${DEMO}/phones`, payload: { phoneNumber: '15125550999', friendlyName: 'Mallory' } },
      { method: 'PUT' as const, url: `/api/accounts/${DEMO}/phones/${phone}`, payload: { friendlyName: 'Taken' } },
      { method: 'PUT' as const, url: `/api/accounts/${SECOND}/phones/${phone}`, payload: { friendlyName: 'Taken' } },
      { method: 'GET' as const, url: `/api/reviews/client/${carter.id}` },
      { method: 'POST' as const, url: `/api/reviews/${carter.id}`, payload: { clientLevel: 'primary' } },
    ];
    for (const route of routes) {
      const res = await s.app.inject({ ...route, headers: bearer(intruder.token) });
      assert.ok([403, 404].includes(res.statusCode), `${route.method} ${route.url} answered ${res.statusCode}`);
      assertNoDemoData(res.body, `${route.method} ${route.url}`);
      assert.ok(!res.body.includes('Austin'), `${route.method} ${route.url} leaked a location`);
    }
    const phoneInOwnAccount = await s.app.inject({
      method: 'POST',
      url: `/api/accounts/${SECOND}/phones`,
      headers: bearer(intruder.token),
      payload: { phoneNumber: '15125550998', location },
    });
    assert.equal(phoneInOwnAccount.statusCode, 400);
    const [own] = await s.db.query<{ id: string }>('select id from clients where account_id = $1 limit 1', [SECOND]);
    const borrowed = await s.app.inject({ method: 'PUT', url: `/api/clients/${own.id}`, headers: bearer(intruder.token), payload: { accountPhone: phone } });
    assert.equal(borrowed.statusCode, 400);
    assert.deepEqual(await places(), before_);
  });
});
