import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, DEMO, demoUserId, signIn, startTestServer, type TestServer } from './testing/harness';
import { seedDemo } from './seed';
import { migrate } from './db/migrate';
import type { Db } from './db/index';
import { DEMO_CAMPAIGN_ID } from './seedDemoActivity';
import { DEMO_PHONES } from './modules/locations/seed';
import { getRooms } from './modules/chat/rooms';
import { joinRoom } from './modules/chat/messages';

const countsIn = async (db: Db) =>
  (
    await db.query<Record<string, number>>(
      `select (select count(*)::int from sms_messages) as texts, (select count(*)::int from calls) as calls,
              (select count(*)::int from campaign_runs) as runs, (select count(*)::int from task_cards) as cards,
              (select count(*)::int from chat_messages) as chat, (select count(*)::int from trainings) as trainings,
              (select count(*)::int from followups) as followups, (select count(*)::int from service_reviews) as reviews,
              (select count(*)::int from sms_rooms) as rooms, (select count(*)::int from campaigns) as campaigns`,
    )
  )[0];

describe('the demo activity (DEMO_DATA=1)', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json();
  };
  const counts = () => countsIn(server.db);

  before(async () => {
    server = await startTestServer();
    const opts = { dataDir: server.config.dataDir, publicUrl: server.config.publicUrl };
    await seedDemo(server.db, opts);
    const first = await counts();
    await seedDemo(server.db, opts);
    assert.deepEqual(await counts(), first, 'seeding again adds nothing');
    headers = bearer((await signIn(server.app, 'owner@demo.test')).token);
  });
  after(() => server.close());

  it('has text conversations: one unread, one opted out, one with a picture, and a scheduled text', async () => {
    const body = await get('/api/sms/rooms');
    const rooms: Array<{ id: string; unread: number; optedOut: boolean }> = body;
    assert.equal(rooms.length, 4);
    assert.ok(rooms.some((r) => r.unread > 0));
    assert.equal(rooms.filter((r) => r.unread === 0).length, 2, 'James Carter read, Robert Chen opted out');
    assert.ok(rooms.some((r) => r.optedOut));
    let media: { format: string; info: string } | undefined;
    for (const r of rooms) {
      const page = await get(`/api/sms/rooms/${r.id}/messages`);
      const messages: Array<{ media: Array<{ format: string; info: string }> }> = page.messages ?? page;
      media ??= messages.flatMap((m) => m.media)[0];
    }
    assert.equal(media?.format, 'image/png');
    // Kept as a path on the app's origin: it shows at whatever host name the agency opens the app.
    assert.match(media!.info, /^\/api\/media\/sms\//);
    const picture = await server.app.inject({ method: 'GET', url: media!.info });
    assert.equal(picture.statusCode, 200);
    assert.equal(picture.rawPayload.subarray(1, 4).toString(), 'PNG');
    const scheduled: Array<{ messageStatus: string }> = await get('/api/sms/message/scheduled_messages');
    assert.deepEqual(
      scheduled.map((m) => m.messageStatus),
      ['pending'],
    );
  });

  it('has calls of every kind, the recordings written as WAV files', async () => {
    const calls: Array<{ format: string; status: string; recording: { sid: string } | null; conference: { participants: unknown[] } | null }> = (
      await get('/api/phone/logs?view=all&limit=50')
    ).items;
    assert.ok(calls.some((c) => c.format === 'inbound' && c.status === 'completed'));
    assert.ok(calls.some((c) => c.status === 'missed'));
    assert.ok(calls.some((c) => c.format === 'voicemail' && c.recording));
    assert.ok(calls.some((c) => c.format === 'outbound' && c.recording));
    assert.ok(
      calls.some((c) => c.conference?.participants.length === 3),
      'a conference',
    );
    assert.ok(calls.some((c) => c.format === 'transfer'));
    assert.ok(calls.some((c) => c.status === 'no-answer'));
    for (const c of calls.filter((x) => x.recording)) assert.ok(existsSync(join(server.config.dataDir, 'carrier-recordings', `${c.recording!.sid}.wav`)));
  });

  it('has a campaign with two runs and their logs', async () => {
    const campaigns: Array<{ id: string; jobsRan: number }> = await get('/api/campaigns');
    assert.equal(campaigns.length, 1);
    assert.equal(campaigns[0].jobsRan, 2);
    const runs: Array<{ runDate: string; status: string }> = await get(`/api/campaigns/${campaigns[0].id}/logs`);
    assert.deepEqual(
      runs.map((r) => r.status),
      ['done', 'done'],
    );
    for (const run of runs) {
      const details: Array<{ status: string; comment: string }> = await get(`/api/campaigns/${campaigns[0].id}/logs/${encodeURIComponent(run.runDate)}`);
      assert.ok(details.length >= 1);
      // A skipped recipient says why.
      for (const d of details.filter((x) => x.status === 'skipped')) assert.match(d.comment ?? '', /No mobile number|Opted out/);
      assert.ok(details.some((x) => x.status === 'skipped'));
    }
    // Its texts are labelled with its name, as a campaign's run labels them, not with its id.
    const labels = await server.db.query<{ campaign: string }>(`select distinct campaign from sms_messages where type = 'campaign'`);
    assert.deepEqual(
      labels.map((l) => l.campaign),
      ['Policy review reminder'],
    );
  });

  it('has two boards with cards in several lanes, one fed by a tag', async () => {
    const boards: Array<{ id: string; assignedTag: unknown[]; lanes: Array<{ id: string }> }> = await get('/api/taskboard');
    assert.equal(boards.length, 2);
    let lanesWithCards = 0;
    for (const b of boards) for (const l of b.lanes) if ((await get(`/api/taskboard/${b.id}/${l.id}/cards`)).cards.length) lanesWithCards++;
    assert.ok(lanesWithCards >= 4);
    const tagged = boards.find((b) => b.assignedTag.length > 0);
    assert.ok(tagged, 'a board fed by a tag');
    const [{ n }] = await server.db.query<{ n: number }>(`select count(*)::int as n from task_cards where board_id = $1 and source = 'tag'`, [tagged.id]);
    assert.ok(n >= 1);
  });

  it('has chat rooms with messages and a reaction, two trainings, follow-ups, reviews and referrals', async () => {
    // The chat speaks over socket.io; its rooms and messages are read here as the socket reads them.
    const owner = { accountId: DEMO, userId: demoUserId('owner@demo.test'), role: 'owner' as const };
    const rooms = await getRooms(server.db, owner);
    assert.ok(rooms.length >= 2);
    assert.ok(rooms.some((r) => r.unread > 0));
    let reactions = 0;
    for (const r of rooms) {
      const page = await joinRoom(server.db, owner, { roomId: r.id });
      assert.ok(page.messages.some((m) => m.type === 'message'));
      reactions += page.messages.reduce((n, m) => n + m.reactions.length, 0);
    }
    assert.ok(reactions >= 1);
    assert.equal((await get('/api/trainings')).total, 2);
    // The owner's are due tomorrow and later; Morgan Miller's (multi@demo.test) today and past due.
    const morgan = bearer((await signIn(server.app, 'multi@demo.test')).token);
    const followUps = async (bucket: string) => (await server.app.inject({ method: 'GET', url: `/api/followups/${bucket}`, headers: morgan })).json();
    assert.ok((await followUps('today')).length >= 1);
    assert.ok((await followUps('pastDue')).length >= 1);
    assert.ok((await get('/api/followups/tomorrow')).length >= 1);
    assert.ok((await get('/api/followups/future')).length >= 1);
    assert.deepEqual(await get('/api/followups/pastDue'), []);
    const reviews: Array<{ rating: number | null }> = await get('/api/reviews');
    assert.ok(reviews.length >= 2);
    assert.ok(reviews.some((r) => r.rating !== null));
    const referrals: Array<{ affliateContact: unknown }> = await get('/api/reporting/affiliate');
    assert.ok(referrals.length >= 4);
    assert.ok(referrals.some((r) => r.affliateContact));
  });
});

