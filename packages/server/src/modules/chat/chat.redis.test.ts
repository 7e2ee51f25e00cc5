import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { freshDb, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { ask, connectClient, Inbox, sleep, type ChatClient } from './testing';

/**
 * Two API processes behind Redis serving one account: a member on each process. Runs when
 * REDIS_URL is set (npm test sets it for its PostgreSQL + Redis pass).
 */
const redisUrl = process.env.REDIS_URL;

if (redisUrl) {
  let a: TestServer;
  let b: TestServer;
  let db: Awaited<ReturnType<typeof freshDb>>;
  const sockets: ChatClient[] = [];
  let owner: ChatClient;
  let emma: ChatClient;
  let ownerInbox: Inbox;
  let emmaInbox: Inbox;
  let emmaId: string;
  let ownerToken: string;
  let aClosed = false;

  before(async () => {
    db = await freshDb();
    a = await startTestServer({ listen: true, db, redisUrl });
    b = await startTestServer({ listen: true, db, redisUrl });
    const o = await signIn(a.app, 'owner@demo.test');
    const e = await signIn(b.app, 'employee@demo.test');
    ownerToken = o.token;
    emmaId = e.user.id;
    owner = await connectClient(a.url!, 'demo', o.token);
    emma = await connectClient(b.url!, 'demo', e.token);
    sockets.push(owner, emma);
    ownerInbox = new Inbox(owner);
    emmaInbox = new Inbox(emma);
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    if (!aClosed) await a.close();
    await b.close();
    await db.drop();
  });

  describe('team chat across two API processes and Redis', () => {
    let roomId: string;

    it('tells a member on the other process about a new room and its messages', async () => {
      roomId = (await ask(owner, 'chat_createRoom', { format: 'group', userIds: [emmaId], title: 'Two processes' })).id;
      await emmaInbox.next('chat_room', (r) => r.id === roomId);
      const id = randomUUID();
      await ask(emma, 'chat_message', { roomId, id, message: 'from process B' });
      const got = await ownerInbox.next('chat_message', (m) => m.message.id === id);
      assert.equal(got.message.message, 'from process B');
    });

    it('gives both members the same order when both write at once, each message once', async () => {
      const sends: Array<Promise<unknown>> = [];
      const sentIds: string[] = [];
      for (let i = 0; i < 15; i++) {
        for (const [who, socket] of [
          ['owner', owner],
          ['emma', emma],
        ] as const) {
          const id = randomUUID();
          sentIds.push(id);
          sends.push(ask(socket, 'chat_message', { roomId, id, message: `${who} ${i}` }));
        }
      }
      await Promise.all(sends);
      await sleep(300);
      const order = (inbox: Inbox) => {
        const seen = inbox.all('chat_message').filter((e) => sentIds.includes(e.message.id));
        assert.equal(new Set(seen.map((e) => e.message.id)).size, sentIds.length, 'every message arrives');
        return [...new Map(seen.map((e) => [e.message.id, e.message])).values()].sort((x, y) => x.seq - y.seq).map((m) => m.id);
      };
      assert.deepEqual(order(ownerInbox), order(emmaInbox));
      const seqs = (await ask(emma, 'chat_joinRoom', { roomId })).messages.map((m) => m.seq);
      assert.equal(new Set(seqs).size, seqs.length);
    });

    it('stores a send retried on the other process after one goes away exactly once', async () => {
      const id = randomUUID();
      await ask(owner, 'chat_message', { roomId, id, message: 'before the restart' });
      owner.close();
      aClosed = true;
      await a.close();
      const again = await connectClient(b.url!, 'demo', ownerToken);
      sockets.push(again);
      await ask(again, 'chat_message', { roomId, id, message: 'before the restart' });
      const rows = await db.query<{ n: number }>('select count(*)::int as n from chat_messages where id = $1', [id]);
      assert.equal(rows[0].n, 1);
      const page = await ask(emma, 'chat_joinRoom', { roomId });
      assert.equal(page.messages.filter((m) => m.id === id).length, 1);
    });
  });
}
