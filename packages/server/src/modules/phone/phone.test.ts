import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { DEFAULT_CLOSED_MESSAGE, holdMusicTrack } from '@agency/contracts';
import type { SimulatedPhone } from '../../providers/carrier/local/voice/simulatedPhone';
import { HEARTBEAT } from '../../providers/carrier/local/voice/signaling';
import { signIn, startTestServer, type TestServer } from '../../testing/harness';
import { AUSTIN, EMMA, phoneTestKit } from './testSupport';
import { signInSecond } from '../clients/testSupport';
import { signWebhook, SIGNATURE_HEADER, VOICE_PATHS } from '../../providers/carrier/index';
import { QUEUE_GREETING, twimlHold, twimlMenu } from './flow';
import { officeState } from '../locations/officeState';
import { expireQueuedCall } from './queues';

/*
 * Calls through the local carrier end to end on the server: Devices are plain WebSocket clients
 * speaking PStream to the signalling server, the switch asks our voice webhooks (signed) for TwiML,
 * and the call log records what happened.
 */
let s: TestServer;
let owner: string;
let employee: string;
let other: string;
let port: number;
const { api, userToken, simToken, open, carrierHears, closeDevices } = phoneTestKit(() => ({ s, owner, port }));
const lastCall = async () => (await api('GET', '/phone/logs?view=all&limit=5')).json().items[0];
const settled = async (predicate: (entry: Record<string, unknown>) => boolean) => {
  for (let i = 0; i < 100; i++) {
    const entry = await lastCall();
    if (entry && predicate(entry)) return entry;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the call log did not settle: ${JSON.stringify(await lastCall())}`);
};
/** The latest call from `phone` once it satisfies `predicate`. */
const settledFrom = async (phone: string, predicate: (entry: Record<string, unknown>) => boolean) => {
  for (let i = 0; i < 100; i++) {
    const entry = (await api('GET', `/phone/logs?view=all&limit=5&phoneNumber=${phone}`)).json().items[0];
    if (entry && predicate(entry)) return entry;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the call from ${phone} did not settle`);
};
const setFlow = (flow: unknown, hours: unknown = null) =>
  s.db.query('update account_locations set call_flow = $2, office_hours = $3 where id = $1', [
    AUSTIN,
    flow ? JSON.stringify(flow) : null,
    hours ? JSON.stringify(hours) : null,
  ]);

interface Message {
  type: string;
  payload: Record<string, unknown>;
}

before(async () => {
  s = await startTestServer();
  await s.app.deps.carrier.listenSignaling({ port: 0, host: '127.0.0.1', certDir: s.config.dataDir, heartbeatMs: 200 });
  port = s.app.deps.carrier.signaling()!.port;
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
beforeEach(async () => {
  closeDevices();
  await setFlow(null);
});
after(async () => {
  closeDevices();
  await s.close();
  // The native WebRTC stack keeps its threads alive after every connection closed (and crashes if
  // its tracks are stopped at exit): once the results are out, this file's process ends itself.
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
});

describe('phone tokens and signalling', () => {
  it("gives a Device its token (ttl the session's idle limit) and where the local carrier's signalling listens", async () => {
    const res = await api('POST', '/phone/token', employee);
    assert.equal(res.statusCode, 200);
    assert.deepEqual([res.json().identity, res.json().ttl, res.json().chunderw], [EMMA, 14400, `localhost:${port}`]);
    assert.equal(res.json().trustUrl, `https://localhost:${port}/trust`);
    const device = await open(res.json().token);
    assert.ok(device);
  });

  it("keeps a quiet Device's connection alive with PStream heartbeats, as Twilio does", async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${port}/signal`, { rejectUnauthorized: false });
    await new Promise((resolve) => ws.once('open', resolve));
    const beat = await new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    assert.equal(beat, '\n');
    ws.close();
  });

  it('refuses a forged token, and a simulator token to employees', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${port}/signal`, { rejectUnauthorized: false });
    await new Promise((resolve) => ws.once('open', resolve));
    // The first message that is not a heartbeat (they come every 200 ms here, whatever else is said).
    const got = new Promise<Message>((resolve) =>
      ws.on('message', (d) => {
        if (String(d) !== HEARTBEAT) resolve(JSON.parse(String(d)) as Message);
      }),
    );
    ws.send(JSON.stringify({ type: 'listen', version: '1.6', payload: { token: 'eyJpZGVudGl0eSI6Im1lIn0.forged' } }));
    assert.deepEqual((await got).payload, { error: { code: 20101, message: 'Invalid Access Token' } });
    ws.close();
    assert.equal((await api('POST', '/phone/simulator/token', employee, { phoneNumber: '5125550177' })).statusCode, 403);
    assert.equal((await api('POST', '/phone/simulator/token', owner, { phoneNumber: '55501' })).json().message, 'Enter a phone number of 10 or 11 digits');
  });
});

