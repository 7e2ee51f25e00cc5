import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signWebhook, SIGNATURE_HEADER, VOICE_PATHS } from '../../providers/carrier/index';
import { phoneTestKit } from './testSupport';
import { callerVerification } from './verification';

/*
 * Caller verification: the carrier's StirVerstat (and a spam add-on's result) on the incoming call
 * webhook is kept on the call, rung to the Devices beside the caller's name, and listed in the log.
 */
let s: TestServer;
let owner: string;
let port: number;
const { api, simToken, userToken, open, closeDevices } = phoneTestKit(() => ({ s, owner, port }));
const NOMOROBO_SPAM = JSON.stringify({
  status: 'successful',
  results: { nomorobo_spamscore: { status: 'successful', result: { status: 'success', score: 1 } } },
});

before(async () => {
  s = await startTestServer();
  await s.app.deps.carrier.listenSignaling({ port: 0, host: '127.0.0.1', certDir: s.config.dataDir, heartbeatMs: 200 });
  port = s.app.deps.carrier.signaling()!.port;
  owner = (await signIn(s.app, 'owner@demo.test')).token;
});
after(async () => {
  closeDevices();
  await s.close();
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
});

const incoming = async (CallSid: string, From: string, extra: Record<string, string>) => {
  const url = `${s.app.deps.carrier.publicUrl}${VOICE_PATHS.incoming}`;
  const params = { CallSid, AccountSid: s.app.deps.carrier.accountSid, From, To: '+15125550001', CallStatus: 'ringing', ...extra };
  const res = await s.app.inject({
    method: 'POST',
    url: VOICE_PATHS.incoming,
    headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(s.app.deps.carrier.webhookToken, url, params) },
    payload: new URLSearchParams(params).toString(),
  });
  assert.equal(res.statusCode, 200);
  const [row] = await s.db.query<{ stir_verstat: string | null; verification: string | null }>(
    'select stir_verstat, verification from calls where call_sid = $1',
    [CallSid],
  );
  return { twiml: res.body, row };
};

describe('caller verification', () => {
  it('reads StirVerstat and the spam add-on as Twilio sends them', () => {
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Passed-A' }).verification, 'verified');
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Passed-B' }).verification, 'unverified');
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Passed-C' }).verification, 'unverified');
    assert.equal(callerVerification({ StirVerstat: 'No-TN-Validation' }).verification, 'unverified');
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Failed-B' }).verification, 'fraud');
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Passed-A', AddOns: NOMOROBO_SPAM }).verification, 'spam');
    assert.equal(callerVerification({ StirVerstat: 'TN-Validation-Failed', AddOns: NOMOROBO_SPAM }).verification, 'fraud');
    assert.deepEqual(callerVerification({ AddOns: '{not json' }), { stirVerstat: null, verification: null });
  });

  it('keeps what the incoming call webhook says on the call, rings it to the Devices and lists it in the call log', async () => {
    const verified = await incoming('CAverified', '+15125550161', { StirVerstat: 'TN-Validation-Passed-A' });
    assert.deepEqual(verified.row, { stir_verstat: 'TN-Validation-Passed-A', verification: 'verified' });
    assert.match(verified.twiml, /<Parameter name="verification" value="verified"\/>/);

    const spam = await incoming('CAspam', '+15125550162', { StirVerstat: 'TN-Validation-Passed-C', AddOns: NOMOROBO_SPAM });
    assert.deepEqual(spam.row, { stir_verstat: 'TN-Validation-Passed-C', verification: 'spam' });

    const silent = await incoming('CAsilent', '+15125550163', {});
    assert.deepEqual(silent.row, { stir_verstat: null, verification: null });
    assert.doesNotMatch(silent.twiml, /name="verification"/);

    const log = (await api('GET', '/phone/logs?view=all&limit=50')).json().items as { phoneNumber: string; verification: string | null }[];
    const of = (n: string) => log.find((e) => e.phoneNumber === n)?.verification;
    assert.deepEqual([of('15125550161'), of('15125550162'), of('15125550163')], ['verified', 'spam', null]);
  });

  it("the local carrier attests a simulated caller's number as asked (fail: fraud), and the Device hears it with the call", async () => {
    const device = await open(await userToken(owner));
    const caller = await open(await simToken('5125550164'));
    await caller.call('+15125550001', 440, 'fail');
    const invite = await device.next('invite');
    const params = new URLSearchParams((invite.parameters as Record<string, string>).Params);
    assert.equal(params.get('verification'), 'fraud');
    const [row] = await s.db.query<{ stir_verstat: string; verification: string }>(
      "select stir_verstat, verification from calls where phone_number = '15125550164'",
    );
    assert.deepEqual(row, { stir_verstat: 'TN-Validation-Failed', verification: 'fraud' });
  });
});
