import { BehaviorSubject, Subject, filter, map } from 'rxjs';
import type { ChatMessage, ChatPage, ChatRoom, ServerEventName } from '@agency/contracts';
import type { ConnectionState } from '@agency/bus';
import { ChatStore, mergeMessages } from './store';
import { NoAnswerError, type ChatEvent, type ChatTransport } from './transport';

const ME = '00000000-0000-4000-9000-000000000003';
const OLIVIA = '00000000-0000-4000-9000-000000000001';
const ROOM = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const room = (id: string, patch: Partial<ChatRoom> = {}): ChatRoom => ({
  id,
  format: 'group',
  title: id === ROOM ? 'Sales' : 'Service',
  createdBy: OLIVIA,
  users: [
    { id: ME, firstName: 'Emma', lastName: 'Ellis' },
    { id: OLIVIA, firstName: 'Olivia', lastName: 'Owens' },
  ],
  unread: 0,
  viewedBy: [],
  hidden: [],
  order: 0,
  muted: false,
  lastSeq: 0,
  lastRev: 0,
  lastMessageAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const msg = (seq: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  roomId: ROOM,
  seq,
  rev: seq,
  type: 'message',
  user: { id: OLIVIA, firstName: 'Olivia', lastName: 'Owens' },
  message: `m${seq}`,
  edited: false,
  deleted: false,
  reactions: [],
  media: [],
  files: [],
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
  ...patch,
});

/** A stand-in server: answers requests from handlers and pushes events. */
class FakeTransport implements ChatTransport {
  readonly events = new Subject<{ event: string; payload: unknown }>();
  readonly connection$ = new BehaviorSubject<ConnectionState>('connected');
  readonly calls: Array<{ event: string; req: unknown }> = [];
  handlers: Partial<Record<ChatEvent, (req: never) => unknown>> = {};

  request(event: ChatEvent, req: unknown) {
    this.calls.push({ event, req });
    const handler = this.handlers[event] as ((req: unknown) => unknown) | undefined;
    if (!handler) return Promise.reject(new Error(`no handler for ${event}`));
    try {
      return Promise.resolve(handler(req)) as never;
    } catch (err) {
      return Promise.reject(err);
    }
  }
  on(event: ServerEventName) {
    return this.events.pipe(
      filter((e) => e.event === event),
      map((e) => e.payload as never),
    );
  }
  push(event: string, payload: unknown) {
    this.events.next({ event, payload });
  }
  count(event: string) {
    return this.calls.filter((c) => c.event === event).length;
  }
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function serverWith(rooms: ChatRoom[], pages: Record<string, ChatPage>) {
  const t = new FakeTransport();
  t.handlers.chat_getRooms = () => rooms;
  t.handlers.chat_joinRoom = ((req: { roomId: string }) => pages[req.roomId]) as never;
  t.handlers.chat_viewRoom = ((req: { roomId: string }) => ({ id: req.roomId, unread: 0, viewedBy: [ME], hidden: [] })) as never;
  return t;
}

beforeEach(() => localStorage.clear());

describe('mergeMessages', () => {
  it('keeps one copy per id, the newest rev, in seq order', () => {
    const list = mergeMessages([msg(2), msg(1)], [msg(2, { rev: 9, message: 'edited', edited: true }), msg(3), msg(2, { rev: 4 })]);
    expect(list.map((m) => [m.seq, m.message])).toEqual([
      [1, 'm1'],
      [2, 'edited'],
      [3, 'm3'],
    ]);
  });
});

describe('ChatStore', () => {
  const page = (messages: ChatMessage[], lastRev = messages.length): ChatPage => ({
    room: room(ROOM, { lastSeq: messages.length, lastRev }),
    messages,
    hasMore: false,
    hasNewer: false,
    reset: false,
  });

  it('shows a sent message as pending, then as stored once the server acknowledges it', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    let answer: (m: ChatMessage) => void = () => undefined;
    t.handlers.chat_message = (() => new Promise<ChatMessage>((r) => (answer = r))) as never;
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    const id = store.send(ROOM, 'Hello team');
    expect(store.state.views[ROOM].messages.at(-1)).toMatchObject({ id, message: 'Hello team', status: 'pending' });
    answer(msg(2, { id, message: 'Hello team', user: { id: ME, firstName: 'Emma', lastName: 'Ellis' } }));
    await tick();
    const last = store.state.views[ROOM].messages.at(-1)!;
    expect(last.status).toBeUndefined();
    expect(last.seq).toBe(2);
    // The broadcast of the same message does not add a second copy.
    t.push('chat_message', { roomId: ROOM, message: msg(2, { id, message: 'Hello team' }) });
    expect(store.state.views[ROOM].messages.filter((m) => m.id === id)).toHaveLength(1);
    expect(localStorage.getItem(`agency.chat.outbox.${ME}`)).toBeNull();
    store.dispose();
  });

  it('keeps a message written offline and sends it exactly once after the reconnect', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    const stored = new Map<string, ChatMessage>();
    t.handlers.chat_message = ((req: { id: string; message: string }) => {
      if (!stored.has(req.id)) stored.set(req.id, msg(2, { id: req.id, message: req.message, user: { id: ME, firstName: 'Emma', lastName: 'Ellis' } }));
      return stored.get(req.id);
    }) as never;
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    t.connection$.next('reconnecting');
    const id = store.send(ROOM, 'Written offline');
    await tick();
    expect(t.count('chat_message')).toBe(0);
    expect(store.state.views[ROOM].messages.at(-1)).toMatchObject({ id, status: 'pending' });
    t.connection$.next('connected');
    await tick(10);
    expect(t.count('chat_message')).toBe(1);
    expect(stored.size).toBe(1);
    const copies = store.state.views[ROOM].messages.filter((m) => m.id === id);
    expect(copies).toHaveLength(1);
    expect([copies[0].seq, copies[0].status]).toEqual([2, undefined]);
    store.dispose();
  });

  it('marks an unanswered send red and sends the same id again after a reconnect', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    const ids: string[] = [];
    let first = true;
    t.handlers.chat_message = ((req: { id: string; message: string }) => {
      ids.push(req.id);
      if (first) {
        first = false;
        throw new NoAnswerError();
      }
      return msg(2, { id: req.id, message: req.message, user: { id: ME, firstName: 'Emma', lastName: 'Ellis' } });
    }) as never;
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    const id = store.send(ROOM, 'Are you there?');
    await tick();
    expect(store.state.views[ROOM].messages.at(-1)).toMatchObject({ id, status: 'error' });
    t.connection$.next('reconnecting');
    t.connection$.next('connected');
    await tick(10);
    expect(ids).toEqual([id, id]);
    const last = store.state.views[ROOM].messages.at(-1)!;
    expect([last.id, last.seq, last.status]).toEqual([id, 2, undefined]);
    store.dispose();
  });

  it('shows the server’s refusal and resends only when asked to', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([]) });
    let refuse = true;
    t.handlers.chat_message = ((req: { id: string }) => {
      if (refuse) throw new Error('An attachment is not in this room');
      return msg(1, { id: req.id, user: { id: ME, firstName: 'Emma', lastName: 'Ellis' } });
    }) as never;
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    const id = store.send(ROOM, 'with a file', ['33333333-3333-4333-8333-333333333333']);
    await tick();
    expect(store.state.views[ROOM].messages.at(-1)).toMatchObject({ status: 'error', error: 'An attachment is not in this room' });
    t.connection$.next('reconnecting');
    t.connection$.next('connected');
    await tick(10);
    expect(t.count('chat_message')).toBe(1);
    refuse = false;
    store.retry(id);
    await tick();
    const last = store.state.views[ROOM].messages.at(-1)!;
    expect([last.id, last.status]).toEqual([id, undefined]);
    store.dispose();
  });

  it('keeps unsent messages across a reload of the page', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    t.connection$.next('reconnecting');
    const store = new ChatStore(t, ME, () => true);
    store.send(ROOM, 'survives a reload');
    store.dispose();
    const t2 = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    const sent: ChatMessage[] = [];
    t2.handlers.chat_message = ((req: { id: string; message: string }) => {
      sent.push(msg(2, { id: req.id, message: req.message, user: { id: ME, firstName: 'Emma', lastName: 'Ellis' } }));
      return sent.at(-1);
    }) as never;
    t2.handlers.chat_joinRoom = (() => page([msg(1), ...sent])) as never;
    t2.connection$.next('reconnecting');
    const again = new ChatStore(t2, ME, () => true);
    t2.connection$.next('connected');
    await tick(10);
    await again.open(ROOM);
    expect(sent.map((m) => m.message)).toEqual(['survives a reload']);
    expect(again.state.views[ROOM].messages.map((m) => m.message)).toEqual(['m1', 'survives a reload']);
    again.dispose();
  });

  it('counts unread for rooms not on screen and marks the open room seen', async () => {
    const t = serverWith([room(ROOM), room(OTHER, { order: 1 })], { [ROOM]: page([msg(1)]) });
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    t.push('chat_message', { roomId: OTHER, message: msg(1, { roomId: OTHER }) });
    t.push('chat_message', { roomId: OTHER, message: msg(2, { roomId: OTHER }) });
    expect(store.room(OTHER)!.unread).toBe(2);
    t.push('chat_message', { roomId: ROOM, message: msg(2) });
    expect(store.room(ROOM)!.unread).toBe(0);
    await tick(350);
    expect(t.count('chat_viewRoom')).toBeGreaterThan(0);
    store.dispose();
  });

  it('asks for what it missed when a change arrives ahead of an earlier one', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1)]) });
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    t.handlers.chat_joinRoom = ((req: { sinceRev?: number }) => ({
      ...page([msg(1), msg(2), msg(3)], 3),
      messages: [msg(2), msg(3)],
      sinceRev: req.sinceRev,
    })) as never;
    t.push('chat_message', { roomId: ROOM, message: msg(3) });
    await tick(450);
    const catchUp = t.calls.filter((c) => c.event === 'chat_joinRoom').at(-1)!;
    expect(catchUp.req).toEqual({ roomId: ROOM, sinceRev: 1 });
    expect(store.state.views[ROOM].messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(store.state.views[ROOM].syncedRev).toBe(3);
    store.dispose();
  });

  it('after a reconnect, reloads the rooms and catches the open room up from its synced rev', async () => {
    const t = serverWith([room(ROOM)], { [ROOM]: page([msg(1), msg(2)]) });
    const store = new ChatStore(t, ME, () => true);
    await store.open(ROOM);
    t.handlers.chat_joinRoom = (() => ({
      ...page([msg(1), msg(2), msg(3)], 4),
      messages: [msg(1, { rev: 4, message: 'm1 edited', edited: true }), msg(3)],
    })) as never;
    t.connection$.next('reconnecting');
    t.connection$.next('connected');
    await tick(10);
    expect(t.calls.filter((c) => c.event === 'chat_joinRoom').at(-1)!.req).toEqual({ roomId: ROOM, sinceRev: 2 });
    expect(store.state.views[ROOM].messages.map((m) => m.message)).toEqual(['m1 edited', 'm2', 'm3']);
    expect(t.count('chat_getRooms')).toBe(2);
    store.dispose();
  });

  it('applies room patches, removals and new rooms pushed by the server', async () => {
    const t = serverWith([room(ROOM), room(OTHER, { order: 1 })], {});
    const store = new ChatStore(t, ME, () => true);
    await tick();
    t.push('chat_room', { id: ROOM, title: 'Sales team' });
    expect(store.room(ROOM)!.title).toBe('Sales team');
    t.push('chat_removeRoom', { roomId: OTHER });
    expect(store.state.rooms.map((r) => r.id)).toEqual([ROOM]);
    t.push('chat_room', room(OTHER, { order: -1 }));
    expect(store.state.rooms.map((r) => r.id)).toEqual([OTHER, ROOM]);
    store.dispose();
  });
});