describe('inbound calls', () => {
  it('rings the staff, bridges the first to answer, cancels the others, and logs who took it', async () => {
    const client = (await api('POST', '/clients', owner, { firstName: 'Cal', lastName: 'Caller', mobilePhone: '5125550176' })).json();
    const lastContact = async () =>
      (await s.db.query<{ at: string | null }>("select data->>'lastContactedOn' as at from clients where id = $1", [client.id]))[0]!.at;
    assert.equal(await lastContact(), null);
    const emma = await open(await userToken(employee));
    const olivia = await open(await userToken(owner));
    const caller = await open(await simToken('5125550176'));
    await caller.call('+15125550001');
    const ringing = await caller.next('ringing');
    const invite = await emma.next('invite');
    await olivia.next('invite');
    assert.match(String(invite.sdp), /a=candidate/);
    const params = invite.parameters as Record<string, string>;
    assert.deepEqual([params.From, params.To], ['+15125550176', `client:${EMMA}`]);
    assert.match(new URLSearchParams(params.Params).get('location') ?? '', /Austin/);
    await emma.answer(invite);
    const answered = await caller.next('answer');
    assert.equal(answered.callsid, ringing.callsid);
    await olivia.next('cancel');
    await settled((e) => e.status === 'in-progress');
    // Audio flows both ways through the carrier's media: each side hears the other's tone.
    await Promise.all([caller.hears(), emma.hears()]);
    caller.hangup(String(ringing.callsid));
    await emma.next('hangup');
    const entry = await settled((e) => e.status === 'completed');
    assert.deepEqual(
      [entry.direction, entry.format, entry.phoneNumber, entry.agencyNumber, (entry.user as { id: string }).id],
      ['incoming', 'inbound', '15125550176', '15125550001', EMMA],
    );
    assert.ok(await lastContact(), "an answered call sets the client's Last Contact");
    assert.equal(s.app.deps.carrier.switchboard!.active(), 0);
  });

  it('works through the ring groups (timeout and repeat), then logs the call missed for review', async () => {
    await setFlow({ groups: [{ timeout: 1, repeat: 2, users: [{ id: EMMA, format: 'softphone' }] }] });
    const emma = await open(await userToken(employee));
    const olivia = await open(await userToken(owner));
    const caller = await open(await simToken('5125550178'));
    await caller.call('+15125550001');
    await emma.next('invite');
    await emma.next('cancel', 3000);
    await emma.next('invite', 3000);
    await emma.next('cancel', 3000);
    await caller.next('hangup', 3000);
    assert.equal(olivia.has('invite'), false);
    const missed = await settled((e) => e.status === 'missed');
    assert.equal((await api('GET', '/phone/logs?view=missed')).json().items[0].id, missed.id);
    const work = (await api('GET', '/phone/logs/work-count')).json();
    assert.equal(work.count, 1);
    assert.deepEqual(work.locations, [{ locationId: AUSTIN, name: work.locations[0]?.name, count: 1 }], 'per location too');

    const reviewed = await api('PUT', `/phone/logs/work/${missed.id}`, employee);
    assert.deepEqual([reviewed.json().viewedBy.id, !!reviewed.json().viewedOn], [EMMA, true]);
    assert.deepEqual((await api('GET', '/phone/logs/work-count')).json(), { count: 0, locations: [] });
    assert.equal((await api('DELETE', `/phone/logs/work/${missed.id}`, owner)).json().message, 'Emma Ellis reviewed this call');
    assert.equal((await api('DELETE', `/phone/logs/work/${missed.id}`, employee)).json().viewedBy, null);
    assert.equal((await api('PUT', `/phone/logs/work/${missed.id}`, other)).statusCode, 404);
    assert.deepEqual((await api('GET', '/phone/logs?view=all', other)).json(), { items: [], total: 0 });
  });

  it('rings only available people when the flow says so, and counts the call missed when nobody is', async () => {
    await setFlow({ ringWhenAvailable: true, groups: [{ timeout: 5, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }] });
    await s.db.query("update users set phone_status = 'lunch' where id = $1", [EMMA]);
    const emma = await open(await userToken(employee));
    const caller = await open(await simToken('5125550179'));
    await caller.call('+15125550001');
    await caller.next('hangup');
    assert.equal(emma.has('invite'), false);
    assert.equal((await settled((e) => e.status === 'missed')).errorMessage, 'Nobody was available to answer');
    await s.db.query("update users set phone_status = 'available' where id = $1", [EMMA]);
  });

  it("rings a member on the phone of their profile ('mobile') or a number the group names, and logs them as who answered", async () => {
    await s.db.query("update users set phone = '5125550300' where id = $1", [EMMA]);
    await setFlow({ groups: [{ timeout: 5, repeat: 1, users: [{ id: EMMA, format: 'mobile' }] }] });
    const emmaBrowser = await open(await userToken(employee));
    const emmaMobile = await open(await simToken('5125550300'));
    const caller = await open(await simToken('5125550185'));
    await caller.call('+15125550001');
    const invite = await emmaMobile.next('invite');
    assert.equal((invite.parameters as Record<string, string>).From, '+15125550185');
    assert.equal(emmaBrowser.has('invite'), false);
    await emmaMobile.answer(invite);
    await Promise.all([caller.hears(), emmaMobile.hears()]);
    const entry = await settledFrom('15125550185', (e) => e.status === 'in-progress');
    assert.equal((entry.user as { id: string }).id, EMMA);
    emmaMobile.hangup(String(invite.callsid));
    await caller.next('hangup');

    // A number of its own; a member whose profile has no phone is skipped.
    await s.db.query('update users set phone = null where id = $1', [EMMA]);
    await setFlow({
      groups: [
        {
          timeout: 5,
          repeat: 1,
          users: [
            { id: EMMA, format: 'mobile' },
            { id: EMMA, format: '15125550301' },
          ],
        },
      ],
    });
    const desk = await open(await simToken('5125550301'));
    const again = await open(await simToken('5125550186'));
    await again.call('+15125550001');
    await desk.next('invite');
    again.hangup(String((await again.next('ringing')).callsid));
    await desk.next('cancel');
  });

  it('logs a caller who hangs up while it rings', async () => {
    const emma = await open(await userToken(employee));
    const caller = await open(await simToken('5125550180'));
    await caller.call('+15125550001');
    const ringing = await caller.next('ringing');
    await emma.next('invite');
    caller.hangup(String(ringing.callsid));
    await emma.next('cancel');
    assert.equal((await settled((e) => e.status !== 'ringing')).status, 'hangup');
  });

  it('rejects blocked callers and plays the closed message outside office hours', async () => {
    await api('POST', '/phone/block', owner, { phoneNumber: '15125550181', reason: 'Spam' });
    const blocked = await open(await simToken('5125550181'));
    await blocked.call('+15125550001');
    await blocked.next('hangup');
    assert.equal((await settled((e) => e.phoneNumber === '15125550181')).status, 'blocked');

    await setFlow(null, {
      hours: {},
      holidays: [],
      closedMessage: { type: 'text', message: DEFAULT_CLOSED_MESSAGE },
      smsClosedMessage: { enabled: false, message: '' },
    });
    const emma = await open(await userToken(employee));
    const caller = await open(await simToken('5125550182'));
    await caller.call('+15125550001');
    const said = await caller.next('message');
    assert.deepEqual(JSON.parse(String(said.content)), { say: DEFAULT_CLOSED_MESSAGE });
    await caller.next('hangup');
    assert.equal(emma.has('invite'), false);
    const entry = await settled((e) => e.phoneNumber === '15125550182');
    assert.deepEqual([entry.status, entry.errorMessage], ['missed', 'Called while the office was closed']);
  });
});

