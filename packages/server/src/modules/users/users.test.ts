import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { User } from '@agency/contracts';
import {
  basicAuth,
  bearer,
  DEMO,
  DEMO_PASSWORD,
  demoUserId,
  SECOND,
  signIn,
  startTestServer,
  totpCode,
  type SignedIn,
  type TestServer,
} from '../../testing/harness';

let s: TestServer;
let owner: SignedIn;
let admin: SignedIn;
let employee: SignedIn;
const EMPLOYEE = demoUserId('employee@demo.test');
const EMPLOYEE2 = demoUserId('employee2@demo.test');
const ADMIN = demoUserId('admin@demo.test');
const OWNER = demoUserId('owner@demo.test');
const SUPER = demoUserId('super@demo.test');

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
});
after(() => s.close());

const put = (token: string, url: string, payload?: object) => s.app.inject({ method: 'PUT', url: `/api${url}`, headers: bearer(token), payload });
const signInStatus = async (email: string, password: string) =>
  (await s.app.inject({ method: 'POST', url: '/api/auth', headers: { authorization: basicAuth(email, password) }, payload: { account: DEMO } })).statusCode;

/** Collects users_update payloads emitted while fn runs. */
async function updatesDuring(fn: () => Promise<unknown>): Promise<User[]> {
  const seen: User[] = [];
  const off = s.events.on('userUpdated', ({ accountId, user }) => {
    assert.equal(accountId, DEMO);
    seen.push(user);
  });
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

describe('GET /users', () => {
  it("lists the account's users for any role", async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(employee.token) });
    assert.equal(res.statusCode, 200);
    const users: User[] = res.json();
    assert.equal(users.length, 6);
    assert.ok(users.every((u) => u.account === DEMO));
    assert.ok(!users.some((u) => 'password_hash' in u || 'passwordHash' in u));
  });
});

