import { z } from 'zod';
import { idSchema } from './common';

/** Team chat limits (spec section 9). */
export const CHAT_LIMITS = {
  /** Messages per page; Get More Messages shows when a room has older ones and at least this many loaded. */
  pageLimit: 10,
  /** Search submits from this many characters. */
  searchMin: 4,
  /** Avatars shown before "+N". */
  roomListAvatars: 10,
  headerAvatars: 20,
  /** A message can be edited or deleted by its author while it is younger than this. */
  editWindowMs: 24 * 3600_000,
  messageMax: 4000,
  titleMax: 80,
  searchResults: 50,
  /** Upload size limit. */
  uploadMaxBytes: 10 * 1024 * 1024,
  /** How many changes a reconnecting client may catch up on before it reloads the room instead. */
  catchUpMax: 500,
  /** Upload progress: 0-100 while sending, this value once the file is stored. */
  uploadReady: 101,
} as const;

/** Every text the chat shows or answers with, word for word. */
export const CHAT_MESSAGES = {
  sending: 'sending...',
  edited: 'edited',
  deleted: 'deleted',
  deletedBody: '...',
  gifRemoved: 'gif was removed',
  gifsNotConfigured: 'GIFs are not configured',
  uploadError: 'Error uploading file.',
  getMore: 'Get More Messages',
  notMember: 'You do not have access to perform this action.',
  roomNotFound: 'Room not found',
  messageNotFound: 'Message not found',
  onlyAuthor: 'Only the author can change this message',
  editWindow: 'Messages can only be changed within one day',
  gifNoEdit: 'GIF messages cannot be edited',
  statusNoChange: 'Status messages cannot be changed',
  messageDeleted: 'This message was deleted',
  emptyMessage: 'Type a message or attach a file',
  pickUser: 'Pick at least one user',
  directOneUser: 'A direct room is with exactly one other user',
  unknownUser: 'One of the users is not in this account',
  groupOnly: 'Only group rooms can be changed this way',
  renameNotAllowed: 'This room cannot be renamed',
  removeNotAllowed: 'Only the room creator or an admin can remove users',
  removeSelf: 'Use Leave to leave a room',
  notInRoom: 'That user is not in this room',
  alreadyMembers: 'Those users are already in this room',
  titleRequired: 'Title is required',
  invalidMessageId: 'Invalid message id',
  searchTooShort: 'Search needs at least 4 characters',
  fileTooLarge: 'File is too large. The limit is 10 MB.',
  fileTypeNotAllowed: 'This file type is not allowed',
  fileMissing: 'Choose a file to upload',
  unknownFile: 'An attachment is not in this room',
  invalidGif: 'Invalid GIF',
  invalidEmoji: 'Invalid reaction',
} as const;

export const CHAT_ROOM_FORMATS = ['group', 'direct'] as const;
export type ChatRoomFormat = (typeof CHAT_ROOM_FORMATS)[number];

/** Group rooms have a uuid; a direct room's id is `users:<a>:<b>` with the two user ids sorted. */
export const chatRoomIdSchema = z
  .string()
  .max(90)
  .regex(/^(users:[0-9a-f-]{36}:[0-9a-f-]{36}|[0-9a-f-]{36})$/i, 'Room not found');
export const directRoomId = (a: string, b: string) => `users:${[a, b].sort().join(':')}`;
/** Rename shows only for group rooms whose id has no 'users:'. */
export const canRenameRoom = (room: { id: string; format: ChatRoomFormat }) => room.format === 'group' && !room.id.includes('users:');

export const GIPHY_PREFIX = 'giphy:';
export const giphyIdOf = (text: string): string | null => (text.startsWith(GIPHY_PREFIX) ? text.slice(GIPHY_PREFIX.length) : null);
export const gifMessageSchema = z.string().regex(/^giphy:[A-Za-z0-9_-]{1,64}$/, CHAT_MESSAGES.invalidGif);

/** Someone as the chat shows them (avatars come from the peers list). */
export const chatUserSchema = z.object({ id: idSchema, firstName: z.string(), lastName: z.string() });
export type ChatUser = z.infer<typeof chatUserSchema>;

/** An attachment as stored: `url` is where members download it. */
export const chatFileSchema = z.object({ id: idSchema, name: z.string(), type: z.string(), size: z.number().int(), url: z.string() });
export type ChatFile = z.infer<typeof chatFileSchema>;

export const chatReactionSchema = z.object({ emoji: z.string(), by: z.array(idSchema) });
export type ChatReaction = z.infer<typeof chatReactionSchema>;