describe('call queues', () => {
  it('holds callers nobody answered with hold music, lets someone take the next call, and sends the rest to voicemail when the wait runs out', async () => {
    // The ring group names Emma, whose phone is off: callers go straight to the queue.
    await setFlow({
      queue: { enabled: true, maxWait: 60 },
      holdMusic: 'guitar-long-winter',
      groups: [{ timeout: 5, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }],
    });
    const said = async (phone: SimulatedPhone) => JSON.parse(String((await phone.next('message')).content)) as Record<string, string>;
    const first = await open(await simToken('5125550183'));
    await first.call('+15125550001');
    await first.next('answer');
    assert.deepEqual(await said(first), { say: QUEUE_GREETING(1) });
    assert.deepEqual(await said(first), { play: holdMusicTrack('guitar-long-winter').url });
    // The local carrier plays a melody of its own for the track: the caller hears it.
    await first.hears();
    const second = await open(await simToken('5125550184'));
    await second.call('+15125550001');
    assert.deepEqual(await said(second), { say: QUEUE_GREETING(2) });
    assert.ok((await said(second)).play);
    const queues = (await api('GET', '/phone/queues', employee)).json().items;
    assert.deepEqual(
      queues.map((q: Record<string, unknown>) => [q.id, q.currentSize]),
      [[AUSTIN, 2]],
    );
    assert.equal((await api('GET', '/phone/queues', other)).json().items.length, 0);
    assert.equal((await api('POST', `/phone/queue/assign/${AUSTIN}`, other)).statusCode, 404);

    // Emma takes the next call: the caller who waited longest rings her phone, marked as from the queue.
    const emma = await open(await userToken(employee));
    assert.equal((await api('POST', `/phone/queue/assign/${AUSTIN}`, employee)).statusCode, 200);
    const invite = await emma.next('invite');
    const params = invite.parameters as Record<string, string>;
    assert.deepEqual([params.From, new URLSearchParams(params.Params).get('queue')], ['+15125550183', '1']);
    await emma.answer(invite);
    await Promise.all([first.hears(), emma.hears()]);
    const taken = await settledFrom('15125550183', (e) => e.status === 'in-progress');
    assert.equal((taken.user as { id: string }).id, EMMA);
    assert.equal((await api('GET', '/phone/queues', employee)).json().items[0].currentSize, 1);

    // The second caller's longest wait runs out (the job does this at maxWait): on to voicemail (none here: the call ends), missed.
    const [waiting] = await s.db.query<{ id: string; queued_at: Date }>("select id, queued_at from calls where phone_number = '15125550184'");
    assert.equal(await expireQueuedCall(s.app.deps, { callId: waiting.id, queuedAt: new Date(waiting.queued_at).toISOString() }), true);
    await second.next('hangup');
    const missed = await settledFrom('15125550184', (e) => e.status === 'missed');
    assert.equal(missed.errorMessage, 'Nobody took the call while the caller waited');
    assert.equal((await api('GET', '/phone/queues', employee)).json().items[0].currentSize, 0);
    assert.equal((await api('POST', `/phone/queue/assign/${AUSTIN}`, employee)).json().message, 'Nobody is waiting in this queue.');
    // An expiry for a caller no longer waiting does nothing.
    assert.equal(await expireQueuedCall(s.app.deps, { callId: waiting.id, queuedAt: new Date(waiting.queued_at).toISOString() }), false);
  });
});

