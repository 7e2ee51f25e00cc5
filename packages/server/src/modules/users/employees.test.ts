import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { User } from '@agency/contracts';
import { readOutbox } from '../../providers/mail/local';
import { sealerFor } from '../../sealing/crypto';
import { DEMO_LOCATIONS } from '../locations/seed';
import { basicAuth, bearer, DEMO, demoUserId, SECOND, signIn, startTestServer, type SignedIn, type TestServer } from '../../testing/harness';

const outboxSealer = () => sealerFor(s.app.deps.config.dataDir);

let s: TestServer;
let owner: SignedIn;
let admin: SignedIn;
let employee: SignedIn;
let otherOwner: SignedIn;
const OWNER = demoUserId('owner@demo.test');
const SUPER = demoUserId('super@demo.test');
const EMPLOYEE2 = demoUserId('employee2@demo.test');

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  otherOwner = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

// Every request names a forged Host: links in mails must still use the configured address.
const create = (token: string, payload: object, account: string = DEMO) =>
  s.app.inject({ method: 'POST', url: `/api/accounts/${account}/users`, headers: { ...bearer(token), host: 'attacker.example' }, payload });
const remove = (token: string, userId: string, account: string = DEMO) =>
  s.app.inject({ method: 'DELETE', url: `/api/accounts/${account}/users/${userId}`, headers: bearer(token) });
const put = (token: string, url: string, payload?: object) => s.app.inject({ method: 'PUT', url: `/api${url}`, headers: bearer(token), payload });
const users = async (token: string): Promise<User[]> => (await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).json();

let n = 0;
const newEmployee = (over: object = {}) => {
  n += 1;
  return { userFirstName: 'Nora', userLastName: `New${n}`, userEmail: `nora${n}@demo.test`, userExtension: `3${String(n).padStart(2, '0')}`, ...over };
};

