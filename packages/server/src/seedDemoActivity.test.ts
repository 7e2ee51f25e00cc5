import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, signIn, startTestServer, type TestServer } from './testing/harness';
import { seedDemo } from './seed';
import { getRooms } from './modules/chat/rooms';

describe('the demo activity (DEMO_DATA=1)', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json();
  };
  const counts = async () =>
    (
      await server.db.query<Record<string, number>>(
        `select (select count(*)::int from sms_messages) as texts, (select count(*)::int from calls) as calls,
                (select count(*)::int from campaign_runs) as runs, (select count(*)::int from task_cards) as cards,
                (select count(*)::int from chat_messages) as chat, (select count(*)::int from trainings) as trainings,
                (select count(*)::int from followups) as followups, (select count(*)::int from service_reviews) as reviews`,
      )
    )[0];

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
    const body = await get('/api/sms/rooms?status=all');
    const rooms: Array<{ id: string; unread: number; optedOut: boolean }> = body.rooms ?? body;
    assert.ok(rooms.length >= 4);
    assert.ok(rooms.some((r) => r.unread > 0));
    assert.ok(rooms.some((r) => r.unread === 0));
    assert.ok(rooms.some((r) => r.optedOut));
    let media: { format: string; info: string } | undefined;
    for (const r of rooms) {
      const page = await get(`/api/sms/rooms/${r.id}/messages`);
      const messages: Array<{ media: Array<{ format: string; info: string }> }> = page.messages ?? page;
      media ??= messages.flatMap((m) => m.media)[0];
    }
    assert.equal(media?.format, 'image/png');
    const picture = await server.app.inject({ method: 'GET', url: new URL(media!.info).pathname });
    assert.equal(picture.statusCode, 200);
    assert.equal(picture.rawPayload.subarray(1, 4).toString(), 'PNG');
    const scheduled = await get('/api/sms/message/scheduled_messages');
    assert.ok((scheduled.messages ?? scheduled).length >= 1);
  });

  it('has calls of every kind, the recordings written as WAV files', async () => {
    const body = await get('/api/phone/logs?view=all');
    const calls: Array<{ format: string; status: string; recording: { sid: string } | null; participants?: unknown[] }> = body.calls ?? body.logs ?? body;
    assert.ok(calls.some((c) => c.format === 'inbound' && c.status === 'completed'));
    assert.ok(calls.some((c) => c.status === 'missed'));
    assert.ok(calls.some((c) => c.format === 'voicemail' && c.recording));
    assert.ok(calls.some((c) => c.format === 'outbound' && c.recording));
    assert.ok(
      calls.some((c) => (c.participants ?? []).length >= 3),
      'a conference',
    );
    for (const c of calls.filter((x) => x.recording)) assert.ok(existsSync(join(server.config.dataDir, 'carrier-recordings', `${c.recording!.sid}.wav`)));
  });

  it('has a campaign with two runs and their logs', async () => {
    const body = await get('/api/campaigns');
    const campaigns: Array<{ id: string }> = body.campaigns ?? body;
    assert.ok(campaigns.length >= 1);
    const logs = await get(`/api/campaigns/${campaigns[0].id}/logs`);
    const runs: unknown[] = logs.runs ?? logs.logs ?? logs;
    assert.equal(runs.length, 2);
  });

  it('has two boards with cards in several lanes, one fed by a tag', async () => {
    const body = await get('/api/taskboard');
    const boards: Array<{ id: string; assignedTag?: unknown[]; lanes: Array<{ id: string; openCards?: number }> }> = body.boards ?? body;
    assert.equal(boards.length, 2);
    let lanesWithCards = 0;
    for (const b of boards) for (const l of b.lanes) if ((await get(`/api/taskboard/${b.id}/${l.id}/cards`)).cards.length) lanesWithCards++;
    assert.ok(lanesWithCards >= 4);
    assert.ok(boards.some((b) => (b.assignedTag ?? []).length > 0));
  });

  it('has chat rooms with messages and a reaction, two trainings, follow-ups, reviews and referrals', async () => {
    const rooms = await getRooms(server.db, {
      accountId: server.config ? '00000000-0000-4000-8000-000000000001' : '',
      userId: '00000000-0000-4000-9000-000000000001',
      role: 'owner',
    });
    assert.ok(rooms.length >= 2);
    const [{ n }] = await server.db.query<{ n: number }>('select count(*)::int as n from chat_reactions');
    assert.ok(n >= 1);
    const trainings = await get('/api/trainings');
    assert.ok((trainings.trainings ?? trainings).length >= 2);
    assert.ok((await get('/api/followups/today')).length >= 1);
    assert.ok((await get('/api/followups/pastDue')).length >= 1);
    const reviews = await get('/api/reviews');
    assert.ok((reviews.reviews ?? reviews).length >= 3);
    const referrals = await get('/api/reporting/affiliate');
    assert.ok((referrals.clients ?? referrals.referrals ?? referrals).length >= 2);
  });
});