describe('hold music', () => {
  it("greets a caller joining the queue with their place in line, plays the location's track, and lets them go at the longest wait", async () => {
    const { parseCallFlow } = await import('@agency/contracts');
    const flow = parseCallFlow(JSON.stringify({ queue: { enabled: true, maxWait: 120 }, holdMusic: 'rock-fight-song' }));
    const joining = twimlHold(flow, 0, 3);
    assert.match(joining, new RegExp(QUEUE_GREETING(3)));
    assert.match(joining, /<Play>http:\/\/com\.twilio\.music\.rock\.s3\.amazonaws\.com\/FreddyFromAmsterdam_-_Fight_Song\.mp3<\/Play>/);
    assert.doesNotMatch(twimlHold(flow, 30, 1), /<Say/);
    assert.match(twimlHold(flow, 120, 1), /<Leave\/>/);
    // A recorded location says so before its menu; one that does not record says nothing of it.
    const notice = { type: 'text', message: 'This call may be recorded.' };
    const menu = { ivr: { sales: { label: 'Sales', extension: '1', groups: [] } }, messages: { recordCallMessage: notice } };
    assert.match(twimlMenu('c1', parseCallFlow(JSON.stringify({ ...menu, recordCalls: true }))), /This call may be recorded\./);
    assert.doesNotMatch(twimlMenu('c1', parseCallFlow(JSON.stringify(menu))), /recorded/);
    // A flow naming a track that is not on the list is refused; the default track plays for an old flow without one.
    assert.equal(parseCallFlow(JSON.stringify({ holdMusic: 'nope' })).holdMusic, 'classical-busy-strings');
  });
});

