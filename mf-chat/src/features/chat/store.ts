import { BehaviorSubject, Subscription, distinctUntilChanged, pairwise } from 'rxjs';
import type { ChatMessage, ChatPage, ChatRoom, ChatRoomPatch, ChatUser } from '@agency/contracts';
import { CHAT_LIMITS } from '@agency/contracts';
import { newId } from './ids';
import { outboxStore, type OutboxEntry } from './storage';
import { NoAnswerError, type ChatTransport } from './transport';

/** A message as the screen shows it: a pending or failed one is still only ours. */
export type LocalMessage = ChatMessage & { status?: 'pending' | 'error'; error?: string };

export interface RoomView {
  messages: LocalMessage[];
  /** Older messages exist (Get More Messages). */
  hasMore: boolean;
  /** Newer messages exist after the last shown (opened around a search result). */
  hasNewer: boolean;
  loading: boolean;
  /** Every change up to this rev is in `messages`; null while not following the room live. */
  syncedRev: number | null;
  /** The message to bring into view and mark (a search result). */
  highlight: string | null;
  error: string | null;
}

export interface ChatState {
  rooms: ChatRoom[];
  roomsLoaded: boolean;
  roomsError: string | null;
  activeRoomId: string | null;
  views: Record<string, RoomView>;
}

const emptyView = (): RoomView => ({ messages: [], hasMore: false, hasNewer: false, loading: true, syncedRev: null, highlight: null, error: null });
const bySeq = (a: LocalMessage, b: LocalMessage) =>
  a.status && !b.status ? 1 : !a.status && b.status ? -1 : a.seq - b.seq || a.createdAt.localeCompare(b.createdAt);
const sortRooms = (rooms: ChatRoom[]) => [...rooms].sort((a, b) => a.order - b.order || b.createdAt.localeCompare(a.createdAt));

/** Puts messages into a list: one per id, newest rev wins, in the room's order (ours not yet stored last). */
export function mergeMessages(list: LocalMessage[], incoming: ChatMessage[], opts: { keepOlderThanFirst?: boolean } = {}): LocalMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  const firstSeq = list.find((m) => !m.status)?.seq;
  for (const m of incoming) {
    const had = byId.get(m.id);
    if (had && !had.status && had.rev > m.rev) continue;
    if (!had && firstSeq !== undefined && m.seq < firstSeq && !opts.keepOlderThanFirst) continue; // outside the loaded window
    byId.set(m.id, m);
  }
  return [...byId.values()].sort(bySeq);
}

/**
 * The chat's state and its conversation with the server. Sends carry a client-made id and wait in
 * an outbox (kept in this browser) until the server acknowledges them; after a reconnect the outbox
 * is sent again and every followed room catches up on what changed, so nothing is lost or doubled.
 */
