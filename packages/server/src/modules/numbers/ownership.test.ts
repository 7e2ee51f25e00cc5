import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SMS_MESSAGES } from '@agency/contracts';
import { migrate } from '../../db/migrate';
import { signWebhook, SIGNATURE_HEADER, VOICE_PATHS } from '../../providers/carrier/index';
import { PORT_REFUSED } from '../../providers/carrier/local/numbers';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { DEMO_PHONES } from '../locations/seed';
import { INBOUND_PATH } from '../sms/webhooks';
import { NUMBER_MESSAGES, SIMULATOR_OFF } from '../numberOwnership/ownership';
import { advancePort, PORT_SUBMITTED } from './ports';

/*
 * A number belongs to one agency: the findings of an outsider's attempt to take the demo agency's
 * 15125550002 (Austin Sales) from Second Agency, each a test.
 */
let s: TestServer;
let owner: string;
let other: string;
const TAKEN = DEMO_PHONES.austinSales.number;
const TAKEN_SID = `PN${DEMO_PHONES.austinSales.id.replace(/-/g, '')}`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
function port(token: string, account: string, phoneNumber: string) {
  const boundary = `----agencydesk${randomUUID()}`;
  const fields = { type: 'business', firstName: 'Sam', lastName: 'Second', address: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' };
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries({ ...fields, local: JSON.stringify([{ phoneNumber }]) })) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const k of ['loa', 'billing']) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"; filename="${k}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return s.app.inject({
    method: 'POST',
    url: `/api/accounts/${account}/phones/port`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}
const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A webhook signed as the carrier signs it, to `path` (which may carry the number's SID). */
const signed = (path: string, params: Record<string, string>) =>
  s.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [SIGNATURE_HEADER]: signWebhook(s.app.deps.carrier.webhookToken, `${s.app.deps.carrier.publicUrl}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
const ours = () => s.app.deps.carrier.accountSid;
async function callLandsIn(to: string, extra: Record<string, string> = {}, path: string = VOICE_PATHS.incoming): Promise<string | null> {
  const callSid = `CA${randomUUID().replace(/-/g, '')}`;
  await signed(path, { CallSid: callSid, AccountSid: ours(), From: '+15125550188', To: `+${to}`, CallStatus: 'ringing', ...extra });
  const [row] = await s.db.query<{ account_id: string }>('select account_id from calls where call_sid = $1', [callSid]);
  return row?.account_id ?? null;
}
async function textLandsIn(to: string, extra: Record<string, string> = {}, path: string = INBOUND_PATH): Promise<string | null> {
  const sid = `SM${randomUUID().replace(/-/g, '')}`;
  await signed(path, { MessageSid: sid, AccountSid: ours(), From: '+15125550188', To: `+${to}`, Body: 'Is my policy renewed?', NumMedia: '0', ...extra });
  const [row] = await s.db.query<{ account_id: string }>('select account_id from sms_messages where carrier_sid = $1', [sid]);
  return row?.account_id ?? null;
}
const trail = async (accountId: string) =>
  (
    await s.db.query<{ action: string; target_label: string; detail: string | null }>(
      "select action, target_label, detail from audit_events where account_id = $1 and target_type = 'phone' order by id",
      [accountId],
    )
  ).map((e) => [e.action, e.target_label, e.detail]);

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('a number belongs to one agency', () => {
  it("refuses another agency's port of the demo agency's number, and its calls and texts stay with the demo agency", async () => {
    const res = await port(other, SECOND, TAKEN);
    assert.deepEqual([res.statusCode, res.json().message], [409, NUMBER_MESSAGES.taken]);
    const phones = (await api(other, 'GET', `/accounts/${SECOND}/phones`)).json();
    assert.deepEqual(phones, []);
    assert.equal(await callLandsIn(TAKEN), DEMO);
    assert.equal(await textLandsIn(TAKEN), DEMO);
    assert.deepEqual(await trail(SECOND), []);
  });

  it('keeps an active number unique across all accounts in the database itself', async () => {
    await assert.rejects(
      s.db.query(`insert into account_phones (id, account_id, phone_number, status, origin) values (gen_random_uuid(), $1, $2, 'in-use', 'purchased')`, [
        SECOND,
        `+1 (512) 555-${TAKEN.slice(-4)}`,
      ]),
      /account_phones_active_number|duplicate key/,
    );
    await assert.rejects(
      s.db.query(`insert into account_phones (id, account_id, sid, phone_number, status) values (gen_random_uuid(), $1, $2, '12145550177', 'in-use')`, [
        SECOND,
        TAKEN_SID,
      ]),
      /account_phones_active_sid|duplicate key/,
    );
  });

  it("refuses a number added by hand with a status, without the carrier's SID, or with a SID the carrier holds for someone else", async () => {
    const forced = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: '15125550999', status: 'in-use', isDefault: true });
    assert.deepEqual([forced.statusCode, forced.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    const bare = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: '15125550999', isDefault: true });
    assert.deepEqual([bare.statusCode, bare.json().message], [400, NUMBER_MESSAGES.carrierFields]);
    const borrowed = await api(other, 'POST', `/accounts/${SECOND}/phones`, { phoneNumber: TAKEN, phoneSid: TAKEN_SID, isDefault: true });
    assert.deepEqual([borrowed.statusCode, borrowed.json().message], [400, NUMBER_MESSAGES.notProved]);
    assert.deepEqual((await api(other, 'GET', `/accounts/${SECOND}/phones`)).json(), []);
  });

  it('routes by the carrier account and the SID the carrier gave, never by the digits alone', async () => {
    // Another carrier account naming the number: nobody's.
    assert.equal(await callLandsIn(TAKEN, { AccountSid: 'AC0000000000000000000000000000dead' }), null);
    assert.equal(await textLandsIn(TAKEN, { AccountSid: 'AC0000000000000000000000000000dead' }), null);
    const noAccount = `SM${randomUUID().replace(/-/g, '')}`;
    await signed(INBOUND_PATH, { MessageSid: noAccount, From: '+15125550188', To: `+${TAKEN}`, Body: 'hi', NumMedia: '0' });
    assert.equal((await s.db.query('select 1 from sms_messages where carrier_sid = $1', [noAccount])).length, 0);
    // The URL set on the number names its SID: the digits must be that number's.
    assert.equal(await callLandsIn(TAKEN, {}, `${VOICE_PATHS.incoming}?number=${TAKEN_SID}`), DEMO);
    assert.equal(await textLandsIn(TAKEN, {}, `${INBOUND_PATH}?number=${TAKEN_SID}`), DEMO);
    assert.equal(await callLandsIn(DEMO_PHONES.austinMain.number, {}, `${VOICE_PATHS.incoming}?number=${TAKEN_SID}`), null);
    // A row the carrier does not know (no SID it holds) takes nothing, even with the right digits.
    await s.db.query('update carrier_local_numbers set account_id = $2 where phone_number = $1', [DEMO_PHONES.spare.number, SECOND]);
    await s.db.query("update carrier_local_numbers set sid = 'PNsomeoneelse' where phone_number = $1", [DEMO_PHONES.spare.number]);
    assert.equal(await textLandsIn(DEMO_PHONES.spare.number), null);
  });

  it('keeps a port pending (not routable, not a default) until the carrier completes it, and records each step', async () => {
    const fresh = '12145550123';
    const res = await port(other, SECOND, fresh);
    assert.deepEqual([res.statusCode, res.json().message], [201, PORT_SUBMITTED]);
    const [phone] = (await api(other, 'GET', `/accounts/${SECOND}/phones`)).json();
    assert.deepEqual([phone.phoneNumber, phone.status, phone.sid], [fresh, 'porting-in', null]);
    const made = await api(other, 'PUT', `/accounts/${SECOND}/phones/${phone.id}`, { isDefault: true });
    assert.deepEqual([made.statusCode, made.json().message], [409, NUMBER_MESSAGES.notInUseDefault]);
    assert.equal(await callLandsIn(fresh), null);
    assert.equal(await textLandsIn(fresh), null);
    // Nor can the demo agency file a port of a number already pending for another.
    assert.deepEqual((await port(owner, DEMO, fresh)).json().message, NUMBER_MESSAGES.taken);

    const [request] = await s.db.query<{ id: string }>('select id from port_requests where account_id = $1', [SECOND]);
    assert.equal(await advancePort(s.app.deps, request!.id), true); // in progress at the carrier
    assert.equal(await advancePort(s.app.deps, request!.id), false); // completed by it
    const [done] = (await api(other, 'GET', `/accounts/${SECOND}/phones`)).json();
    assert.equal(done.status, 'in-use');
    assert.match(done.sid, /^PN/);
    assert.equal(await callLandsIn(fresh), SECOND);
    assert.equal(await textLandsIn(fresh, {}, `${INBOUND_PATH}?number=${done.sid}`), SECOND);
    const defaulted = await api(other, 'PUT', `/accounts/${SECOND}/phones/${done.id}`, { isDefault: true });
    assert.equal(defaulted.statusCode, 200);
    assert.deepEqual(await trail(SECOND), [
      ['numberPortRequested', fresh, 'local number, pending at the carrier'],
      ['numberPorted', fresh, 'completed by the carrier'],
      ['numberDefaultChanged', fresh, 'made the default'],
    ]);
  });

  it('ends a port the carrier refuses: the number leaves the account with the reason', async () => {
    // A number the carrier serves for the demo agency but the app does not list yet.
    await s.db.query("insert into carrier_local_numbers (phone_number, sid, account_id) values ('15125550666', 'PNdemo0666', $1)", [DEMO]);
    const refused = await port(other, SECOND, '15125550666');
    assert.deepEqual([refused.statusCode, refused.json().message], [409, PORT_REFUSED]);
    // One filed before the carrier knew the number, refused when it looks.
    await s.db.query('delete from port_requests where account_id = $1', [SECOND]);
    await s.db.query("delete from account_phones where account_id = $1 and phone_number = '12145550123'", [SECOND]);
    await s.db.query("delete from carrier_local_numbers where phone_number = '12145550123'");
    assert.equal((await port(other, SECOND, '12145550124')).statusCode, 201);
    await s.db.query("insert into carrier_local_numbers (phone_number, sid, account_id) values ('12145550124', 'PNdemo0124', $1)", [DEMO]);
    const [request] = await s.db.query<{ id: string }>('select id from port_requests where account_id = $1', [SECOND]);
    await advancePort(s.app.deps, request!.id);
    assert.equal(await advancePort(s.app.deps, request!.id), false);
    const [row] = await s.db.query<{ status: string; reason: string }>('select status, reason from port_requests where id = $1', [request!.id]);
    assert.deepEqual([row!.status, row!.reason], ['rejected', `12145550124: ${PORT_REFUSED}`]);
    assert.deepEqual((await api(other, 'GET', `/accounts/${SECOND}/phones`)).json(), []);
    assert.deepEqual((await trail(SECOND)).at(-1), ['numberPortRejected', '12145550124', PORT_REFUSED]);
  });

  it('records buying and releasing a number', async () => {
    const [available] = (await api(owner, 'POST', '/phonenumber/search', { criteria: 'areacode', search: '737' })).json();
    const bought = await api(owner, 'POST', `/accounts/${DEMO}/phones/purchase`, { phoneNumber: available.phoneNumber });
    assert.equal(bought.statusCode, 201);
    assert.equal((await s.db.query('select account_id from carrier_local_numbers where sid = $1', [bought.json().sid]))[0]?.account_id, DEMO);
    assert.equal(await callLandsIn(bought.json().phoneNumber), DEMO);
    assert.equal((await s.app.inject({ method: 'DELETE', url: `/api/accounts/${DEMO}/phones/${bought.json().id}`, headers: bearer(owner) })).statusCode, 200);
    const number = bought.json().phoneNumber as string;
    assert.deepEqual((await trail(DEMO)).slice(-2), [
      ['numberAdded', number, 'bought from the carrier'],
      ['numberReleased', number, 'released to the carrier'],
    ]);
  });
});

describe('the carrier simulators', () => {
  it("text only to the caller's own numbers in use", async () => {
    const [mine] = (await api(other, 'GET', `/accounts/${SECOND}/phones`)).json();
    assert.equal(mine, undefined);
    const theirs = await api(other, 'POST', '/sms/simulator/text', { from: '15125550142', to: TAKEN, body: 'STOP' });
    assert.deepEqual([theirs.statusCode, theirs.json().message], [400, SMS_MESSAGES.noRoom]);
    assert.equal((await s.db.query('select 1 from sms_opt_outs where account_id = $1 and phone_number = $2', [DEMO, '15125550142'])).length, 0);
    const own = await api(owner, 'POST', '/sms/simulator/text', { from: '15125550142', to: TAKEN, body: 'Hello' });
    assert.equal(own.statusCode, 200);
    assert.equal(
      (await s.db.query<{ account_id: string }>('select account_id from sms_messages where carrier_sid = $1', [own.json().sid]))[0]?.account_id,
      DEMO,
    );
    const listed = (await api(other, 'GET', '/sms/simulator/numbers')).json();
    assert.deepEqual(listed, []);
  });

  it("call only the caller's own numbers", async () => {
    const token = (await api(other, 'POST', '/phone/simulator/token', { phoneNumber: '5125550142' })).json();
    assert.equal(token.identity, `sim:+15125550142@${SECOND}`);
    // The local carrier names the simulator's agency in the call's webhook; another agency's number refuses it.
    assert.equal(await callLandsIn(TAKEN, { SimulatedFor: SECOND }), null);
    assert.equal(await callLandsIn(TAKEN, { SimulatedFor: DEMO }), DEMO);
  });

  it('are off in production', async () => {
    const config = s.app.deps.config as { production: boolean };
    config.production = true;
    try {
      const text = await api(owner, 'POST', '/sms/simulator/text', { from: '15125550142', to: TAKEN, body: 'Hello' });
      assert.deepEqual([text.statusCode, text.json().message], [404, SIMULATOR_OFF]);
      assert.equal((await api(owner, 'GET', '/sms/simulator/numbers')).statusCode, 404);
      const phone = await api(owner, 'POST', '/phone/simulator/token', { phoneNumber: '5125550142' });
      assert.deepEqual([phone.statusCode, phone.json().message], [404, SIMULATOR_OFF]);
    } finally {
      config.production = false;
    }
  });

  it('are open on a staging site (ALLOW_SIMULATED_PROVIDERS=1)', async () => {
    const config = s.app.deps.config as { production: boolean; allowSimulatedProviders: boolean };
    Object.assign(config, { production: true, allowSimulatedProviders: true });
    try {
      assert.equal((await api(owner, 'GET', '/sms/simulator/numbers')).statusCode, 200);
    } finally {
      Object.assign(config, { production: false, allowSimulatedProviders: false });
    }
  });
});

describe('the migration', () => {
  it('leaves a number held twice with the holder the carrier knows, and records the removal', async () => {
    // As before the migration: no unique index, and Second Agency holding the demo agency's number too.
    await s.db.exec('drop index account_phones_active_number; drop index account_phones_active_sid');
    await s.db.query(
      `insert into account_phones (id, account_id, sid, phone_number, friendly_name, status, origin, is_default) values (gen_random_uuid(), $1, null, $2, 'Taken', 'in-use', 'ported', true)`,
      [SECOND, TAKEN],
    );
    await s.db.query("delete from schema_migrations where name = '097_number_ownership.sql'");
    // 097 writes its audit row in SQL, as the trail took rows then (unkeyed, chained by 098's trigger,
    // before 110 keyed it): for this run, that trigger again
    await s.db.exec(`
      alter table audit_events disable trigger audit_events_chain;
      create function audit_events_chain_as_at_097() returns trigger language plpgsql as $$
      declare last record;
      begin
        select seq, hash into last from audit_events where account_id = new.account_id order by seq desc limit 1;
        new.seq := coalesce(last.seq, 0) + 1;
        new.prev_hash := last.hash;
        new.hash := audit_event_hash(new.prev_hash, new);
        return new;
      end $$;
      create trigger audit_events_chain_as_at_097 before insert on audit_events for each row execute function audit_events_chain_as_at_097();`);
    try {
      assert.deepEqual(await migrate(s.db), ['097_number_ownership.sql']);
    } finally {
      await s.db.exec(`
        drop trigger audit_events_chain_as_at_097 on audit_events;
        drop function audit_events_chain_as_at_097();
        alter table audit_events enable trigger audit_events_chain;`);
    }
    const holders = await s.db.query<{ account_id: string }>("select account_id from account_phones where regexp_replace(phone_number, '\\D', '', 'g') = $1", [
      TAKEN,
    ]);
    assert.deepEqual(
      holders.map((h) => h.account_id),
      [DEMO],
    );
    assert.deepEqual((await trail(SECOND)).at(-1), ['numberReleased', TAKEN, 'Removed: the number is held by another account']);
    assert.equal(await callLandsIn(TAKEN), DEMO);
  });
});
