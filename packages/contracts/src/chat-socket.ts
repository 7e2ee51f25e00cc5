import type { BadgeName, ChatAck, ChatMessage, ChatPage, ChatRequest, ChatRoom, ChatRoomPatch, ChatSearchResult } from './chat';

type Ask<K extends string, Req, Res> = Record<K, (req: Req, ack: (res: ChatAck<Res>) => void) => void>;

/** A desktop notification the bus shows when the window is blurred and the user is available. */
export interface DesktopNotice {
  title: string;
  body: string;
  link?: string;
  /** Notices with the same tag replace each other. */
  tag?: string;
}

declare module './socket' {
  /** Team chat: what the server sends. */
  interface ServerToClientEvents {
    chat_rooms: (rooms: ChatRoom[]) => void;
    chat_room: (room: ChatRoomPatch) => void;
    chat_removeRoom: (ref: { roomId: string }) => void;
    chat_message: (event: { roomId: string; message: ChatMessage }) => void;
    chat_messageUpdate: (event: { roomId: string; message: ChatMessage }) => void;
    /** Sets one nav badge (the Team tab's unread chat, ...). */
    badge: (badge: { name: BadgeName; count: number }) => void;
    notify: (notice: DesktopNotice) => void;
  }

  /** Team chat: what the client asks; every request is answered through its acknowledgement. */
  interface ClientToServerEvents
    extends
      Ask<'chat_createRoom', ChatRequest<'createRoom'>, ChatRoom>,
      Ask<'chat_joinRoom', ChatRequest<'joinRoom'>, ChatPage>,
      Ask<'chat_viewRoom', ChatRequest<'viewRoom'>, ChatRoomPatch>,
      Ask<'chat_unviewRoom', ChatRequest<'unviewRoom'>, ChatRoomPatch>,
      Ask<'chat_leaveRoom', ChatRequest<'leaveRoom'>, { roomId: string }>,
      Ask<'chat_loadMore', ChatRequest<'loadMore'>, ChatPage>,
      Ask<'chat_message', ChatRequest<'message'>, ChatMessage>,
      Ask<'chat_reaction', ChatRequest<'reaction'>, ChatMessage>,
      Ask<'chat_hideRoom', ChatRequest<'hideRoom'>, ChatRoomPatch>,
      Ask<'chat_updateRoom', ChatRequest<'updateRoom'>, ChatRoom>,
      Ask<'chat_removeUser', ChatRequest<'removeUser'>, ChatRoom>,
      Ask<'chat_addUsers', ChatRequest<'addUsers'>, ChatRoom>,
      Ask<'chat_roomOrder', ChatRequest<'roomOrder'>, ChatRoom[]>,
      Ask<'chat_updateMessage', ChatRequest<'updateMessage'>, ChatMessage>,
      Ask<'chat_deleteMessage', ChatRequest<'deleteMessage'>, ChatMessage>,
      Ask<'chat_search', ChatRequest<'search'>, ChatSearchResult[]>,
      Ask<'chat_loadMessage', ChatRequest<'loadMessage'>, ChatPage>,
      Ask<'chat_getRooms', ChatRequest<'getRooms'>, ChatRoom[]>,
      Ask<'chat_update', ChatRequest<'update'>, ChatRoomPatch> {}
}
