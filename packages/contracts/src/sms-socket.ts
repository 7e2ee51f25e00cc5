import type { SmsAck, SmsCreateRoomRequest, SmsMessage, SmsRoom, SmsRoomPage, SmsSearchHit, SmsSendRequest } from './sms';

type Ask<K extends string, Req, Res> = Record<K, (req: Req, ack: (res: SmsAck<Res>) => void) => void>;

declare module './socket' {
  /** The SMS inbox: what the server sends. */
  interface ServerToClientEvents {
    sms_rooms: (rooms: SmsRoom[]) => void;
    sms_room: (room: SmsRoom) => void;
    /** A text in a room was added or changed (a new text, a delivery status). */
    sms_room_update: (event: { room: SmsRoom; message: SmsMessage }) => void;
    sms_room_remove: (ref: { roomId: string }) => void;
    sms_disabled: (event: { message: string }) => void;
    sms_is_typing: (event: { roomId: string; user: { id: string; firstName: string } }) => void;
  }

  /** The SMS inbox: what the client asks; answered through the acknowledgement. */
  interface ClientToServerEvents
    extends
      Ask<'sms_rooms', Record<string, never>, SmsRoom[]>,
      Ask<'sms_create_room', SmsCreateRoomRequest, SmsRoom>,
      Ask<'sms_join_room', { roomId: string }, SmsRoomPage>,
      Ask<'sms_load_more_messages', { roomId: string; before?: string; limit?: number }, SmsRoomPage>,
      Ask<'sms_send_message', SmsSendRequest, SmsMessage>,
      Ask<'sms_resend_message', { roomId: string; id: string }, SmsMessage>,
      Ask<'sms_favorite', { roomId: string }, SmsRoom>,
      Ask<'sms_unfavorite', { roomId: string }, SmsRoom>,
      Ask<'sms_assign_room_to', { roomId: string; userId: string | null }, SmsRoom>,
      Ask<'sms_notify_team', { roomId: string }, SmsRoom>,
      Ask<'sms_status_room', { roomId: string; status: 'open' | 'completed' }, SmsRoom>,
      Ask<'sms_search', { search: string }, SmsSearchHit[]>,
      Ask<'sms_search_load_message', { roomId: string; messageId: string }, SmsRoomPage>,
      Ask<'sms_room_extras', { roomId: string }, SmsRoom> {
    sms_is_typing: (event: { roomId: string }) => void;
  }
}