describe('outbound calls', () => {
  it("calls a client's phone from the agency's number and logs it on the caller", async () => {
    const emma = await open(await userToken(employee));
    const client = await open(await simToken('5125550190'));
    await emma.call('15125550190');
    const ringing = await emma.next('ringing');
    const invite = await client.next('invite');
    assert.equal((invite.parameters as Record<string, string>).From, '+15125550001');
    await client.answer(invite);
    assert.match(String((await emma.next('answer')).sdp), /a=candidate/);
    await Promise.all([client.hears(), emma.hears()]);
    emma.hangup(String(ringing.callsid));
    await client.next('hangup');
    const entry = await settled((e) => e.status === 'completed' && e.direction === 'outgoing');
    assert.deepEqual([entry.format, entry.phoneNumber, (entry.user as { id: string }).id], ['outbound', '15125550190', EMMA]);
    const mine = (await api('GET', '/phone/logs?view=mine', employee)).json();
    assert.ok(mine.items.some((e: { id: string }) => e.id === entry.id));
  });

  it('logs busy when the client rejects, and no-answer for a number out of reach', async () => {
    const emma = await open(await userToken(employee));
    const client = await open(await simToken('5125550191'));
    await emma.call('15125550191');
    const invite = await client.next('invite');
    client.send('reject', { callsid: invite.callsid });
    await emma.next('hangup');
    assert.equal((await settled((e) => e.phoneNumber === '15125550191')).status, 'busy');
  });
});

describe("an agency's call simulator", () => {
  it("is rung only by its own agency's calls, and calls only its own agency's numbers", async () => {
    const emma = await open(await userToken(employee));
    const outsider = await open((await api('POST', '/phone/simulator/token', other, { phoneNumber: '5125550197' })).json().token as string);
    const client = await open(await simToken('5125550197'));
    await emma.call('15125550197');
    const ringing = await emma.next('ringing');
    const invite = await client.next('invite');
    await client.answer(invite);
    await emma.next('answer');
    emma.hangup(String(ringing.callsid));
    await client.next('hangup');
    // Second Agency's phone for the same number never rang for the demo agency's call.
    assert.equal(outsider.has('invite'), false);
    // It cannot call the demo agency's number either: the call is refused and nothing is logged.
    await outsider.call('+15125550001');
    await outsider.next('hangup');
    const logged = await s.db.query("select 1 from calls where phone_number = '15125550197' and direction = 'incoming'");
    assert.equal(logged.length, 0);
  });
});

describe('cold transfers', () => {
  it('put the caller through to a colleague, who then talks with them; the log names who took it last', async () => {
    const oliviaId = (await api('GET', '/users/me')).json().user.id as string;
    await setFlow({ groups: [{ timeout: 10, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }] });
    const emma = await open(await userToken(employee));
    const olivia = await open(await userToken(owner));
    const caller = await open(await simToken('5125550192'));
    await caller.call('+15125550001');
    const ringing = await caller.next('ringing');
    const invite = await emma.next('invite');
    await emma.answer(invite);
    await caller.next('answer');
    await settled((e) => e.status === 'in-progress');
    assert.equal((await api('POST', `/phone/transfer/cold/${invite.callsid}/to/${EMMA}`, employee)).json().message, 'You are already on this call');
    assert.equal((await api('POST', `/phone/transfer/cold/CAnothing/to/${oliviaId}`, employee)).statusCode, 404);
    assert.equal((await api('POST', `/phone/transfer/cold/${invite.callsid}/to/${oliviaId}`, employee)).json().message, 'Call transferred');
    await emma.next('hangup');
    const transferred = await olivia.next('invite');
    assert.equal(new URLSearchParams((transferred.parameters as Record<string, string>).Params).get('callerName'), '');
    await olivia.answer(transferred);
    await Promise.all([olivia.hears(), caller.hears()]);
    const during = await settled((e) => (e.user as { id: string } | null)?.id === oliviaId);
    assert.deepEqual([during.format, during.status], ['transfer', 'in-progress']);
    caller.hangup(String(ringing.callsid));
    await olivia.next('hangup');
    assert.equal((await settled((e) => e.status === 'completed')).format, 'transfer');
  });
});

