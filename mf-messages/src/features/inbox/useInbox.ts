import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SmsMedia, SmsMessage, SmsRoom } from '@agency/contracts';
import { bus } from '@agency/bus';
import { busTransport, type InboxTransport } from './transport';

export interface InboxState {
  rooms: SmsRoom[] | null;
  error: string | null;
  activeId: string | null;
  messages: SmsMessage[];
  more: boolean;
  typing: string | null;
}

/** Total unread texts for the Messages tab, capped by the shell at 99. */
export const unreadTotal = (rooms: SmsRoom[]) => rooms.reduce((n, r) => n + r.unread, 0);

/** Rooms newest first; a pushed room keeps this screen's own unread count. */
export function mergeRoom(rooms: SmsRoom[], room: SmsRoom, unread?: number): SmsRoom[] {
  const old = rooms.find((r) => r.id === room.id);
  const merged = { ...room, unread: unread ?? old?.unread ?? 0 };
  return [merged, ...rooms.filter((r) => r.id !== room.id)].sort((a, b) => (b.lastMessageOn ?? '').localeCompare(a.lastMessageOn ?? ''));
}

/** Adds or replaces a text, in time order. */
export function mergeMessage(list: SmsMessage[], m: SmsMessage): SmsMessage[] {
  const rest = list.filter((x) => x.id !== m.id);
  return [...rest, m].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The room list asked for as the remote mounts on /messages, so it is on its way before the first render. */
let early: { transport: InboxTransport; at: number; rooms: Promise<SmsRoom[]> } | null = null;
const EARLY_FOR_MS = 2_000;

export function askRoomsEarly(transport: InboxTransport = busTransport): void {
  const rooms = transport.request('sms_rooms', {});
  rooms.catch(() => undefined); // a failure is met again by the inbox's own request
  early = { transport, at: Date.now(), rooms };
}

function takeEarlyRooms(transport: InboxTransport): Promise<SmsRoom[]> | null {
  const e = early;
  early = null;
  return e && e.transport === transport && Date.now() - e.at < EARLY_FOR_MS ? e.rooms : null;
}

/**
 * The shared inbox of this screen: the rooms with their unread counts, the open room's texts,
 * live updates from the socket (a text in another room raises its count; the open room's texts
 * change status in place), and the actions.
 */
export function useInbox(roomId: string | null, transport: InboxTransport = busTransport) {
  const [state, setState] = useState<InboxState>({ rooms: null, error: null, activeId: null, messages: [], more: false, typing: null });
  const active = useRef<string | null>(null);
  active.current = roomId;
  const oldest = useRef<string | undefined>(undefined);
  oldest.current = state.messages[0]?.createdAt;

  const loadRooms = useCallback(async () => {
    try {
      const rooms = await (takeEarlyRooms(transport) ?? transport.request('sms_rooms', {}));
      setState((s) => ({ ...s, rooms, error: null }));
    } catch (err) {
      setState((s) => ({ ...s, error: `Unable to load conversations: ${(err as Error).message}` }));
    }
  }, [transport]);

  // The rooms, again whenever the socket (re)connects.
  useEffect(() => {
    const sub = transport.connection$.subscribe((c) => c === 'connected' && void loadRooms());
    return () => sub.unsubscribe();
  }, [transport, loadRooms]);

  // The open room's page.
  useEffect(() => {
    if (!roomId) {
      setState((s) => ({ ...s, activeId: null, messages: [], more: false }));
      return;
    }
    let live = true;
    transport.request('sms_join_room', { roomId }).then(
      (page) =>
        live && setState((s) => ({ ...s, activeId: roomId, messages: page.messages, more: page.more, rooms: s.rooms && mergeRoom(s.rooms, page.room, 0) })),
      (err: unknown) => live && setState((s) => ({ ...s, activeId: roomId, messages: [], error: (err as Error).message })),
    );
    return () => {
      live = false;
    };
  }, [roomId, transport]);

  useEffect(() => {
    const subs = [
      transport.on('sms_room_update').subscribe(({ room, message }) => {
        const here = active.current === room.id;
        setState((s) => {
          const old = s.rooms?.find((r) => r.id === room.id);
          const unread = here ? 0 : (old?.unread ?? 0) + (message.flow === 'incoming' && !s.messages.some((m) => m.id === message.id) ? 1 : 0);
          return {
            ...s,
            rooms: mergeRoom(s.rooms ?? [], room, unread),
            messages: here ? mergeMessage(s.messages, message) : s.messages,
          };
        });
        // Reading a text as it arrives in the open room marks the room read on the server.
        if (here && message.flow === 'incoming') void transport.request('sms_room_extras', { roomId: room.id }).catch(() => undefined);
      }),
      transport.on('sms_room').subscribe((room) => setState((s) => ({ ...s, rooms: mergeRoom(s.rooms ?? [], room) }))),
      transport.on('sms_room_remove').subscribe(({ roomId: id }) => setState((s) => ({ ...s, rooms: (s.rooms ?? []).filter((r) => r.id !== id) }))),
      transport.on('sms_is_typing').subscribe(({ roomId: id, user }) => {
        if (id !== active.current) return;
        setState((s) => ({ ...s, typing: user.firstName }));
        setTimeout(() => setState((s) => ({ ...s, typing: null })), 5_000);
      }),
    ];
    return () => subs.forEach((x) => x.unsubscribe());
  }, [transport]);

  // The Messages tab badge.
  const total = useMemo(() => (state.rooms ? unreadTotal(state.rooms) : null), [state.rooms]);
  useEffect(() => {
    if (total !== null) bus.setBadge('messages', total);
  }, [total]);

  const actions = useMemo(
    () => ({
      reload: loadRooms,
      send: async (room: string, id: string, message: string, media: SmsMedia[] = []) => {
        const sent = await transport.request('sms_send_message', { roomId: room, id, message, media });
        setState((s) => ({ ...s, messages: active.current === room ? mergeMessage(s.messages, sent) : s.messages }));
        return sent;
      },
      resend: async (room: string, id: string) => {
        const sent = await transport.request('sms_resend_message', { roomId: room, id });
        setState((s) => ({ ...s, messages: mergeMessage(s.messages, sent) }));
      },
      loadOlder: async (room: string) => {
        const page = await transport.request('sms_load_more_messages', { roomId: room, before: oldest.current });
        setState((s) => ({ ...s, messages: [...page.messages, ...s.messages.filter((m) => !page.messages.some((p) => p.id === m.id))], more: page.more }));
      },
      createRoom: (phoneNumber: string, clientId: string | null) => transport.request('sms_create_room', { phoneNumber, clientId }),
      follow: (room: string, on: boolean) => transport.request(on ? 'sms_favorite' : 'sms_unfavorite', { roomId: room }),
      assign: (room: string, userId: string | null) => transport.request('sms_assign_room_to', { roomId: room, userId }),
      notifyTeam: (room: string) => transport.request('sms_notify_team', { roomId: room }),
      complete: (room: string) => transport.request('sms_status_room', { roomId: room, status: 'completed' }),
      search: (search: string) => transport.request('sms_search', { search }),
      typing: (room: string) => transport.typing(room),
    }),
    [transport, loadRooms],
  );
  return { ...state, actions };
}