describe('POST /accounts/:accountId/users', () => {
  it('adds an employee with every field of the form, and mails a code to choose a password', async () => {
    const res = await create(owner.token, {
      userFirstName: ' Nina ',
      userLastName: 'Novak',
      userEmail: 'nina@demo.test',
      userPhone: '(512) 555-0199',
      userExtension: '201',
      userGroups: ['Sales', 'Service', 'Sales'],
      userNPN: '1234567',
      userRole: 'admin',
      userAccountLocations: [DEMO_LOCATIONS.austin.id],
    });
    assert.equal(res.statusCode, 201);
    const user: User = res.json();
    assert.deepEqual(
      [user.firstName, user.lastName, user.email, user.phone, user.extension, user.groups, user.npn, user.role, user.locations, user.account],
      ['Nina', 'Novak', 'nina@demo.test', '15125550199', '201', ['Sales', 'Service'], '1234567', 'admin', [DEMO_LOCATIONS.austin.id], DEMO],
    );
    assert.ok((await users(employee.token)).some((u) => u.id === user.id && u.locations[0] === DEMO_LOCATIONS.austin.id));

    // No password works yet; the welcome link's 128-bit token sets one through the forgot-password flow.
    const [mail] = await readOutbox(s.db, outboxSealer(), { to: 'nina@demo.test', limit: 1 });
    assert.match(mail.subject, /Demo Insurance Agency/);
    const code = new RegExp(`/forgot-password/${user.id}/([A-Za-z0-9_-]{22})\\?email=nina%40demo\\.test`).exec(mail.body)![1]!;
    assert.ok(mail.body.includes(`${s.app.deps.config.publicUrl}/forgot-password/${user.id}/${code}?email=nina%40demo.test`));
    assert.ok(!mail.body.includes('attacker.example'));
    assert.ok(!/\b\d{4}\b/.test(mail.body.replace(/https?:\/\/\S+/g, '')), 'no short code to guess');
    const [stored] = await s.db.query<{ code_hash: string; hours: number }>(
      'select code_hash, round(extract(epoch from expires_at - now()) / 3600)::int as hours from password_resets where user_id = $1',
      [user.id],
    );
    assert.deepEqual([stored!.code_hash.startsWith('$argon2id$'), stored!.code_hash.includes(code), stored!.hours], [true, false, 24]);
    const signInNow = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { authorization: basicAuth('nina@demo.test', 'chosen-password') },
        payload: { account: DEMO },
      });
    assert.equal((await signInNow()).statusCode, 401);
    const verify = await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/verify',
      payload: { email: 'nina@demo.test', code, password: 'chosen-password' },
    });
    assert.equal(verify.statusCode, 200);
    assert.equal((await signInNow()).statusCode, 200);
  });

  it('defaults the role to employee', async () => {
    const res = await create(admin.token, newEmployee());
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().role, 'employee');
  });

  it('is for owners and admins only, and an admin never adds an owner or a super', async () => {
    assert.equal((await create(employee.token, newEmployee())).statusCode, 403);
    assert.equal((await create(admin.token, newEmployee({ userRole: 'admin' }))).statusCode, 201);
    // The form offers admin and employee only: owner and super are refused as input.
    assert.equal((await create(owner.token, newEmployee({ userRole: 'owner' }))).statusCode, 400);
    assert.equal((await create(admin.token, newEmployee({ userRole: 'super' }))).statusCode, 400);
  });

  it("never adds to another account's team", async () => {
    assert.equal((await create(otherOwner.token, newEmployee())).statusCode, 403);
    assert.equal((await create(owner.token, newEmployee(), SECOND)).statusCode, 403);
    // A location of another account is refused.
    const foreign = await create(otherOwner.token, newEmployee({ userAccountLocations: [DEMO_LOCATIONS.austin.id] }), SECOND);
    assert.equal(foreign.statusCode, 400);
    assert.deepEqual(foreign.json(), { message: 'Location must be a location of this account' });
  });

  it('validates the fields with their messages', async () => {
    const cases: Array<[object, string]> = [
      [{ userFirstName: '' }, 'First name is required'],
      [{ userEmail: 'not-an-email' }, 'Enter a valid email address'],
      [{ userExtension: '12ab' }, 'Extension must be up to 6 digits'],
      [{ userNPN: 'X1' }, 'NPN must be up to 10 digits'],
      [{ userPhone: '555-01' }, 'Phone numbers need 10 or 11 digits'],
      [{ userGroups: [''] }, 'Groups must be 1 to 40 characters'],
    ];
    for (const [over, message] of cases) {
      const res = await create(owner.token, newEmployee(over));
      assert.equal(res.statusCode, 400, JSON.stringify(over));
      assert.equal(res.json().message, message);
    }
    assert.equal((await create(owner.token, { ...newEmployee(), passwordHash: 'x' })).statusCode, 400);
  });

  it('keeps emails and extensions unique in the account', async () => {
    const email = await create(owner.token, newEmployee({ userEmail: 'ADMIN@demo.test' }));
    assert.equal(email.statusCode, 409);
    assert.deepEqual(email.json(), { message: 'That email is already used by another user of this account.' });
    const ext = await create(owner.token, newEmployee({ userExtension: '102' }));
    assert.equal(ext.statusCode, 409);
    assert.deepEqual(ext.json(), { message: 'That extension is already used by another user of this account.' });
    // The same email in another account is fine.
    assert.equal((await create(otherOwner.token, newEmployee({ userEmail: 'admin@demo.test', userExtension: '150' }), SECOND)).statusCode, 201);
  });
});