describe('recordings', () => {
  it('record both sides when the flow says so, pause and resume, play in the page, and are deleted by admins', async () => {
    await setFlow({ recordCalls: true, groups: [{ timeout: 10, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }] });
    const emma = await open(await userToken(employee));
    const caller = await open(await simToken('5125550193'));
    await caller.call('+15125550001');
    const ringing = await caller.next('ringing');
    const invite = await emma.next('invite');
    await emma.answer(invite);
    await Promise.all([caller.hears(30), emma.hears(30)]);
    assert.equal((await api('PUT', `/phone/recording/${invite.callsid}/pause`, employee)).json().message, 'Recording paused');
    assert.equal((await api('PUT', `/phone/recording/${invite.callsid}/resume`, employee)).json().message, 'Recording resumed');
    await Promise.all([caller.hears(20), emma.hears(20)]);
    caller.hangup(String(ringing.callsid));
    const entry = await settled((e) => e.phoneNumber === '15125550193' && !!e.recording);
    const audio = await api('GET', `/phone/recordings/${entry.id}`, employee);
    assert.equal(audio.headers['content-type'], 'audio/wav');
    const wav = audio.rawPayload;
    assert.equal(wav.subarray(0, 4).toString(), 'RIFF');
    let loud = 0;
    for (let i = 44; i + 1 < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 500) loud++;
    assert.ok(loud > 800, `the recording holds sound (${loud} loud samples)`);
    assert.equal((await api('GET', `/phone/recordings/${entry.id}`, other)).statusCode, 404);
    const sid = (entry.recording as { sid: string }).sid;
    assert.equal((await api('DELETE', `/phone/recording/${entry.id}/${sid}`, employee)).statusCode, 403);
    assert.equal((await api('DELETE', `/phone/recording/${entry.id}/${sid}`, owner)).json().message, 'Recording deleted');
    assert.equal((await lastCall()).recording, null);
    assert.equal((await api('GET', `/phone/recordings/${entry.id}`, employee)).statusCode, 404);
  });
});

describe('the IVR menu', () => {
  it('reads the named groups to the caller and rings the group whose extension they press', async () => {
    const oliviaId = (await api('GET', '/users/me')).json().user.id as string;
    await setFlow({
      groups: [{ timeout: 10, repeat: 1, users: [{ id: oliviaId, format: 'softphone' }] }],
      ivr: {
        sales: { label: 'Sales', extension: '1', groups: [{ timeout: 10, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }] },
        service: { label: 'Service', extension: '2', groups: [] },
      },
      messages: { welcomeMessage: { type: 'text', message: 'Thanks for calling.' } },
    });
    const emma = await open(await userToken(employee));
    const olivia = await open(await userToken(owner));
    const caller = await open(await simToken('5125550195'));
    await caller.call('+15125550001');
    assert.deepEqual(JSON.parse(String((await caller.next('message')).content)), { say: 'Thanks for calling.' });
    assert.deepEqual(JSON.parse(String((await caller.next('message')).content)), { say: 'For Sales, press 1. For Service, press 2.' });
    const ringing = await caller.next('ringing');
    caller.send('dtmf', { callsid: ringing.callsid, dtmf: '1' });
    const invite = await emma.next('invite');
    assert.equal(new URLSearchParams((invite.parameters as Record<string, string>).Params).get('ivr'), 'Sales');
    assert.equal(olivia.has('invite'), false);
    caller.hangup(String(ringing.callsid));
    await emma.next('cancel');
    const entry = await settled((e) => e.phoneNumber === '15125550195' && e.status === 'hangup');
    assert.equal(entry.ivr, 'sales');

    // No key pressed: the main groups ring.
    const again = await open(await simToken('5125550196'));
    await again.call('+15125550001');
    await olivia.next('invite', 10_000);
  });
});

describe('voicemail', () => {
  it('plays the greeting when nobody answers, keeps the caller’s message, and files the call under Voicemails', async () => {
    await setFlow({
      groups: [{ timeout: 5, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }],
      messages: {
        voicemailMessage: { type: 'text', message: 'Please leave a message.' },
        voicemailSMS: { type: 'text', message: 'Sorry we missed you, we will call back.' },
      },
    });
    const caller = await open(await simToken('5125550194'));
    await caller.call('+15125550001');
    assert.deepEqual(JSON.parse(String((await caller.next('message')).content)), { say: 'Please leave a message.' });
    const answered = await caller.next('answer');
    // The message is kept once the carrier has heard some of it (half a second of the caller's tone).
    await carrierHears(String(answered.callsid));
    caller.hangup(String(answered.callsid));
    const entry = await settled((e) => e.phoneNumber === '15125550194' && !!e.recording);
    assert.deepEqual([entry.format, entry.status], ['voicemail', 'missed']);
    const voicemails = (await api('GET', '/phone/logs?view=voicemails')).json();
    assert.deepEqual(
      voicemails.items.map((e: { id: string }) => e.id),
      [entry.id],
    );
    const wav = (await api('GET', `/phone/recordings/${entry.id}`, employee)).rawPayload;
    let loud = 0;
    for (let i = 44; i + 1 < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 500) loud++;
    assert.ok(loud > 500, `the message holds the caller's voice (${loud} loud samples)`);
    assert.ok((await api('GET', '/phone/logs?view=recordings')).json().items.some((e: { id: string }) => e.id === entry.id));
    const recorded = (await api('GET', '/phone/logs/recordings?limit=5')).json();
    assert.ok(recorded.items.some((e: { id: string }) => e.id === entry.id));
    assert.ok(
      recorded.items.every((e: { recording: unknown }) => e.recording),
      'only calls with a recording',
    );
    // The flow's voicemail text went to the caller, once.
    const texts = await s.db.query<{ flow: string; to_number: string }>('select flow, to_number from sms_messages where idempotency_key = $1', [
      `voicemail:${entry.id}`,
    ]);
    assert.deepEqual(
      texts.map((t) => [t.flow, t.to_number.replace(/\D/g, '')]),
      [['outgoing', '15125550194']],
    );
  });
});