describe('PUT /users/:id', () => {
  it('lets a user change their own profile and tells the account', async () => {
    let res;
    const updates = await updatesDuring(async () => {
      res = await put(employee.token, `/users/${EMPLOYEE}`, { firstName: 'Emily', themeColor: 'abc', extension: '203' });
    });
    assert.equal(res!.statusCode, 200);
    assert.deepEqual([res!.json().firstName, res!.json().themeColor, res!.json().extension], ['Emily', '#abc', '203']);
    assert.deepEqual(
      updates.map((u) => [u.id, u.firstName]),
      [[EMPLOYEE, 'Emily']],
    );
  });

  it('validates the fields with their messages', async () => {
    const color = await put(employee.token, `/users/${EMPLOYEE}`, { themeColor: 'blue' });
    assert.equal(color.statusCode, 400);
    assert.deepEqual(color.json(), { message: 'input is not a valid hex color.' });
    assert.equal((await put(employee.token, `/users/${EMPLOYEE}`, { firstName: '' })).statusCode, 400);
    assert.equal((await put(employee.token, `/users/${EMPLOYEE}`, { passwordHash: 'x' })).statusCode, 400);
  });

  it('refuses an employee changing someone else or their own role', async () => {
    assert.equal((await put(employee.token, `/users/${EMPLOYEE2}`, { firstName: 'X' })).statusCode, 403);
    assert.equal((await put(employee.token, `/users/${EMPLOYEE}`, { role: 'admin' })).statusCode, 403);
    // Sending the role one already has is no change.
    assert.equal((await put(employee.token, `/users/${EMPLOYEE}`, { role: 'employee' })).statusCode, 200);
  });

  it('lets an admin change employees and admins, but never an owner or a super', async () => {
    assert.equal((await put(admin.token, `/users/${EMPLOYEE2}`, { lastName: 'Evers' })).statusCode, 200);
    assert.equal((await put(admin.token, `/users/${EMPLOYEE2}`, { role: 'admin' })).statusCode, 200);
    assert.equal((await put(admin.token, `/users/${EMPLOYEE2}`, { role: 'employee' })).statusCode, 200);
    assert.equal((await put(admin.token, `/users/${EMPLOYEE2}`, { role: 'owner' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${OWNER}`, { role: 'employee' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${OWNER}`, { email: 'mine@demo.test' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${SUPER}`, { firstName: 'X' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${ADMIN}`, { role: 'owner' })).statusCode, 403);
  });

  it('lets the owner change roles up to owner', async () => {
    assert.equal((await put(owner.token, `/users/${EMPLOYEE2}`, { role: 'admin' })).statusCode, 200);
    assert.equal((await put(owner.token, `/users/${EMPLOYEE2}`, { role: 'super' })).statusCode, 403);
    assert.equal((await put(owner.token, `/users/${EMPLOYEE2}`, { role: 'employee' })).statusCode, 200);
    assert.equal((await put(owner.token, `/users/${OWNER}`, { role: 'admin' })).statusCode, 403);
  });

  it('refuses an email another user of the account has', async () => {
    const res = await put(employee.token, `/users/${EMPLOYEE}`, { email: 'ADMIN@demo.test', currentPassword: DEMO_PASSWORD });
    assert.equal(res.statusCode, 409);
    // The same email in another account is fine: multi@demo.test exists in both.
  });

  it('answers 404 for an unknown user', async () => {
    assert.equal((await put(owner.token, '/users/00000000-0000-4000-9000-0000000000ff', { firstName: 'X' })).statusCode, 404);
    const bad = await put(owner.token, '/users/not-a-uuid', { firstName: 'X' });
    assert.deepEqual([bad.statusCode, bad.json().message], [404, 'User not found']);
  });
});

describe('passwords', () => {
  it('changes your own password when you know the current one, ending your other sessions', async () => {
    const current = await signIn(s.app, 'employee2@demo.test');
    const mobile = await signIn(s.app, 'employee2@demo.test', DEMO, { device: 'mobile' });
    const wrong = await put(current.token, `/users/${EMPLOYEE2}/password`, { currentPassword: 'nope', password: 'new-password-1' });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { message: 'Current password is incorrect.' });
    const ok = await put(current.token, `/users/${EMPLOYEE2}/password`, { currentPassword: 'demo-password', password: 'new-password-1' });
    assert.equal(ok.statusCode, 200);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(current.token) })).statusCode, 200);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(mobile.token) })).statusCode, 401);
    assert.equal(await signInStatus('employee2@demo.test', 'new-password-1'), 200);
  });

  it("refuses changing someone else's password that way", async () => {
    const res = await put(owner.token, `/users/${EMPLOYEE}/password`, { currentPassword: 'demo-password', password: 'new-password-2' });
    assert.equal(res.statusCode, 403);
  });

  it('lets admin roles reset a lower or equal user, signing them out', async () => {
    const victim = await signIn(s.app, 'multi@demo.test');
    const res = await put(admin.token, `/users/${victim.user.id}/reset-password`, { password: 'reset-password-1' });
    assert.equal(res.statusCode, 200);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(victim.token) })).statusCode, 401);
    assert.equal(await signInStatus('multi@demo.test', 'reset-password-1'), 200);
  });

  it('refuses resets by employees, of owners by admins, of oneself, and checks the password', async () => {
    assert.equal((await put(employee.token, `/users/${EMPLOYEE2}/reset-password`, { password: 'reset-password-2' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${OWNER}/reset-password`, { password: 'reset-password-2' })).statusCode, 403);
    assert.equal((await put(owner.token, `/users/${SUPER}/reset-password`, { password: 'reset-password-2' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${ADMIN}/reset-password`, { password: 'reset-password-2' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${EMPLOYEE}/reset-password`, { password: 'short' })).statusCode, 400);
  });
});

describe('PUT /users/:id/reset-mfa', () => {
  it('turns MFA off for admin roles over lower users', async () => {
    await s.db.query(`update users set mfa_enabled = true, mfa_secret = 'JBSWY3DPEHPK3PXP' where id = $1`, [EMPLOYEE2]);
    assert.equal((await put(employee.token, `/users/${EMPLOYEE2}/reset-mfa`)).statusCode, 403);
    let res;
    const updates = await updatesDuring(async () => {
      res = await put(admin.token, `/users/${EMPLOYEE2}/reset-mfa`);
    });
    assert.equal(res!.statusCode, 200);
    assert.deepEqual(
      updates.map((u) => [u.id, u.mfaEnabled]),
      [[EMPLOYEE2, false]],
    );
    const [row] = await s.db.query<{ mfa_secret: string | null }>('select mfa_secret from users where id = $1', [EMPLOYEE2]);
    assert.equal(row.mfa_secret, null);
  });

  it("refuses a super's MFA to an owner", async () => {
    assert.equal((await put(owner.token, `/users/${SUPER}/reset-mfa`)).statusCode, 403);
  });
});

describe('PUT /users/:id/picture', () => {
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('sets and clears your own picture', async () => {
    const set = await put(employee.token, `/users/${EMPLOYEE}/picture`, { avatar: png });
    assert.equal(set.statusCode, 200);
    assert.equal(set.json().avatar, png);
    const cleared = await put(employee.token, `/users/${EMPLOYEE}/picture`, { avatar: null });
    assert.equal(cleared.json().avatar, null);
  });

  it('refuses anything but an image data URL', async () => {
    const res = await put(employee.token, `/users/${EMPLOYEE}/picture`, { avatar: 'javascript:alert(1)' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Picture must be a PNG, JPEG or WEBP image' });
  });

  it("lets an admin set an employee's picture, not an employee someone else's", async () => {
    assert.equal((await put(admin.token, `/users/${EMPLOYEE}/picture`, { avatar: png })).statusCode, 200);
    assert.equal((await put(employee.token, `/users/${EMPLOYEE2}/picture`, { avatar: png })).statusCode, 403);
  });
});

describe('ghosting', () => {
  const ghost = (token: string, id: string) => s.app.inject({ method: 'POST', url: `/api/users/${id}/ghost`, headers: bearer(token) });
  const unghost = (token: string) => s.app.inject({ method: 'DELETE', url: '/api/users/ghost', headers: bearer(token) });
  const me = async (token: string) => (await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();

  it('lets an admin act as an employee with the same session, and come back', async () => {
    const a = await signIn(s.app, 'admin@demo.test');
    const res = await ghost(a.token, EMPLOYEE);
    assert.equal(res.statusCode, 200);
    const session = res.json();
    assert.equal(session.token, a.token);
    assert.equal(session.user.id, EMPLOYEE);
    assert.equal(session.ghostedBy.id, ADMIN);
    assert.equal((await me(a.token)).user.id, EMPLOYEE);

    // Acting as the employee means the employee's rights.
    assert.equal((await put(a.token, `/users/${EMPLOYEE2}/reset-password`, { password: 'ghost-password' })).statusCode, 403);
    // Switching to another user goes by the admin's own role.
    assert.equal((await ghost(a.token, EMPLOYEE2)).statusCode, 200);

    const back = await unghost(a.token);
    assert.equal(back.statusCode, 200);
    assert.equal(back.json().token, a.token);
    assert.equal(back.json().user.id, ADMIN);
    assert.equal(back.json().ghostedBy, null);
    assert.equal((await me(a.token)).user.id, ADMIN);
    admin = a;
  });

  it('is only for super, owner and admin', async () => {
    const res = await ghost(employee.token, EMPLOYEE2);
    assert.equal(res.statusCode, 403);
  });

  it('never lifts anyone above their own rank', async () => {
    assert.equal((await ghost(admin.token, OWNER)).statusCode, 403);
    assert.equal((await ghost(admin.token, SUPER)).statusCode, 403);
    assert.equal((await ghost(owner.token, SUPER)).statusCode, 403);
    assert.equal((await ghost(owner.token, ADMIN)).statusCode, 200);
    await unghost(owner.token);
  });

  it('lets a super ghost anyone of the account', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('super@demo.test', 'demo-password') },
      payload: { account: DEMO, code: totpCode() },
    });
    assert.equal(res.statusCode, 200);
    const token = res.json().token;
    assert.equal((await ghost(token, OWNER)).statusCode, 200);
    assert.equal((await unghost(token)).json().user.id, SUPER);
  });

  it('refuses ghosting yourself and users of other accounts', async () => {
    assert.equal((await ghost(owner.token, OWNER)).statusCode, 400);
    assert.equal((await ghost(owner.token, demoUserId('owner@second.test'))).statusCode, 404);
    assert.equal((await ghost(owner.token, demoUserId('multi@demo.test', 'second'))).statusCode, 404);
  });

  it('works the same for the second account', async () => {
    const o = await signIn(s.app, 'owner@second.test', SECOND);
    const res = await ghost(o.token, demoUserId('multi@demo.test', 'second'));
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().account.id, SECOND);
  });
});
