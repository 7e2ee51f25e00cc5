import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import moment from 'moment-timezone';
import { RENEWAL_MESSAGES } from '@agency/contracts';
import { bearer, DEMO, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { afterQuietHours, timezoneOf } from '../sms/outbound';
import { agencyNumberFor } from '../sms/service';
import { renewalTextKey, sendRenewalTexts } from './texts';

let s: TestServer;
let owner: string;
let templateId: string;
const ids = { reachable: '', optedOut: '', blocked: '' };
const policies = { reachable: '', optedOut: '', blocked: '' };

const DAY = 86_400_000;
const us = (t: number) => {
  const d = new Date(t);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const TERM = us(Date.now() + 5 * DAY);
const TERM_ISO = `${TERM.slice(6, 10)}-${TERM.slice(0, 2)}-${TERM.slice(3, 5)}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(owner), ...(payload === undefined ? {} : { payload }) });
const textsOf = (policyId: string) =>
  s.db.query<{ message: string; send_at: Date; by_number: string; to_number: string }>(
    'select message, send_at, by_number, to_number from sms_messages where account_id = $1 and idempotency_key = $2',
    [DEMO, renewalTextKey(DEMO, 'policy', policyId, TERM_ISO)],
  );
const renewalOf = (policyId: string) =>
  s.db
    .query<{ text_at: Date | null; text_message_id: string | null; text_skip_reason: string | null }>(
      'select text_at, text_message_id, text_skip_reason from renewals where source_id = $1',
      [policyId],
    )
    .then((r) => r[0]);

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  const tpl = await call('POST', '/templates/message', {
    name: 'Renewal text test',
    template: 'Hi {{firstName}}, your {{policyType}} ends on {{termDate}}. {{agent}} will call you.',
    group: 'team',
  });
  assert.equal(tpl.statusCode, 201, tpl.body);
  templateId = tpl.json().id;
  const add = async (key: keyof typeof ids, firstName: string, mobilePhone: string) => {
    const c = await call('POST', '/clients', { firstName, lastName: 'Textwell', mobilePhone });
    assert.equal(c.statusCode, 201, c.body);
    ids[key] = c.json().id;
    const p = await call('POST', `/clients/${ids[key]}/policies`, { type: 'Home Policy', company: 'Textco', idNumber: `T-${key}`, termDate: TERM });
    assert.equal(p.statusCode, 201, p.body);
    policies[key] = p.json().id;
  };
  await add('reachable', 'Tess', '5125550701');
  await add('optedOut', 'Owen', '5125550702');
  await add('blocked', 'Bea', '5125550703');
  await s.db.query(`insert into sms_opt_outs (account_id, phone_number, agency_number) values ($1, '15125550702', '15125550001')`, [DEMO]);
  await s.db.query(`insert into blocked_numbers (id, account_id, phone_number) values (gen_random_uuid(), $1, '5125550703')`, [DEMO]);
});
after(() => s.close());

describe('renewal texts', () => {
  it('turns on only with a team template of the account', async () => {
    const base = { startDays: 60, ownerUserId: null, boardId: null };
    const none = await call('PUT', `/accounts/${DEMO}/renewal-settings`, { ...base, textEnabled: true, textDays: 14, textTemplateId: null });
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().message, RENEWAL_MESSAGES.textTemplateRequired);
    const on = await call('PUT', `/accounts/${DEMO}/renewal-settings`, { ...base, textEnabled: true, textDays: 14, textTemplateId: templateId });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(on.json(), { ...base, textEnabled: true, textDays: 14, textTemplateId: templateId });
    // A save that leaves the text out keeps it.
    const kept = await call('PUT', `/accounts/${DEMO}/renewal-settings`, base);
    assert.equal(kept.json().textEnabled, true);
    assert.equal(kept.json().textTemplateId, templateId);
  });

  it('texts each client once per term across two runs, fills the placeholders and holds quiet hours', async () => {
    const from = await agencyNumberFor(s.db, DEMO, ids.reachable);
    const timezone = await timezoneOf(s.db, DEMO, from);
    // Tomorrow at 23:00 where the text goes from: inside quiet hours.
    const quiet = moment().tz(timezone).add(1, 'day').startOf('day').hour(23).toDate();
    await sendRenewalTexts(s.app.deps, quiet);
    await sendRenewalTexts(s.app.deps);
    const texts = await textsOf(policies.reachable);
    assert.equal(texts.length, 1);
    const [text] = texts;
    // No managed-by person: the agent is the account's first owner.
    const [agent] = await s.db.query<{ name: string }>(
      `select first_name || ' ' || last_name as name from users where account_id = $1 and role = 'owner' and deleted_at is null order by created_at, id limit 1`,
      [DEMO],
    );
    assert.equal(text.message, `Hi Tess, your Home Policy ends on ${TERM}. ${agent.name} will call you.`);
    assert.equal(text.to_number, '15125550701');
    assert.equal(text.send_at.getTime(), afterQuietHours(quiet, timezone).getTime());
    assert.ok(text.send_at.getTime() > quiet.getTime());
    assert.equal(moment(text.send_at).tz(timezone).format('HH:mm'), '08:00');
    const rn = await renewalOf(policies.reachable);
    assert.ok(rn.text_at);
    assert.ok(rn.text_message_id);
    assert.equal(rn.text_skip_reason, null);
    // A restart between the text and its record: the next run finds the text by its key and sends no other.
    await s.db.query('update renewals set text_at = null, text_message_id = null where source_id = $1', [policies.reachable]);
    await sendRenewalTexts(s.app.deps);
    assert.equal((await textsOf(policies.reachable)).length, 1);
    assert.equal((await renewalOf(policies.reachable)).text_message_id, rn.text_message_id);
  });

  it('skips an opted-out client and a blocked number with the reason', async () => {
    assert.equal((await textsOf(policies.optedOut)).length, 0);
    assert.equal((await renewalOf(policies.optedOut)).text_skip_reason, 'opted-out');
    assert.equal((await textsOf(policies.blocked)).length, 0);
    assert.equal((await renewalOf(policies.blocked)).text_skip_reason, 'blocked');
  });
});