describe('sending a call to voicemail', () => {
  it('stops the ringing, plays the greeting to the caller, and logs the call missed', async () => {
    await setFlow({ messages: { voicemailMessage: { type: 'text', message: 'Please leave a message.' } } });
    const emma = await open(await userToken(employee));
    const caller = await open(await simToken('5125550187'));
    await caller.call('+15125550001');
    const invite = await emma.next('invite');
    const callId = new URLSearchParams((invite.parameters as Record<string, string>).Params).get('callId')!;
    assert.equal((await api('PUT', `/phone/voicemail/${callId}`, other)).statusCode, 404);
    const sent = await api('PUT', `/phone/voicemail/${callId}`, employee);
    assert.equal(sent.json().message, 'Call sent to voicemail');
    await emma.next('cancel');
    assert.deepEqual(JSON.parse(String((await caller.next('message')).content)), { say: 'Please leave a message.' });
    await caller.next('answer');
    const entry = await settledFrom('15125550187', (e) => e.status === 'missed');
    assert.equal(entry.errorMessage, 'Sent to voicemail');
    assert.equal((await api('PUT', `/phone/voicemail/${callId}`, employee)).statusCode, 404);
  });
});

describe('calls between colleagues', () => {
  it("ring the colleague's phone with the caller's name and stay out of the call log", async () => {
    const oliviaId = (await api('GET', '/users/me')).json().user.id as string;
    const emma = await open(await userToken(employee));
    const olivia = await open(await userToken(owner));
    const before = (await api('GET', '/phone/logs?view=all')).json().total;
    await emma.call(`client:${oliviaId}`);
    const invite = await olivia.next('invite');
    assert.equal(new URLSearchParams((invite.parameters as Record<string, string>).Params).get('callerName'), 'Emma Ellis');
    await olivia.answer(invite);
    const answered = await emma.next('answer');
    await olivia.hears();
    emma.hangup(String(answered.callsid));
    await olivia.next('hangup');
    assert.equal((await api('GET', '/phone/logs?view=all')).json().total, before);
  });
});

describe('the outgoing location', () => {
  it("is the location of the number's contact, with the contact (a keypad call is theirs too), and none for a number nobody has", async () => {
    const james = (await api('POST', '/phone/outgoing/location', employee, { To: '512-555-0142' })).json();
    assert.deepEqual(james.location, { id: AUSTIN, name: 'Austin' });
    assert.equal(james.client.name, 'James Carter');
    const [row] = await s.db.query<{ account_id: string }>('select account_id from clients where id = $1', [james.client.id]);
    assert.equal(row?.account_id, (await s.db.query<{ account_id: string }>('select account_id from users where id = $1', [EMMA]))[0]!.account_id);
    assert.deepEqual((await api('POST', '/phone/outgoing/location', employee, { To: '15125550999' })).json(), { location: null, client: null });
    assert.equal((await api('POST', '/phone/outgoing/location', employee, { To: '555' })).json().message, 'Enter a phone number of 10 or 11 digits');
    assert.deepEqual((await api('POST', '/phone/outgoing/location', other, { To: '512-555-0142' })).json(), { location: null, client: null });
  });
});