export const chatMessageSchema = z.object({
  /** Chosen by the sending client; the server stores each id once. */
  id: idSchema,
  roomId: z.string(),
  /** The room's order: every member shows messages by seq. */
  seq: z.number().int(),
  /** Bumped on every change (new, edit, delete, reaction): what a reconnecting client catches up from. */
  rev: z.number().int(),
  type: z.enum(['message', 'status']),
  user: chatUserSchema.nullable(),
  message: z.string(),
  edited: z.boolean(),
  deleted: z.boolean(),
  reactions: z.array(chatReactionSchema),
  /** Image attachments, shown inline. */
  media: z.array(chatFileSchema),
  /** Other attachments, offered for download. */
  files: z.array(chatFileSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.string(),
  format: z.enum(CHAT_ROOM_FORMATS),
  title: z.string(),
  createdBy: idSchema.nullable(),
  users: z.array(chatUserSchema),
  /** The asking user's unread count. */
  unread: z.number().int(),
  /** Members who have seen the latest message. */
  viewedBy: z.array(idSchema),
  /** Members who hid the room from their list. */
  hidden: z.array(idSchema),
  /** The asking user's position for the room in their list. */
  order: z.number().int(),
  muted: z.boolean(),
  lastSeq: z.number().int(),
  lastRev: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;
/** A change to a room the client already has (or, with every field, a room it does not). */
export type ChatRoomPatch = Partial<ChatRoom> & { id: string };

/** A page of a room's messages, oldest first. */
export interface ChatPage {
  room: ChatRoom;
  messages: ChatMessage[];
  /** Older messages exist before the first one. */
  hasMore: boolean;
  /** Newer messages exist after the last one (when opened around a search result). */
  hasNewer: boolean;
  /** The messages replace what the client had (its catch-up was too far behind). */
  reset: boolean;
}

export interface ChatSearchResult {
  roomId: string;
  roomTitle: string;
  message: ChatMessage;
}

/** Every chat socket request is answered through its acknowledgement. */
export type ChatAck<T> = { ok: true; data: T } | { ok: false; message: string };

const roomRef = z.object({ roomId: chatRoomIdSchema });
const messageRef = roomRef.extend({ messageId: idSchema });
const emojiSchema = z
  .string()
  .min(1, CHAT_MESSAGES.invalidEmoji)
  .max(16, CHAT_MESSAGES.invalidEmoji)
  .regex(/^[\p{Extended_Pictographic}\p{Emoji_Component}\u200d\ufe0f]+$/u, CHAT_MESSAGES.invalidEmoji);
const titleSchema = z.string().trim().min(1, CHAT_MESSAGES.titleRequired).max(CHAT_LIMITS.titleMax, `Title must be at most ${CHAT_LIMITS.titleMax} characters`);

export const chatSchemas = {
  createRoom: z.object({
    format: z.enum(CHAT_ROOM_FORMATS),
    userIds: z.array(idSchema).min(1, CHAT_MESSAGES.pickUser).max(500),
    title: titleSchema.optional(),
  }),
  joinRoom: roomRef.extend({ sinceRev: z.number().int().min(0).optional() }),
  viewRoom: roomRef,
  unviewRoom: roomRef,
  leaveRoom: roomRef,
  loadMore: roomRef.extend({ before: z.number().int().optional(), after: z.number().int().optional() }),
  message: roomRef.extend({
    id: idSchema,
    message: z.string().max(CHAT_LIMITS.messageMax, `Messages are at most ${CHAT_LIMITS.messageMax} characters`),
    fileIds: z.array(idSchema).max(10).default([]),
  }),
  reaction: messageRef.extend({ emoji: emojiSchema }),
  hideRoom: roomRef,
  updateRoom: roomRef.extend({ title: titleSchema }),
  removeUser: roomRef.extend({ userId: idSchema }),
  addUsers: roomRef.extend({ userIds: z.array(idSchema).min(1, CHAT_MESSAGES.pickUser).max(500) }),
  roomOrder: z.object({ roomIds: z.array(chatRoomIdSchema).max(1000) }),
  updateMessage: messageRef.extend({
    message: z.string().trim().min(1, CHAT_MESSAGES.emptyMessage).max(CHAT_LIMITS.messageMax, `Messages are at most ${CHAT_LIMITS.messageMax} characters`),
  }),
  deleteMessage: messageRef,
  search: z.object({ text: z.string().trim().min(CHAT_LIMITS.searchMin, CHAT_MESSAGES.searchTooShort).max(200) }),
  loadMessage: messageRef,
  getRooms: z.object({}).default({}),
  /** The asking user's own settings for a room. */
  update: roomRef.extend({ fields: z.object({ muted: z.boolean() }).strict() }),
} as const;

export type ChatRequest<K extends keyof typeof chatSchemas> = z.input<(typeof chatSchemas)[K]>;

/** POST /utilities/upload/chat/{roomId} answers with the stored file; `imageUrl` is its address. */
export const chatUploadResponseSchema = chatFileSchema.extend({ imageUrl: z.string() });
export type ChatUploadResponse = z.infer<typeof chatUploadResponseSchema>;

/** What can be attached: MIME type → extensions it may carry. */
export const CHAT_UPLOAD_TYPES: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
  'text/csv': ['csv'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/zip': ['zip'],
};
export const isInlineImage = (type: string) => ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(type);

export const gifSchema = z.object({ id: z.string(), title: z.string(), url: z.string(), previewUrl: z.string(), width: z.number(), height: z.number() });
export type Gif = z.infer<typeof gifSchema>;

/** Which nav badge a `badge` event sets. */
export const BADGE_NAMES = ['tasks', 'team', 'messages', 'phone'] as const;
export type BadgeName = (typeof BADGE_NAMES)[number];

/** What a room is called for one user: its title, or for a direct room the other person's name. */
export function roomDisplayTitle(room: { title: string; users: ChatUser[] }, userId: string): string {
  if (room.title) return room.title;
  const others = room.users.filter((u) => u.id !== userId);
  return (others.length ? others : room.users).map((u) => `${u.firstName} ${u.lastName}`.trim()).join(', ');
}

/** A message may be edited or deleted by its author while it is younger than one day. */
export function canChangeMessage(m: Pick<ChatMessage, 'type' | 'deleted' | 'user' | 'createdAt'>, userId: string, now = Date.now()): boolean {
  return m.type === 'message' && !m.deleted && m.user?.id === userId && now - new Date(m.createdAt).getTime() < CHAT_LIMITS.editWindowMs;
}
