import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUTH_MESSAGES, type Account } from '@agency/contracts';
import { bearer, DEMO, SECOND, signIn, startTestServer, totpCode, type SignedIn, type TestServer } from '../../testing/harness';

let s: TestServer;
let owner: SignedIn;
let admin: SignedIn;
let employee: SignedIn;
let otherOwner: SignedIn;

before(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, 'owner@demo.test');
  admin = await signIn(s.app, 'admin@demo.test');
  employee = await signIn(s.app, 'employee@demo.test');
  otherOwner = await signIn(s.app, 'owner@second.test', SECOND);
});
after(() => s.close());

const get = (token: string, account: string = DEMO) => s.app.inject({ method: 'GET', url: `/api/accounts/${account}`, headers: bearer(token) });
const put = (token: string, payload: object, account: string = DEMO) =>
  s.app.inject({ method: 'PUT', url: `/api/accounts/${account}`, headers: bearer(token), payload });
const me = async (token: string) => (await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();

describe('GET /accounts/:accountId', () => {
  it('answers the own account to any staff member, with the spec gathering forms', async () => {
    const res = await get(employee.token);
    assert.equal(res.statusCode, 200);
    const account: Account = res.json();
    assert.equal(account.id, DEMO);
    assert.equal(account.gatheringForms, 'address,policy,auto,home,commercial,health,life,paymentMethods');
    assert.equal(account.locationCount, 2);
  });

  it("refuses another account's", async () => {
    assert.equal((await get(employee.token, SECOND)).statusCode, 403);
    assert.equal((await get(otherOwner.token)).statusCode, 403);
  });
});

describe('PUT /accounts/:accountId', () => {
  it('saves mfaRequired and gatheringForms joined by commas; /users/me follows', async () => {
    const res = await put(owner.token, { mfaRequired: true, gatheringForms: 'auto, life,auto' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual([res.json().mfaRequired, res.json().gatheringForms], [true, 'auto,life']);
    const after = await me(employee.token);
    assert.deepEqual([after.account.mfaRequired, after.account.gatheringForms, after.mfaSetupRequired], [true, 'auto,life', true]);
    // Until they enrol, the people of the account can only set up MFA: the owner who turned it on too.
    for (const who of [employee, admin, owner]) {
      const refused = await get(who.token);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, AUTH_MESSAGES.mfaSetupRequired);
    }
    // A super user (enrolled) changes the settings back; a single field leaves the other as it was.
    const sup = await signIn(s.app, 'super@demo.test', DEMO, { code: totpCode() });
    const forms = await put(sup.token, { gatheringForms: ['all'] });
    assert.deepEqual([forms.json().mfaRequired, forms.json().gatheringForms], [true, 'all']);
    const mfa = await put(sup.token, { mfaRequired: false });
    assert.deepEqual([mfa.json().mfaRequired, mfa.json().gatheringForms], [false, 'all']);
    assert.equal((await get(admin.token)).statusCode, 200);
  });

  it('takes the whole account as the body and ignores the fields it does not set', async () => {
    const account: Account = (await get(owner.token)).json();
    const res = await put(owner.token, { ...account, name: 'Renamed', gatheringForms: '' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual([res.json().name, res.json().gatheringForms], ['Demo Insurance Agency', '']);
  });

  it('validates the settings', async () => {
    const bad = await put(owner.token, { gatheringForms: 'auto,boats' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^Gathering forms are all or a list of address, policy/);
    assert.equal((await put(owner.token, { mfaRequired: 'yes' })).statusCode, 400);
    assert.equal((await put(owner.token, {})).statusCode, 400);
  });

  it('is for owners and admins of the account only', async () => {
    assert.equal((await put(employee.token, { mfaRequired: true })).statusCode, 403);
    assert.equal((await put(otherOwner.token, { mfaRequired: true })).statusCode, 403);
    assert.equal((await put(owner.token, { mfaRequired: true }, SECOND)).statusCode, 403);
    assert.equal((await get(owner.token)).json().mfaRequired, false);
  });

  it('lets a super user change any account', async () => {
    const sup = await signIn(s.app, 'super@demo.test', DEMO, { code: totpCode(undefined, 1) });
    const res = await put(sup.token, { gatheringForms: 'home' }, SECOND);
    assert.equal(res.statusCode, 200);
    assert.equal((await me(otherOwner.token)).account.gatheringForms, 'home');
  });
});

describe('/accounts/:accountId/info', () => {
  const info = (token: string, payload?: object, account: string = DEMO) =>
    s.app.inject({ method: payload ? 'PUT' : 'GET', url: `/api/accounts/${account}/info`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const valid = {
    name: 'Demo Insurance Agency',
    timezone: 'America/New_York',
    legalName: 'Demo Insurance Agency LLC',
    phone: '(512) 555-0100',
    email: 'hello@demoinsurance.example',
    website: 'https://demoinsurance.example',
    address: '500 Congress Ave',
    address2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
  };

  it("reads the seeded details to staff and saves an owner's or admin's change, in the audit log and the account", async () => {
    const seeded = (await info(employee.token)).json();
    assert.deepEqual([seeded.legalName, seeded.city, seeded.state, seeded.phone], ['Demo Insurance Agency LLC', 'Austin', 'TX', '15125550100']);
    const saved = await info(admin.token, { ...valid, name: 'Demo Insurance Agency ', zipcode: '78701-1234' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(
      [saved.json().name, saved.json().timezone, saved.json().zipcode, saved.json().phone],
      ['Demo Insurance Agency', 'America/New_York', '78701-1234', '15125550100'],
    );
    assert.equal((await get(owner.token)).json().timezone, 'America/New_York');
    const [entry] = await s.db.query<{ detail: string }>(
      `select detail from audit_events where account_id = $1 and action = 'accountInfoChanged' order by id desc limit 1`,
      [DEMO],
    );
    assert.match(entry!.detail, /timezone/);
    assert.equal((await info(owner.token, { ...valid, timezone: 'America/Chicago' })).statusCode, 200);
  });

  it('says what is wrong with bad input and changes nothing', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ ...valid, name: ' ' }, /field is required/],
      [{ ...valid, timezone: 'Mars/Olympus' }, /Choose a time zone/],
      [{ ...valid, state: 'ZZ' }, /Choose a state/],
      [{ ...valid, zipcode: '7870' }, /Zip code must be 5 digits/],
      [{ ...valid, phone: '555-0100' }, /10-digit US phone/],
      [{ ...valid, email: 'hello@' }, /valid email/],
      [{ ...valid, website: 'demoinsurance.example' }, /http:\/\/ or https:\/\//],
    ];
    for (const [payload, message] of cases) {
      const res = await info(owner.token, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.match(res.json().message, message);
    }
    assert.equal((await info(owner.token)).json().timezone, 'America/Chicago');
  });

  it('is changed by owners and admins of the account only', async () => {
    assert.equal((await info(employee.token, valid)).statusCode, 403);
    assert.equal((await info(otherOwner.token, valid)).statusCode, 403);
    assert.equal((await info(otherOwner.token)).statusCode, 403);
  });
});