describe('voice webhooks', () => {
  it('refuse unsigned or wrongly signed requests, and log a retried call once', async () => {
    const url = `${s.app.deps.carrier.publicUrl}${VOICE_PATHS.incoming}`;
    const params = { CallSid: 'CAretried', AccountSid: s.app.deps.carrier.accountSid, From: '+15125550199', To: '+15125550001', CallStatus: 'ringing' };
    const post = (signature: string | null) =>
      s.app.inject({
        method: 'POST',
        url: VOICE_PATHS.incoming,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
        payload: new URLSearchParams(params).toString(),
      });
    assert.equal((await post(null)).statusCode, 403);
    assert.equal((await post(signWebhook('wrong', url, params))).statusCode, 403);
    const first = await post(signWebhook(s.app.deps.carrier.webhookToken, url, params));
    assert.equal(first.statusCode, 200);
    assert.match(first.body, /<Dial/);
    await post(signWebhook(s.app.deps.carrier.webhookToken, url, params));
    const [{ n }] = await s.db.query<{ n: number }>("select count(*)::int as n from calls where call_sid = 'CAretried'");
    assert.equal(n, 1);
  });
});

describe('office hours', () => {
  const hours = (extra: object = {}) =>
    JSON.stringify({
      hours: { thursday: { open: true, openTime: '08:00', closeTime: '17:00' } },
      holidays: [],
      closedMessage: { type: 'disabled' },
      smsClosedMessage: { enabled: false, message: '' },
      ...extra,
    });
  it('are open within the day’s hours in the location’s time zone, closed outside, and closed on a chosen holiday', () => {
    // Thursday 2026-11-19, 15:00 UTC = 09:00 in Chicago.
    assert.equal(officeState(hours(), 'America/Chicago', new Date('2026-11-19T15:00:00Z')), 'open');
    assert.equal(officeState(hours(), 'America/Chicago', new Date('2026-11-19T13:00:00Z')), 'closed');
    assert.equal(officeState(hours(), 'America/Chicago', new Date('2026-11-20T15:00:00Z')), 'closed');
    // Thanksgiving 2026 is Thursday the 26th.
    assert.equal(officeState(hours({ holidays: ['Thanksgiving Day'] }), 'America/Chicago', new Date('2026-11-26T15:00:00Z')), 'holiday');
    assert.equal(officeState(null, 'America/Chicago'), 'open');
  });
});

describe("an outgoing call's contact", () => {
  it('is the client the Device names when they are of the account, else the client the number belongs to', async () => {
    // A household's two records share one number: the call placed from the second's card is theirs.
    const first = (await api('POST', '/clients', owner, { firstName: 'Ruth', lastName: 'Carter', mobilePhone: '5125550177' })).json().id as string;
    const second = (await api('POST', '/clients', owner, { firstName: 'James', lastName: 'Carter', mobilePhone: '5125550177' })).json().id as string;
    const elsewhere = (await api('POST', '/clients', other, { firstName: 'Not', lastName: 'Ours', mobilePhone: '5125550178' })).json().id as string;
    const url = `${s.app.deps.carrier.publicUrl}${VOICE_PATHS.outgoing}`;
    const place = async (CallSid: string, extra: Record<string, string>) => {
      const params = { CallSid, From: `client:${EMMA}`, To: '+15125550177', CallStatus: 'ringing', ...extra };
      const res = await s.app.inject({
        method: 'POST',
        url: VOICE_PATHS.outgoing,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(s.app.deps.carrier.webhookToken, url, params) },
        payload: new URLSearchParams(params).toString(),
      });
      assert.equal(res.statusCode, 200);
      const [row] = await s.db.query<{ client_id: string | null; direction: string }>('select client_id, direction from calls where call_sid = $1', [CallSid]);
      return row;
    };
    assert.deepEqual(await place('CAcard', { Client: second }), { client_id: second, direction: 'outgoing' });
    assert.deepEqual(await place('CAkeypad', {}), { client_id: first, direction: 'outgoing' });
    // Another account's client, or anything that is not an id, is not taken: the number decides.
    assert.deepEqual(await place('CAforeign', { Client: elsewhere }), { client_id: first, direction: 'outgoing' });
    assert.deepEqual(await place('CAbogus', { Client: "x' or 1=1" }), { client_id: first, direction: 'outgoing' });
    // The call log shows the call on the chosen client, with how many tags they carry.
    const tag = (await api('POST', '/tags', owner, { name: 'Calls by card' })).json().id as string;
    assert.equal((await api('PUT', `/clients/${second}/tags`, owner, { tags: [{ id: tag, isActive: true }] })).statusCode, 200);
    const items = (await api('GET', '/phone/logs?view=all&limit=10&phoneNumber=5125550177')).json().items as Array<{
      client: { id: string } | null;
      tags: number;
    }>;
    assert.deepEqual(
      items.filter((e) => e.client?.id === second).map((e) => e.tags),
      [1],
    );
    assert.ok(items.filter((e) => e.client?.id === first).every((e) => e.tags === 0));
  });
});
