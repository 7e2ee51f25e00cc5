import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ChatRoom } from '@agency/contracts';
import { CHAT_MESSAGES, directRoomId } from '@agency/contracts';
import { SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { ask, connectClient, Inbox, sleep, type ChatClient } from './testing';

let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const sockets: ChatClient[] = [];
const inbox: Record<string, Inbox> = {};
const client: Record<string, ChatClient> = {};

async function open(name: string, namespace = 'demo') {
  const socket = await connectClient(s.url!, namespace, tokens[name]);
  sockets.push(socket);
  return socket;
}

before(async () => {
  s = await startTestServer({ listen: true });
  for (const [name, email] of Object.entries({
    owner: 'owner@demo.test',
    admin: 'admin@demo.test',
    emma: 'employee@demo.test',
    ethan: 'employee2@demo.test',
  })) {
    const session = await signIn(s.app, email);
    tokens[name] = session.token;
    ids[name] = session.user.id;
    client[name] = await open(name);
    inbox[name] = new Inbox(client[name]);
  }
  const second = await signIn(s.app, 'owner@second.test', SECOND);
  tokens.second = second.token;
  ids.second = second.user.id;
});
after(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

let room: ChatRoom;

describe('team chat over socket.io', () => {
  it('creates a group room that every member (and only members) hears about', async () => {
    room = await ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.emma, ids.ethan], title: 'Sales floor' });
    assert.equal(room.format, 'group');
    assert.equal(room.title, 'Sales floor');
    assert.deepEqual(room.users.map((u) => u.firstName).sort(), ['Emma', 'Ethan', 'Olivia']);
    const forEmma = await inbox.emma.next('chat_room', (r) => r.id === room.id);
    assert.equal(forEmma.title, 'Sales floor');
    const notice = await inbox.emma.next('message', (n) => n.link === `/chat/${room.id}`);
    assert.equal(notice.message, 'Olivia Owens added you to Sales floor');
    await sleep(100);
    assert.equal(inbox.admin.all('chat_room').filter((r) => r.id === room.id).length, 0);
    const page = await ask(client.emma, 'chat_joinRoom', { roomId: room.id });
    assert.equal(page.messages.length, 1);
    assert.equal(page.messages[0].type, 'status');
    assert.equal(page.messages[0].message, 'Olivia Owens created the room with Emma Ellis, Ethan Evans');
  });

  it('refuses to create a room without another user', async () => {
    await assert.rejects(ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [] }), { message: CHAT_MESSAGES.pickUser });
    await assert.rejects(ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.owner] }), { message: CHAT_MESSAGES.pickUser });
    await assert.rejects(ask(client.owner, 'chat_createRoom', { format: 'direct', userIds: [ids.emma, ids.ethan] }), { message: CHAT_MESSAGES.directOneUser });
    await assert.rejects(ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.second] }), { message: CHAT_MESSAGES.unknownUser });
  });

  it('delivers a message to every member once, in order, with unread counts and the Team badge', async () => {
    const id = randomUUID();
    const sent = await ask(client.emma, 'chat_message', { roomId: room.id, id, message: 'Morning all' });
    assert.equal(sent.id, id);
    assert.equal(sent.user?.id, ids.emma);
    const atOwner = await inbox.owner.next('chat_message', (e) => e.message.id === id);
    const atEthan = await inbox.ethan.next('chat_message', (e) => e.message.id === id);
    assert.equal(atOwner.message.seq, sent.seq);
    assert.equal(atEthan.message.message, 'Morning all');
    const badge = await inbox.ethan.next('badge', (b) => b.count === 1);
    assert.equal(badge.name, 'team');
    const notify = await inbox.ethan.next('notify', (n) => n.link === `/chat/${room.id}`);
    assert.deepEqual([notify.title, notify.body], ['Emma Ellis in Sales floor', 'Morning all']);
    const [ethansView] = (await ask(client.ethan, 'chat_getRooms', {})).filter((r) => r.id === room.id);
    assert.equal(ethansView.unread, 1);
    assert.deepEqual(ethansView.viewedBy, [ids.emma]);

    const second = await ask(client.owner, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'Hi Emma' });
    assert.equal(second.seq, sent.seq + 1);
  });

  it('stores a retried message id once and answers with the same message', async () => {
    const id = randomUUID();
    const first = await ask(client.ethan, 'chat_message', { roomId: room.id, id, message: 'Sent twice, shown once' });
    const again = await ask(client.ethan, 'chat_message', { roomId: room.id, id, message: 'Sent twice, shown once' });
    assert.equal(again.seq, first.seq);
    assert.equal(again.rev, first.rev);
    const page = await ask(client.owner, 'chat_joinRoom', { roomId: room.id });
    assert.equal(page.messages.filter((m) => m.id === id).length, 1);
    assert.equal(page.room.lastSeq, first.seq);
    // Someone else cannot take over the id.
    await assert.rejects(ask(client.owner, 'chat_message', { roomId: room.id, id, message: 'mine now' }), { message: CHAT_MESSAGES.invalidMessageId });
  });

  it('refuses empty messages and malformed GIF references', async () => {
    await assert.rejects(ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: '   ' }), { message: CHAT_MESSAGES.emptyMessage });
    await assert.rejects(ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'giphy:<script>' }), {
      message: CHAT_MESSAGES.invalidGif,
    });
    await assert.rejects(ask(client.emma, 'chat_message', { roomId: room.id, id: 'not-an-id', message: 'x' }));
  });

  it('toggles reactions per emoji and tells every member who reacted', async () => {
    const m = await ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'Closed the Smith policy' });
    const liked = await ask(client.owner, 'chat_reaction', { roomId: room.id, messageId: m.id, emoji: '🎉' });
    assert.deepEqual(liked.reactions, [{ emoji: '🎉', by: [ids.owner] }]);
    await ask(client.ethan, 'chat_reaction', { roomId: room.id, messageId: m.id, emoji: '🎉' });
    const update = await inbox.emma.next('chat_messageUpdate', (e) => e.message.id === m.id && e.message.reactions[0]?.by.length === 2);
    assert.deepEqual(update.message.reactions[0].by, [ids.owner, ids.ethan]);
    assert.ok(update.message.rev > m.rev);
    const undone = await ask(client.owner, 'chat_reaction', { roomId: room.id, messageId: m.id, emoji: '🎉' });
    assert.deepEqual(undone.reactions, [{ emoji: '🎉', by: [ids.ethan] }]);
    await assert.rejects(ask(client.owner, 'chat_reaction', { roomId: room.id, messageId: m.id, emoji: '<b>' }), { message: CHAT_MESSAGES.invalidEmoji });
  });

  it('lets only the author edit and delete, and only within one day', async () => {
    const m = await ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'Quote at 1200' });
    await assert.rejects(ask(client.owner, 'chat_updateMessage', { roomId: room.id, messageId: m.id, message: 'hacked' }), {
      message: CHAT_MESSAGES.onlyAuthor,
    });
    await assert.rejects(ask(client.owner, 'chat_deleteMessage', { roomId: room.id, messageId: m.id }), { message: CHAT_MESSAGES.onlyAuthor });
    const edited = await ask(client.emma, 'chat_updateMessage', { roomId: room.id, messageId: m.id, message: 'Quote at 1250' });
    assert.equal(edited.message, 'Quote at 1250');
    assert.equal(edited.edited, true);
    const seen = await inbox.ethan.next('chat_messageUpdate', (e) => e.message.id === m.id && e.message.edited);
    assert.equal(seen.message.message, 'Quote at 1250');

    const old = await ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'Yesterday' });
    await s.db.query(`update chat_messages set created_at = now() - interval '1 day' - interval '1 minute' where id = $1`, [old.id]);
    await assert.rejects(ask(client.emma, 'chat_updateMessage', { roomId: room.id, messageId: old.id, message: 'changed' }), {
      message: CHAT_MESSAGES.editWindow,
    });
    await assert.rejects(ask(client.emma, 'chat_deleteMessage', { roomId: room.id, messageId: old.id }), { message: CHAT_MESSAGES.editWindow });
    await s.db.query(`update chat_messages set created_at = now() - interval '23 hours 59 minutes' where id = $1`, [old.id]);
    const deleted = await ask(client.emma, 'chat_deleteMessage', { roomId: room.id, messageId: old.id });
    assert.deepEqual([deleted.deleted, deleted.message], [true, '']);
    await assert.rejects(ask(client.emma, 'chat_updateMessage', { roomId: room.id, messageId: old.id, message: 'back' }), {
      message: CHAT_MESSAGES.messageDeleted,
    });

    const gif = await ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'giphy:abc123' });
    await assert.rejects(ask(client.emma, 'chat_updateMessage', { roomId: room.id, messageId: gif.id, message: 'text' }), { message: CHAT_MESSAGES.gifNoEdit });
    assert.equal((await ask(client.emma, 'chat_deleteMessage', { roomId: room.id, messageId: gif.id })).deleted, true);
  });

  it('hides a room for one user until something new is said', async () => {
    const hidden = await ask(client.ethan, 'chat_hideRoom', { roomId: room.id });
    assert.deepEqual(hidden.hidden, [ids.ethan]);
    assert.equal(hidden.unread, 0);
    const id = randomUUID();
    await ask(client.owner, 'chat_message', { roomId: room.id, id, message: 'Team lunch at noon' });
    const [view] = (await ask(client.ethan, 'chat_getRooms', {})).filter((r) => r.id === room.id);
    assert.deepEqual(view.hidden, []);
    assert.equal(view.unread, 1);
  });

  it('marks a room seen and unread again, and tells members who has seen it', async () => {
    const viewed = await ask(client.ethan, 'chat_viewRoom', { roomId: room.id });
    assert.equal(viewed.unread, 0);
    assert.ok(viewed.viewedBy?.includes(ids.ethan));
    await inbox.owner.next('chat_room', (p) => p.id === room.id && !!p.viewedBy?.includes(ids.ethan));
    const unviewed = await ask(client.ethan, 'chat_unviewRoom', { roomId: room.id });
    assert.equal(unviewed.unread, 1);
    assert.ok(!unviewed.viewedBy?.includes(ids.ethan));
  });

  it('keeps each user’s room order across their devices', async () => {
    const other = await ask(client.owner, 'chat_createRoom', { format: 'direct', userIds: [ids.emma] });
    assert.equal(other.id, directRoomId(ids.owner, ids.emma));
    const again = await ask(client.owner, 'chat_createRoom', { format: 'direct', userIds: [ids.emma] });
    assert.equal(again.id, other.id);
    const laptop = await open('owner');
    const laptopInbox = new Inbox(laptop);
    const before = (await ask(client.owner, 'chat_getRooms', {})).map((r) => r.id);
    const wanted = [...before].reverse();
    await ask(client.owner, 'chat_roomOrder', { roomIds: wanted });
    const pushed = await laptopInbox.next('chat_rooms');
    assert.deepEqual(
      pushed.map((r) => r.id),
      wanted,
    );
    assert.deepEqual(
      (await ask(laptop, 'chat_getRooms', {})).map((r) => r.id),
      wanted,
    );
    // Emma's own order is hers alone.
    const emmas = (await ask(client.emma, 'chat_getRooms', {})).map((r) => r.id);
    assert.equal(emmas.length, 2);
  });

  it('renames group rooms only, on a status line every member sees', async () => {
    await ask(client.emma, 'chat_updateRoom', { roomId: room.id, title: 'Sales team' });
    const status = await inbox.ethan.next('chat_message', (e) => e.message.type === 'status' && e.message.message.includes('renamed'));
    assert.equal(status.message.message, 'Emma Ellis renamed the room to Sales team');
    await assert.rejects(ask(client.owner, 'chat_updateRoom', { roomId: directRoomId(ids.owner, ids.emma), title: 'x' }), {
      message: CHAT_MESSAGES.renameNotAllowed,
    });
    await assert.rejects(ask(client.owner, 'chat_updateRoom', { roomId: room.id, title: '   ' }), { message: CHAT_MESSAGES.titleRequired });
  });

  it('adds and removes users with status lines; only the creator or an admin removes', async () => {
    await assert.rejects(ask(client.emma, 'chat_addUsers', { roomId: room.id, userIds: [] }), { message: CHAT_MESSAGES.pickUser });
    await assert.rejects(ask(client.emma, 'chat_addUsers', { roomId: room.id, userIds: [ids.ethan] }), { message: CHAT_MESSAGES.alreadyMembers });
    const grown = await ask(client.emma, 'chat_addUsers', { roomId: room.id, userIds: [ids.admin] });
    assert.equal(grown.users.length, 4);
    const forAdam = await inbox.admin.next('chat_room', (r) => r.id === room.id);
    assert.equal(forAdam.title, 'Sales team');
    await inbox.admin.next('message', (n) => n.message === 'Emma Ellis added you to Sales team');
    await inbox.owner.next('chat_message', (e) => e.message.message === 'Emma Ellis added Adam Atkins');

    await assert.rejects(ask(client.emma, 'chat_removeUser', { roomId: room.id, userId: ids.ethan }), { message: CHAT_MESSAGES.removeNotAllowed });
    await assert.rejects(ask(client.owner, 'chat_removeUser', { roomId: room.id, userId: ids.owner }), { message: CHAT_MESSAGES.removeSelf });
    const shrunk = await ask(client.owner, 'chat_removeUser', { roomId: room.id, userId: ids.admin });
    assert.equal(shrunk.users.length, 3);
    await inbox.admin.next('chat_removeRoom', (r) => r.roomId === room.id);
    await inbox.emma.next('chat_message', (e) => e.message.message === 'Olivia Owens removed Adam Atkins');
    await assert.rejects(ask(client.admin, 'chat_joinRoom', { roomId: room.id }), { message: CHAT_MESSAGES.notMember });
  });

  it('lets a member leave a group room (not a direct one)', async () => {
    const temp = await ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.ethan], title: 'Temp' });
    await ask(client.ethan, 'chat_leaveRoom', { roomId: temp.id });
    await inbox.ethan.next('chat_removeRoom', (r) => r.roomId === temp.id);
    await inbox.owner.next('chat_message', (e) => e.roomId === temp.id && e.message.message === 'Ethan Evans left');
    await assert.rejects(ask(client.owner, 'chat_leaveRoom', { roomId: directRoomId(ids.owner, ids.emma) }), { message: CHAT_MESSAGES.groupOnly });
    await ask(client.owner, 'chat_leaveRoom', { roomId: temp.id });
    assert.deepEqual(await s.db.query('select 1 from chat_rooms where id = $1', [temp.id]), []);
  });

  it('refuses every request from someone outside the room', async () => {
    const m = await ask(client.emma, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'members only' });
    const refused = { message: CHAT_MESSAGES.notMember };
    await assert.rejects(ask(client.admin, 'chat_joinRoom', { roomId: room.id }), refused);
    await assert.rejects(ask(client.admin, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'let me in' }), refused);
    await assert.rejects(ask(client.admin, 'chat_reaction', { roomId: room.id, messageId: m.id, emoji: '👍' }), refused);
    await assert.rejects(ask(client.admin, 'chat_loadMessage', { roomId: room.id, messageId: m.id }), refused);
    await assert.rejects(ask(client.admin, 'chat_loadMore', { roomId: room.id, before: 100 }), refused);
    await assert.rejects(ask(client.admin, 'chat_addUsers', { roomId: room.id, userIds: [ids.admin] }), refused);
    await assert.rejects(ask(client.admin, 'chat_hideRoom', { roomId: room.id }), refused);
    await assert.rejects(ask(client.admin, 'chat_viewRoom', { roomId: room.id }), refused);
    await assert.rejects(ask(client.admin, 'chat_update', { roomId: room.id, fields: { muted: true } }), refused);
    assert.deepEqual(await ask(client.admin, 'chat_search', { text: 'members only' }), []);
    // Another account's token cannot join this account's namespace, and its own namespace knows nothing of these rooms.
    await assert.rejects(connectClient(s.url!, 'demo', tokens.second), /Unauthorized/);
    const outsider = await open('second', 'second');
    await assert.rejects(ask(outsider, 'chat_joinRoom', { roomId: room.id }), refused);
    await assert.rejects(ask(outsider, 'chat_message', { roomId: room.id, id: randomUUID(), message: 'hi' }), refused);
    await assert.rejects(ask(outsider, 'chat_deleteMessage', { roomId: room.id, messageId: m.id }), refused);
    assert.deepEqual(await ask(outsider, 'chat_getRooms', {}), []);
  });

  it('searches the user’s rooms from 4 characters and opens a result with its context', async () => {
    await assert.rejects(ask(client.emma, 'chat_search', { text: 'abc' }), { message: CHAT_MESSAGES.searchTooShort });
    const results = await ask(client.emma, 'chat_search', { text: 'smith' });
    assert.equal(results.length, 1);
    assert.equal(results[0].roomTitle, 'Sales team');
    const page = await ask(client.emma, 'chat_loadMessage', { roomId: room.id, messageId: results[0].message.id });
    assert.ok(page.messages.some((m) => m.id === results[0].message.id));
    assert.ok(page.messages.length <= 10);
    assert.equal(page.hasNewer, true);
    assert.equal((await ask(client.emma, 'chat_search', { text: '100%_' })).length, 0);
  });

  it('pages older messages 10 at a time', async () => {
    const r = await ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.emma], title: 'Paging' });
    for (let i = 1; i <= 24; i++) await ask(client.owner, 'chat_message', { roomId: r.id, id: randomUUID(), message: `n${i}` });
    const first = await ask(client.emma, 'chat_joinRoom', { roomId: r.id });
    assert.deepEqual(
      first.messages.map((m) => m.message),
      ['n15', 'n16', 'n17', 'n18', 'n19', 'n20', 'n21', 'n22', 'n23', 'n24'],
    );
    assert.equal(first.hasMore, true);
    const second = await ask(client.emma, 'chat_loadMore', { roomId: r.id, before: first.messages[0].seq });
    assert.equal(second.messages[0].message, 'n5');
    const third = await ask(client.emma, 'chat_loadMore', { roomId: r.id, before: second.messages[0].seq });
    assert.deepEqual(
      third.messages.map((m) => (m.type === 'status' ? 'status' : m.message)),
      ['status', 'n1', 'n2', 'n3', 'n4'],
    );
    assert.equal(third.hasMore, false);
  });

  it('catches a reconnecting member up on exactly what changed while they were away', async () => {
    const r = await ask(client.owner, 'chat_createRoom', { format: 'group', userIds: [ids.ethan], title: 'Catch up' });
    const page = await ask(client.ethan, 'chat_joinRoom', { roomId: r.id });
    const kept = await ask(client.owner, 'chat_message', { roomId: r.id, id: randomUUID(), message: 'before' });
    await inbox.ethan.next('chat_message', (e) => e.message.id === kept.id);
    const sinceRev = kept.rev;
    client.ethan.disconnect();
    const missed = [];
    for (const text of ['one', 'two', 'three']) missed.push(await ask(client.owner, 'chat_message', { roomId: r.id, id: randomUUID(), message: text }));
    await ask(client.owner, 'chat_updateMessage', { roomId: r.id, messageId: kept.id, message: 'before (edited)' });
    client.ethan.connect();
    await new Promise((resolve) => client.ethan.once('connect', () => resolve(null)));
    const caught = await ask(client.ethan, 'chat_joinRoom', { roomId: r.id, sinceRev });
    assert.equal(caught.reset, false);
    assert.deepEqual(
      caught.messages.map((m) => m.message),
      ['before (edited)', 'one', 'two', 'three'],
    );
    assert.ok(page.room.lastRev < caught.room.lastRev);
  });

  it('survives an API restart: a send retried against the new process is stored once', async () => {
    const { startTestServer: start } = await import('../../testing/harness');
    const id = randomUUID();
    await ask(client.emma, 'chat_message', { roomId: room.id, id, message: 'across a restart' });
    // A second API process on the same database: the client's retry lands there.
    const other = await start({ listen: true, db: s.db });
    try {
      const socket = await connectClient(other.url!, 'demo', tokens.emma);
      sockets.push(socket);
      const retried = await ask(socket, 'chat_message', { roomId: room.id, id, message: 'across a restart' });
      const rows = await s.db.query<{ n: number }>('select count(*)::int as n from chat_messages where id = $1', [id]);
      assert.equal(rows[0].n, 1);
      assert.equal(retried.id, id);
    } finally {
      await other.close();
    }
  });
});