export class ChatStore {
  readonly state$: BehaviorSubject<ChatState>;
  private readonly subs = new Subscription();
  private outbox: OutboxEntry[];
  private readonly inFlight = new Set<string>();
  private readonly gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private viewTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly transport: ChatTransport,
    readonly userId: string,
    private readonly hasFocus: () => boolean = () => typeof document !== 'undefined' && document.hasFocus(),
  ) {
    this.state$ = new BehaviorSubject<ChatState>({ rooms: [], roomsLoaded: false, roomsError: null, activeRoomId: null, views: {} });
    this.outbox = outboxStore.load(userId);
    this.subs.add(transport.on('chat_rooms').subscribe((rooms) => this.setRooms(rooms)));
    this.subs.add(transport.on('chat_room').subscribe((patch) => this.patchRoom(patch)));
    this.subs.add(transport.on('chat_removeRoom').subscribe(({ roomId }) => this.dropRoom(roomId)));
    this.subs.add(transport.on('chat_message').subscribe(({ roomId, message }) => this.receive(roomId, message, true)));
    this.subs.add(transport.on('chat_messageUpdate').subscribe(({ roomId, message }) => this.receive(roomId, message, false)));
    this.subs.add(
      transport.connection$.pipe(distinctUntilChanged(), pairwise()).subscribe(([before, now]) => {
        if (now === 'connected' && before !== 'connected') void this.resync();
      }),
    );
    if (transport.connection$.value === 'connected') void this.loadRooms();
  }

  get state(): ChatState {
    return this.state$.value;
  }

  dispose() {
    this.subs.unsubscribe();
    for (const t of this.gapTimers.values()) clearTimeout(t);
    if (this.viewTimer) clearTimeout(this.viewTimer);
  }

  private set(patch: Partial<ChatState>) {
    this.state$.next({ ...this.state, ...patch });
  }

  private setView(roomId: string, patch: Partial<RoomView>) {
    const view = this.state.views[roomId] ?? emptyView();
    this.set({ views: { ...this.state.views, [roomId]: { ...view, ...patch } } });
  }

  room(roomId: string | null): ChatRoom | undefined {
    return roomId ? this.state.rooms.find((r) => r.id === roomId) : undefined;
  }

  // ---- rooms ----------------------------------------------------------------------------------

  async loadRooms() {
    try {
      const rooms = await this.transport.request('chat_getRooms', {});
      this.setRooms(rooms);
      this.set({ roomsError: null });
    } catch (err) {
      this.set({ roomsLoaded: true, roomsError: err instanceof Error ? err.message : String(err) });
    }
  }

  private setRooms(rooms: ChatRoom[]) {
    this.set({ rooms: sortRooms(rooms), roomsLoaded: true });
    this.flushOutboxViews();
  }

  private patchRoom(patch: ChatRoomPatch) {
    const rooms = this.state.rooms;
    const had = rooms.some((r) => r.id === patch.id);
    if (had) {
      this.set({ rooms: sortRooms(rooms.map((r) => (r.id === patch.id ? { ...r, ...patch } : r))) });
    } else if ('format' in patch && 'users' in patch && 'order' in patch) {
      this.set({ rooms: sortRooms([...rooms, patch as ChatRoom]) });
    } else {
      void this.loadRooms();
    }
  }

  private dropRoom(roomId: string) {
    const views = { ...this.state.views };
    delete views[roomId];
    this.set({
      rooms: this.state.rooms.filter((r) => r.id !== roomId),
      views,
      activeRoomId: this.state.activeRoomId === roomId ? null : this.state.activeRoomId,
    });
  }

  createRoom(format: ChatRoom['format'], userIds: string[], title?: string) {
    return this.transport.request('chat_createRoom', { format, userIds, title: title?.trim() || undefined }).then((room) => {
      this.patchRoom(room);
      return room;
    });
  }

  renameRoom(roomId: string, title: string) {
    return this.transport.request('chat_updateRoom', { roomId, title }).then((room) => this.patchRoom(room));
  }

  addUsers(roomId: string, userIds: string[]) {
    return this.transport.request('chat_addUsers', { roomId, userIds }).then((room) => this.patchRoom(room));
  }

  removeUser(roomId: string, userId: string) {
    return this.transport.request('chat_removeUser', { roomId, userId }).then((room) => this.patchRoom(room));
  }

  leaveRoom(roomId: string) {
    return this.transport.request('chat_leaveRoom', { roomId }).then(() => this.dropRoom(roomId));
  }

  hideRoom(roomId: string) {
    return this.transport.request('chat_hideRoom', { roomId }).then((patch) => this.patchRoom(patch));
  }

  markUnread(roomId: string) {
    return this.transport.request('chat_unviewRoom', { roomId }).then((patch) => this.patchRoom(patch));
  }

  setMuted(roomId: string, muted: boolean) {
    return this.transport.request('chat_update', { roomId, fields: { muted } }).then((patch) => this.patchRoom(patch));
  }

  /** Saves a new order of the visible rooms (hidden ones keep their places after them). */
  reorder(visibleIds: string[]) {
    const rest = this.state.rooms.filter((r) => !visibleIds.includes(r.id)).map((r) => r.id);
    const roomIds = [...visibleIds, ...rest];
    const position = new Map(roomIds.map((id, i) => [id, i + 1]));
    this.set({ rooms: sortRooms(this.state.rooms.map((r) => ({ ...r, order: position.get(r.id) ?? r.order }))) });
    return this.transport.request('chat_roomOrder', { roomIds }).then((rooms) => this.setRooms(rooms));
  }

  // ---- opening rooms --------------------------------------------------------------------------

  /** Makes a room the one on screen: loads it, or catches up on it, and marks it seen. */
  async open(roomId: string | null, messageId?: string | null) {
    this.set({ activeRoomId: roomId });
    if (!roomId) return;
    if (messageId) return this.openAround(roomId, messageId);
    const view = this.state.views[roomId];
    if (view && view.syncedRev !== null && !view.hasNewer) {
      this.setView(roomId, { highlight: null });
      await this.catchUp(roomId);
    } else {
      await this.join(roomId);
    }
    this.markSeenSoon();
  }

  private apply(roomId: string, page: ChatPage, messages: LocalMessage[], extra: Partial<RoomView> = {}) {
    this.patchRoom(page.room);
    this.setView(roomId, { messages, loading: false, error: null, ...extra });
    this.flushOutboxViews();
  }

  private async join(roomId: string) {
    this.setView(roomId, { loading: true, error: null, highlight: null });
    try {
      const page = await this.transport.request('chat_joinRoom', { roomId });
      this.apply(roomId, page, mergeMessages([], page.messages), { hasMore: page.hasMore, hasNewer: false, syncedRev: page.room.lastRev });
    } catch (err) {
      this.setView(roomId, { loading: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private async openAround(roomId: string, messageId: string) {
    this.setView(roomId, { loading: true, error: null });
    try {
      const page = await this.transport.request('chat_loadMessage', { roomId, messageId });
      this.apply(roomId, page, mergeMessages([], page.messages), {
        hasMore: page.hasMore,
        hasNewer: page.hasNewer,
        syncedRev: page.hasNewer ? null : page.room.lastRev,
        highlight: messageId,
      });
      this.markSeenSoon();
    } catch (err) {
      this.setView(roomId, { loading: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Fetches everything new or changed in a followed room since its synced rev. */
  private async catchUp(roomId: string) {
    const view = this.state.views[roomId];
    if (!view || view.syncedRev === null) return this.join(roomId);
    try {
      const page = await this.transport.request('chat_joinRoom', { roomId, sinceRev: view.syncedRev });
      const current = this.state.views[roomId] ?? emptyView();
      if (page.reset) {
        this.apply(
          roomId,
          page,
          mergeMessages(
            current.messages.filter((m) => m.status),
            page.messages,
          ),
          { hasMore: page.hasMore, syncedRev: page.room.lastRev },
        );
      } else {
        this.apply(roomId, page, mergeMessages(current.messages, page.messages), { syncedRev: Math.max(page.room.lastRev, current.syncedRev ?? 0) });
      }
    } catch (err) {
      if (!(err instanceof NoAnswerError)) this.setView(roomId, { error: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Get More Messages: the page before the oldest shown. */
  async loadOlder(roomId: string) {
    const view = this.state.views[roomId];
    const oldest = view?.messages.find((m) => !m.status);
    if (!view || !oldest) return;
    const page = await this.transport.request('chat_loadMore', { roomId, before: oldest.seq });
    const current = this.state.views[roomId]!;
    this.setView(roomId, { messages: mergeMessages(current.messages, page.messages, { keepOlderThanFirst: true }), hasMore: page.hasMore });
  }

  /** Show Newer Messages, after opening around a search result; back to live once at the end. */
  async loadNewer(roomId: string) {
    const view = this.state.views[roomId];
    const newest = view?.messages.filter((m) => !m.status).at(-1);
    if (!view || !newest) return;
    const page = await this.transport.request('chat_loadMore', { roomId, after: newest.seq });
    const current = this.state.views[roomId]!;
    this.setView(roomId, { messages: mergeMessages(current.messages, page.messages), hasNewer: page.hasNewer });
    if (!page.hasNewer) {
      this.setView(roomId, { syncedRev: page.room.lastRev });
      this.markSeenSoon();
    }
  }

  /** Back to the latest messages of the room, following it live. */
  jumpToLatest(roomId: string) {
    return this.join(roomId);
  }

  /** Marks the active room seen (soon, once), when the window has focus. */
  markSeenSoon() {
    if (this.viewTimer) clearTimeout(this.viewTimer);
    this.viewTimer = setTimeout(() => {
      this.viewTimer = null;
      const roomId = this.state.activeRoomId;
      const room = this.room(roomId);
      if (!roomId || !room || !this.hasFocus()) return;
      if (room.unread === 0 && room.viewedBy.includes(this.userId) && !room.hidden.includes(this.userId)) return;
      this.transport.request('chat_viewRoom', { roomId }).then(
        (patch) => this.patchRoom(patch),
        () => undefined,
      );
    }, 300);
  }

  // ---- incoming -------------------------------------------------------------------------------

  private receive(roomId: string, message: ChatMessage, isNew: boolean) {
    const room = this.room(roomId);
    if (!room) {
      void this.loadRooms();
    } else if (isNew && message.seq > room.lastSeq) {
      const mine = message.user?.id === this.userId;
      const countsAsUnread = message.type === 'message' && !mine && !(roomId === this.state.activeRoomId && this.hasFocus());
      this.patchRoom({
        id: roomId,
        lastSeq: message.seq,
        lastMessageAt: message.createdAt,
        unread: countsAsUnread ? room.unread + 1 : room.unread,
        viewedBy: message.type === 'message' && message.user ? [message.user.id] : room.viewedBy,
        hidden: message.type === 'message' ? [] : room.hidden,
      });
    }
    this.dropFromOutbox(message.id);
    const view = this.state.views[roomId];
    if (!view || view.syncedRev === null) return; // not shown, or not following live (opened around a search result)
    const messages = mergeMessages(view.messages, [message]);
    let syncedRev = view.syncedRev;
    if (message.rev === syncedRev + 1) syncedRev = message.rev;
    this.setView(roomId, { messages, syncedRev });
    if (message.rev > syncedRev) this.scheduleCatchUp(roomId);
    if (roomId === this.state.activeRoomId && isNew && message.user?.id !== this.userId) this.markSeenSoon();
  }

  /** A change arrived ahead of one before it: wait briefly for the missing one, then ask for it. */
  private scheduleCatchUp(roomId: string) {
    if (this.gapTimers.has(roomId)) return;
    this.gapTimers.set(
      roomId,
      setTimeout(() => {
        this.gapTimers.delete(roomId);
        const view = this.state.views[roomId];
        if (!view || view.syncedRev === null) return;
        const seenRevs = new Set(view.messages.map((m) => m.rev));
        let rev = view.syncedRev;
        while (seenRevs.has(rev + 1)) rev++;
        const top = Math.max(0, ...view.messages.filter((m) => !m.status).map((m) => m.rev));
        if (rev >= top) this.setView(roomId, { syncedRev: rev });
        else void this.catchUp(roomId);
      }, 400),
    );
  }

  /** After a reconnect: fresh room list, the followed rooms caught up, the outbox sent again. */
  async resync() {
    await this.loadRooms();
    const active = this.state.activeRoomId;
    // Rooms not on screen catch up when they are opened again.
    if (active && this.room(active)) await this.catchUp(active);
    for (const entry of this.outbox) if (!entry.refused) void this.attempt(entry.id);
  }

  // ---- sending --------------------------------------------------------------------------------

  private saveOutbox() {
    outboxStore.save(this.userId, this.outbox);
  }

  private localCopy(entry: OutboxEntry, status: 'pending' | 'error', error?: string): LocalMessage {
    const me = this.room(entry.roomId)?.users.find((u) => u.id === this.userId);
    const user: ChatUser = me ?? { id: this.userId, firstName: '', lastName: '' };
    return {
      id: entry.id,
      roomId: entry.roomId,
      seq: Number.MAX_SAFE_INTEGER,
      rev: 0,
      type: 'message',
      user,
      message: entry.message,
      edited: false,
      deleted: false,
      reactions: [],
      media: [],
      files: [],
      createdAt: entry.createdAt,
      status,
      error,
    };
  }

  /** Shows every outbox message in its room's view (after a reload, or once a room loads). */
  private flushOutboxViews() {
    for (const entry of this.outbox) {
      const view = this.state.views[entry.roomId];
      if (!view || view.messages.some((m) => m.id === entry.id)) continue;
      const copy = this.localCopy(entry, entry.refused ? 'error' : 'pending', entry.refused);
      this.setView(entry.roomId, { messages: [...view.messages, copy].sort(bySeq) });
    }
  }

  private markLocal(roomId: string, id: string, status: 'pending' | 'error', error?: string) {
    const view = this.state.views[roomId];
    if (!view) return;
    this.setView(roomId, { messages: view.messages.map((m) => (m.id === id && m.status ? { ...m, status, error } : m)) });
  }

  private dropFromOutbox(id: string) {
    if (!this.outbox.some((e) => e.id === id)) return;
    this.outbox = this.outbox.filter((e) => e.id !== id);
    this.saveOutbox();
  }

  /** Sends a message: shown at once as 'sending...', kept until the server has it. */
  send(roomId: string, text: string, fileIds: string[] = []): string {
    const entry: OutboxEntry = { id: newId(), roomId, message: text, fileIds, createdAt: new Date().toISOString() };
    this.outbox = [...this.outbox, entry];
    this.saveOutbox();
    const view = this.state.views[roomId] ?? emptyView();
    this.setView(roomId, { messages: [...view.messages, this.localCopy(entry, 'pending')].sort(bySeq) });
    void this.attempt(entry.id);
    return entry.id;
  }

  /** Retry of a message that failed. */
  retry(id: string) {
    const entry = this.outbox.find((e) => e.id === id);
    if (!entry) return;
    if (entry.refused) {
      entry.refused = undefined;
      this.saveOutbox();
    }
    void this.attempt(id);
  }

  /** Gives up on a message that was not sent. */
  discard(id: string) {
    const entry = this.outbox.find((e) => e.id === id);
    if (!entry) return;
    this.dropFromOutbox(id);
    const view = this.state.views[entry.roomId];
    if (view) this.setView(entry.roomId, { messages: view.messages.filter((m) => m.id !== id) });
  }

  private async attempt(id: string) {
    const entry = this.outbox.find((e) => e.id === id);
    if (!entry || this.inFlight.has(id)) return;
    this.markLocal(entry.roomId, id, 'pending');
    if (this.transport.connection$.value !== 'connected') return; // sent again on reconnect
    this.inFlight.add(id);
    try {
      const stored = await this.transport.request('chat_message', { roomId: entry.roomId, id, message: entry.message, fileIds: entry.fileIds });
      this.dropFromOutbox(id);
      const view = this.state.views[entry.roomId];
      if (view) this.receive(entry.roomId, stored, true);
    } catch (err) {
      if (err instanceof NoAnswerError) {
        this.markLocal(entry.roomId, id, 'error', err.message);
      } else {
        const message = err instanceof Error ? err.message : String(err);
        entry.refused = message;
        this.saveOutbox();
        this.markLocal(entry.roomId, id, 'error', message);
      }
    } finally {
      this.inFlight.delete(id);
    }
  }

  // ---- changing messages ----------------------------------------------------------------------

  private applyUpdate(roomId: string, message: ChatMessage) {
    this.receive(roomId, message, false);
  }

  editMessage(roomId: string, messageId: string, text: string) {
    return this.transport.request('chat_updateMessage', { roomId, messageId, message: text }).then((m) => this.applyUpdate(roomId, m));
  }

  deleteMessage(roomId: string, messageId: string) {
    return this.transport.request('chat_deleteMessage', { roomId, messageId }).then((m) => this.applyUpdate(roomId, m));
  }

  react(roomId: string, messageId: string, emoji: string) {
    return this.transport.request('chat_reaction', { roomId, messageId, emoji }).then((m) => this.applyUpdate(roomId, m));
  }

  search(text: string) {
    return this.transport.request('chat_search', { text });
  }
}

export const PAGE_LIMIT = CHAT_LIMITS.pageLimit;