describe('PUT /users/:id with the employee fields', () => {
  it('lets an admin set phone, NPN, groups and locations of an employee', async () => {
    const res = await put(admin.token, `/users/${EMPLOYEE2}`, {
      phone: '+1 (512) 555-0123',
      npn: '99',
      groups: ['Claims'],
      accountLocations: [DEMO_LOCATIONS.austin.id, DEMO_LOCATIONS.roundRock.id],
    });
    assert.equal(res.statusCode, 200);
    const user: User = res.json();
    assert.deepEqual(
      [user.phone, user.npn, user.groups, [...user.locations].sort()],
      ['15125550123', '99', ['Claims'], [DEMO_LOCATIONS.austin.id, DEMO_LOCATIONS.roundRock.id].sort()],
    );
    const cleared = await put(admin.token, `/users/${EMPLOYEE2}`, { phone: '', npn: '', groups: [], accountLocations: [] });
    assert.deepEqual([cleared.json().phone, cleared.json().npn, cleared.json().groups, cleared.json().locations], [null, null, [], []]);
  });

  it('keeps groups and locations for admin roles, the rest open to the user', async () => {
    const self = employee.user.id;
    assert.equal((await put(employee.token, `/users/${self}`, { phone: '5125550100', npn: '42' })).statusCode, 200);
    assert.equal((await put(employee.token, `/users/${self}`, { groups: ['Sales'] })).statusCode, 403);
    assert.equal((await put(employee.token, `/users/${self}`, { accountLocations: [DEMO_LOCATIONS.austin.id] })).statusCode, 403);
  });

  it('refuses an extension another user has, and a location of another account', async () => {
    const ext = await put(owner.token, `/users/${EMPLOYEE2}`, { extension: '101' });
    assert.equal(ext.statusCode, 409);
    assert.deepEqual(ext.json(), { message: 'That extension is already used by another user of this account.' });
    assert.equal((await put(owner.token, `/users/${EMPLOYEE2}`, { extension: '104' })).statusCode, 200);
    const secondEmployee = demoUserId('multi@demo.test', 'second');
    assert.equal((await put(otherOwner.token, `/users/${secondEmployee}`, { accountLocations: [DEMO_LOCATIONS.austin.id] })).statusCode, 400);
    assert.equal((await put(owner.token, `/users/${secondEmployee}`, { firstName: 'X' })).statusCode, 404);
  });

  it('an admin never edits an owner or a super', async () => {
    assert.equal((await put(admin.token, `/users/${OWNER}`, { npn: '1' })).statusCode, 403);
    assert.equal((await put(admin.token, `/users/${SUPER}`, { groups: ['X'] })).statusCode, 403);
  });
});

describe('DELETE /accounts/:accountId/users/:userId', () => {
  it('deletes an employee, ends their sessions and frees their email and extension', async () => {
    const created: User = (await create(owner.token, newEmployee({ userEmail: 'leaving@demo.test', userExtension: '250' }))).json();
    await s.db.query('update users set password_hash = (select password_hash from users where id = $1) where id = $2', [OWNER, created.id]);
    const session = await signIn(s.app, 'leaving@demo.test');
    const deleted: string[] = [];
    const off = s.events.on('userDeleted', ({ accountId, userId }) => {
      assert.equal(accountId, DEMO);
      deleted.push(userId);
    });
    const revoked: string[] = [];
    const off2 = s.events.on('sessionsRevoked', ({ sessionIds }) => void revoked.push(...sessionIds));
    let res;
    try {
      res = await remove(admin.token, created.id);
    } finally {
      off();
      off2();
    }
    assert.equal(res.statusCode, 200);
    assert.deepEqual(deleted, [created.id]);
    assert.equal(revoked.length, 1);
    assert.equal((await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.token) })).statusCode, 401);
    assert.ok(!(await users(owner.token)).some((u) => u.id === created.id));
    const signInAgain = await s.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { authorization: basicAuth('leaving@demo.test') },
      payload: { account: DEMO },
    });
    assert.equal(signInAgain.statusCode, 401);
    assert.equal((await remove(admin.token, created.id)).statusCode, 404);
    // The email and extension are free again.
    assert.equal((await create(owner.token, newEmployee({ userEmail: 'leaving@demo.test', userExtension: '250' }))).statusCode, 201);
  });

  it('is for owners and admins; an admin never deletes an owner or a super, nobody deletes themselves', async () => {
    const target: User = (await create(owner.token, newEmployee())).json();
    assert.equal((await remove(employee.token, target.id)).statusCode, 403);
    assert.equal((await remove(admin.token, OWNER)).statusCode, 403);
    assert.equal((await remove(admin.token, SUPER)).statusCode, 403);
    assert.equal((await remove(owner.token, SUPER)).statusCode, 403);
    const self = await remove(owner.token, OWNER);
    assert.equal(self.statusCode, 403);
    assert.deepEqual(self.json(), { message: 'You cannot delete yourself.' });
    assert.equal((await remove(owner.token, target.id)).statusCode, 200);
  });

  it("never reaches another account's users", async () => {
    const target: User = (await create(owner.token, newEmployee())).json();
    assert.equal((await remove(otherOwner.token, target.id)).statusCode, 403);
    assert.equal((await remove(otherOwner.token, target.id, SECOND)).statusCode, 404);
    assert.ok((await users(owner.token)).some((u) => u.id === target.id));
  });
});
