import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNTS } from '../../seed';
import { signIn, startTestServer, type TestServer } from '../../testing/harness';
import { connect, type ClientSocket } from '../../testing/sockets';
import { AUSTIN, EMMA, phoneTestKit } from './testSupport';
import { signWebhook, SIGNATURE_HEADER } from '../../providers/carrier/index';
import { CONFERENCE_MESSAGES } from '@agency/contracts';

/*
 * Conference calls through the local carrier: a two-party call becomes a conference when a
 * participant is added or the other side is held; everyone hears everyone (measured on the
 * simulated phones, which send a tone unless told to be silent), a held person hears hold music
 * and is not heard, a coach is heard only by the person coached, and the host hanging up ends it.
 */
let s: TestServer;
let owner: string;
let employee: string;
let port: number;
let oliviaId: string;
let emmaId: string;
const sockets: ClientSocket[] = [];
/** A socket of Emma's; with the phone on (phone_join), it gets the call events. */
async function emmaSocket(phoneOn: boolean) {
  const socket = await connect(s.url!, DEMO_ACCOUNTS.demo.dbName, employee, emmaId);
  sockets.push(socket);
  const heard: string[] = [];
  const speaking = new Set<string>();
  socket.on('conference_update', () => heard.push('conference_update'));
  socket.on('volume', ({ label, speaking: on }) => (on ? speaking.add(label) : speaking.delete(label)));
  if (phoneOn) {
    await new Promise<void>((resolve) => socket.emit('phone_join', resolve));
  }
  return { heard, speaking };
}
const { api, userToken, simToken, open, routedNext, closeDevices } = phoneTestKit(() => ({ s, owner, port }));
/** The conference of the call `sid` once `predicate` holds. */
const conference = async (
  sid: string,
  predicate: (c: { participants: { label: string; status: string; onHold: boolean; isHost: boolean; coaching: boolean }[]; ended: boolean }) => boolean,
  token = employee,
) => {
  let last: unknown = null;
  for (let i = 0; i < 100; i++) {
    const res = await api('GET', `/phone/conference/${sid}/participants`, token);
    last = res.json();
    if (res.statusCode === 200 && predicate(res.json())) return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the conference did not settle: ${JSON.stringify(last)}`);
};
const joined = (c: { participants: { status: string }[] }) => c.participants.filter((p) => p.status === 'joined').length;

/** A client calls Austin and Emma answers: the caller, Emma, the id the caller's phone knows and Emma's leg. */
async function answeredCall(number: string) {
  const emma = await open(await userToken(employee));
  const caller = await open(await simToken(number));
  await caller.call('+15125550001');
  const ringing = await caller.next('ringing');
  const invite = await emma.next('invite');
  await emma.answer(invite);
  await caller.next('answer');
  await Promise.all([caller.hears(), emma.hears()]);
  return { emma, caller, callerSid: String(ringing.callsid), leg: String(invite.callsid) };
}

before(async () => {
  s = await startTestServer({ listen: true });
  await s.app.deps.carrier.listenSignaling({ port: 0, host: '127.0.0.1', certDir: s.config.dataDir });
  port = s.app.deps.carrier.signaling()!.port;
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  const emma = await signIn(s.app, 'employee@demo.test');
  employee = emma.token;
  emmaId = emma.user.id;
  oliviaId = (await api('GET', '/users/me')).json().user.id as string;
});
beforeEach(async () => {
  closeDevices();
  await s.db.query('update account_locations set call_flow = $2 where id = $1', [
    AUSTIN,
    JSON.stringify({ groups: [{ timeout: 10, repeat: 1, users: [{ id: EMMA, format: 'softphone' }] }] }),
  ]);
});
after(async () => {
  for (const socket of sockets) socket.close();
  closeDevices();
  await s.close();
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
});

describe('conference calls', () => {
  it('add a colleague to a call: all three hear each other; removing them leaves the two talking; the host hanging up ends it', async () => {
    const phoneOn = await emmaSocket(true);
    const phoneOff = await emmaSocket(false);
    const { emma, caller, leg } = await answeredCall('5125550181');
    const olivia = await open(await userToken(owner));
    assert.equal(
      (await api('POST', `/phone/conference/${leg}/add`, employee, { to: '555' })).json().message,
      'Choose a colleague or enter a number of 11 digits',
    );
    assert.equal((await api('POST', `/phone/conference/${leg}/add`, employee, { to: EMMA })).json().message, 'Already on this call');
    assert.equal((await api('POST', `/phone/conference/${leg}/add`, owner, { to: EMMA })).statusCode, 403, 'only someone on the call adds to it');
    const added = await api('POST', `/phone/conference/${leg}/add`, employee, { to: oliviaId });
    assert.equal(added.statusCode, 200, added.body);
    const invite = await olivia.next('invite');
    const params = new URLSearchParams((invite.parameters as Record<string, string>).Params);
    assert.deepEqual([params.get('type'), params.get('callerNumber')], ['CONFERENCE', '15125550181']);
    await olivia.answer(invite);
    const three = await conference(leg, (c) => joined(c) === 3);
    assert.deepEqual(
      three.participants.map((p: { label: string; isHost: boolean }) => [p.label, p.isHost]),
      [
        [`client:${EMMA}`, true],
        ['15125550181', false],
        [`client:${oliviaId}`, false],
      ],
    );
    // Emma's phone hears who is talking; a screen of hers with the phone off gets no call events.
    const talking = [`client:${EMMA}`, '15125550181', `client:${oliviaId}`];
    for (let i = 0; i < 100 && !talking.every((l) => phoneOn.speaking.has(l)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual([...phoneOn.speaking].sort(), [...talking].sort());
    assert.ok(phoneOn.heard.length > 0);
    assert.deepEqual(phoneOff.heard, []);
    // Muted: no longer talking (and not heard).
    assert.equal((await api('PUT', `/phone/conference/${leg}/participants/client:${EMMA}`, employee, { muted: true })).json().participants[0].muted, true);
    for (let i = 0; i < 100 && phoneOn.speaking.has(`client:${EMMA}`); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(phoneOn.speaking.has(`client:${EMMA}`), false, 'muted: no longer talking');
    await api('PUT', `/phone/conference/${leg}/participants/client:${EMMA}`, employee, { muted: false });
    // Each hears the others: with two of them silent, the third is heard by both.
    emma.silent = true;
    emma.silent = true;
    olivia.silent = true;
    await Promise.all([emma.hears(), olivia.hears()]);
    caller.silent = true;
    olivia.silent = false;
    await Promise.all([emma.hears(), caller.hears()]);
    assert.equal((await api('DELETE', `/phone/conference/${leg}/participants/client:${oliviaId}`, employee)).json().message, 'Participant removed');
    await olivia.next('hangup');
    await conference(leg, (c) => joined(c) === 2);
    caller.silent = false;
    await emma.hears();
    emma.hangup(leg);
    await caller.next('hangup');
    let log = { status: '', callDuration: 0 };
    for (let i = 0; i < 100 && log.status !== 'completed'; i++) {
      log = (await api('GET', '/phone/logs?view=all&limit=5&phoneNumber=15125550181')).json().items[0];
      if (log.status !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(log.status, 'completed');
    assert.ok(log.callDuration >= 1);
    // The call log names who was on it.
    const entry = (await api('GET', '/phone/logs?view=all&limit=5&phoneNumber=15125550181')).json().items[0];
    assert.deepEqual(
      entry.conference.participants.map((p: { user: { id: string } | null; phoneNumber: string | null }) => p.user?.id ?? p.phoneNumber),
      [EMMA, '15125550181', oliviaId],
    );
    assert.equal((await api('GET', `/phone/conference/${leg}/participants`, employee)).statusCode, 404, 'the call is over');
  });

  it('hold the other side with hold music (they are not heard), and resume', async () => {
    const { emma, caller, callerSid, leg } = await answeredCall('5125550182');
    // What the server does, in order, once the caller's call joins the room: the carrier is to hold
    // them in the same turn as the row says they joined (held), with no query between, or whoever
    // reads them as joined and held meanwhile finds the mixer still sending their voice to Emma.
    const steps: string[] = [];
    const { db, carrier } = s.app.deps;
    const query = db.query.bind(db);
    const updateParticipant = carrier.updateParticipant.bind(carrier);
    db.query = (async (text: string, params?: unknown[]) => {
      steps.push('query');
      const rows = await query(text, params);
      if (text.includes("set status = 'joined'") && params?.[1] === callerSid) steps.push('joined');
      return rows;
    }) as typeof db.query;
    carrier.updateParticipant = async (name, sid, change) => {
      if (sid === callerSid && change.hold) steps.push('held');
      return updateParticipant(name, sid, change);
    };
    let c;
    try {
      const held = await api('PUT', `/phone/conference/${leg}/participants`, employee, { onHold: true });
      assert.equal(held.statusCode, 200, held.body);
      assert.equal(held.json().onHold, true);
      c = await conference(leg, (x) => x.participants.some((p) => p.label === '15125550182' && p.status === 'joined' && p.onHold));
    } finally {
      db.query = query;
      carrier.updateParticipant = updateParticipant;
    }
    const joined = steps.indexOf('joined');
    assert.ok(joined >= 0, 'the caller joined the room');
    assert.equal(steps[joined + 1], 'held', `after the row said the caller joined: ${steps.slice(joined + 1, joined + 4).join(', ')}`);
    assert.equal(c.participants.find((p: { label: string }) => p.label === `client:${EMMA}`).onHold, false);
    // The caller hears hold music though Emma is silent; Emma does not hear the caller: the mixer
    // puts none of the caller's frames into anyone's mix.
    emma.silent = true;
    await caller.hears();
    const fromCaller = await routedNext(callerSid);
    assert.deepEqual(fromCaller.to, {}, `the held caller's ${fromCaller.frames} frames went to nobody`);
    await api('PUT', `/phone/conference/${leg}/participants`, employee, { onHold: false });
    await conference(leg, (x) => x.participants.every((p) => !p.onHold));
    await emma.hears();
    emma.hangup(leg);
    await caller.next('hangup');
  });

  it('lets a supervisor coach: heard by the person coached, not by the client; Leave Call keeps the call going', async () => {
    const { emma, caller, callerSid, leg } = await answeredCall('5125550183');
    const olivia = await open(await userToken(owner));
    const coached = await api('POST', `/phone/conference/${EMMA}/add`, owner, { to: EMMA, coach: true });
    assert.equal(coached.statusCode, 200, coached.body);
    const invite = await olivia.next('invite');
    assert.equal(new URLSearchParams((invite.parameters as Record<string, string>).Params).get('type'), 'COACHING');
    await olivia.answer(invite);
    await conference(leg, (c) => c.participants.some((p) => p.coaching && p.status === 'joined'));
    const oliviaLeg = String(invite.callsid);
    // The mixer puts every frame of the coach into Emma's mix and none into the caller's.
    const fromCoach = await routedNext(oliviaLeg);
    assert.deepEqual(fromCoach.to, { [leg]: fromCoach.frames }, 'the coach is heard by Emma alone');
    emma.silent = true;
    caller.silent = true;
    await emma.hears();
    // The coach hears both.
    assert.deepEqual(Object.keys((await routedNext(leg)).to).sort(), [callerSid, oliviaLeg].sort(), 'Emma is heard by the caller and the coach');
    assert.deepEqual(Object.keys((await routedNext(callerSid)).to).sort(), [leg, oliviaLeg].sort(), 'the caller is heard by Emma and the coach');
    emma.silent = false;
    await olivia.hears();
    // The coach leaves on purpose: Emma and the caller go on.
    assert.equal((await api('DELETE', `/phone/conference/${oliviaLeg}/participants/client:${oliviaId}`, owner)).statusCode, 200);
    await olivia.next('hangup');
    caller.silent = false;
    await emma.hears();
    emma.hangup(leg);
    await caller.next('hangup');
  });

  it('answers Leave Call over the socket: done once the carrier let the leg go, else why not', async () => {
    const { emma, caller, leg } = await answeredCall('5125550184');
    const olivia = await open(await userToken(owner));
    assert.equal((await api('POST', `/phone/conference/${EMMA}/add`, owner, { to: EMMA, coach: true })).statusCode, 200);
    const invite = await olivia.next('invite');
    await olivia.answer(invite);
    await conference(leg, (c) => c.participants.some((p) => p.coaching && p.status === 'joined'));
    const oliviaLeg = String(invite.callsid);
    const socket = await connect(s.url!, DEMO_ACCOUNTS.demo.dbName, owner, oliviaId);
    sockets.push(socket);
    type Answer = { ok: true; data: null } | { ok: false; message: string };
    // Unanswered, the emit fails (a Leave Call nobody answers is the bug).
    const leave = (callSid: string): Promise<Answer> => socket.timeout(30_000).emitWithAck('conference_leave', { callSid });
    // A call that is not in progress: she is told.
    assert.deepEqual(await leave('CA-not-a-call'), { ok: false, message: CONFERENCE_MESSAGES.notInProgress });
    assert.deepEqual(await leave(oliviaLeg), { ok: true, data: null });
    await olivia.next('hangup');
    await conference(leg, (c) => c.participants.every((p) => !p.coaching || p.status === 'left'));
    // Once she is off the call, leaving again says so.
    assert.deepEqual(await leave(oliviaLeg), { ok: false, message: CONFERENCE_MESSAGES.notParticipant });
    await emma.hears();
    emma.hangup(leg);
    await caller.next('hangup');
  });

  it('refuses unsigned conference webhooks', async () => {
    const url = `${s.config.publicUrl}/api/carrier/voice/conference-event?call=00000000-0000-4000-8000-000000000000`;
    const params = { StatusCallbackEvent: 'participant-leave', CallSid: 'CA1' };
    const unsigned = await s.app.inject({
      method: 'POST',
      url: '/api/carrier/voice/conference-event?call=00000000-0000-4000-8000-000000000000',
      payload: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(unsigned.statusCode, 403);
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/carrier/voice/conference-event?call=00000000-0000-4000-8000-000000000000',
      payload: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(s.app.deps.carrier.webhookToken, url, params) },
    });
    assert.equal(signed.statusCode, 200);
  });
});