describe('a start on a demo agency the agency has changed', () => {
  let server: TestServer;
  let opts: { dataDir: string; publicUrl: string };
  before(async () => {
    server = await startTestServer();
    opts = { dataDir: server.config.dataDir, publicUrl: server.config.publicUrl };
  });
  after(() => server.close());
  const owner = async () => bearer((await signIn(server.app, 'owner@demo.test')).token);
  const mariaId = async () =>
    (
      await server.db.query<{ id: string }>(
        `select id from clients where account_id = $1 and data->>'firstName' = 'Maria' and data->>'lastName' = 'Gonzalez'`,
        [DEMO],
      )
    )[0]?.id;
  const CLASHING_ROOM = '00000000-0000-4000-b000-000000000001';
  const marks = () => server.db.query<{ name: string; note: string | null }>('select name, note from demo_seeds');

  it('leaves the activity out, and records why, when a demo client was deleted before it was seeded', async () => {
    // the demo agency is seeded (as a start that stopped before its activity leaves it); Maria is deleted
    const headers = await owner();
    const maria = await mariaId();
    assert.ok(maria);
    assert.equal((await server.app.inject({ method: 'DELETE', url: `/api/clients/${maria}`, headers })).statusCode, 200);
    const before = await countsIn(server.db);
    await seedDemo(server.db, opts);
    assert.deepEqual(await countsIn(server.db), before, 'nothing seeded');
    assert.deepEqual(await marks(), [{ name: 'activity', note: 'not seeded: the demo client Maria Gonzalez is missing' }]);
  });

  it('leaves the activity out, and records why, when writing it fails', async () => {
    // Maria back, the mark of the test before gone; a room on James Carter's number that the demo's would collide with
    await server.db.query('delete from demo_seeds');
    await server.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: await owner(),
      payload: { firstName: 'Maria', lastName: 'Gonzalez', mobilePhone: '2105550187' },
    });
    await server.db.query(`insert into sms_rooms (id, account_id, phone_number, agency_number, status) values ($1, $2, '15125550142', $3, 'open')`, [
      CLASHING_ROOM,
      DEMO,
      DEMO_PHONES.austinMain.number,
    ]);
    const before = await countsIn(server.db);
    await seedDemo(server.db, opts);
    assert.deepEqual(await countsIn(server.db), before, 'nothing seeded');
    const [mark] = await marks();
    assert.match(mark.note ?? '', /^not seeded: .*sms_rooms_numbers/);
  });

  it('starts again without seeding again once the demo campaign and a demo client are deleted', async () => {
    // a demo agency as DEMO_DATA=1 seeds it
    await server.db.query('delete from demo_seeds');
    await server.db.query('delete from sms_rooms where id = $1', [CLASHING_ROOM]);
    await seedDemo(server.db, opts);
    assert.equal((await countsIn(server.db)).campaigns, 1);
    const headers = await owner();
    assert.equal((await server.app.inject({ method: 'DELETE', url: `/api/campaigns/${DEMO_CAMPAIGN_ID}`, headers })).statusCode, 204);
    assert.equal((await server.app.inject({ method: 'DELETE', url: `/api/clients/${await mariaId()}`, headers })).statusCode, 200);
    const changed = await countsIn(server.db);
    await seedDemo(server.db, opts);
    assert.deepEqual(await countsIn(server.db), changed, 'nothing seeded again');
    assert.equal(changed.campaigns, 0);
    assert.deepEqual(await marks(), [{ name: 'activity', note: null }]);
  });

  it('records a database seeded before the mark existed as seeded, when the migration runs', async () => {
    await server.db.exec(`drop table demo_seeds; delete from schema_migrations where name = '115_demo_seeds.sql';`);
    assert.deepEqual(await migrate(server.db), ['115_demo_seeds.sql']);
    assert.deepEqual(await marks(), [{ name: 'activity', note: 'recorded when the table was made: the demo agency existed' }]);
    const before = await countsIn(server.db);
    await seedDemo(server.db, opts);
    assert.deepEqual(await countsIn(server.db), before);
  });
});
