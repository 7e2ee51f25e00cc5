import { z } from 'zod';
import { idSchema } from './common';

/*
 * The shared SMS inbox (spec 001 §3 "SMS room", "SMS message"). Phone numbers travel as digits
 * with the country code (15125550142); the carrier sees E.164 (+15125550142).
 */

export const SMS_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];
export const SMS_MESSAGE_TYPES = ['message', 'scheduled', 'campaign', 'status', 'optin'] as const;
export type SmsMessageType = (typeof SMS_MESSAGE_TYPES)[number];

export interface SmsUserRef {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

export interface SmsMedia {
  format: string;
  info: string;
}

export interface SmsMessage {
  id: string;
  roomId: string;
  flow: 'incoming' | 'outgoing';
  type: SmsMessageType;
  /** The number that sent it (the client's, or the agency's). */
  by: string;
  message: string;
  media: SmsMedia[];
  status: SmsMessageStatus;
  /** Why the carrier did not deliver it. */
  error: string | null;
  scheduleFor: string | null;
  createdAt: string;
  campaign: string | null;
  user: SmsUserRef | null;
  client: string | null;
}

export interface SmsRoom {
  id: string;
  /** The client's number. */
  phoneNumber: string;
  /** The agency's number the room texts from. */
  agencyNumber: string;
  /** The client, and which person of the household the number is (the co-applicant's mobile is secondary). */
  client: { id: string; name: string; level: 'primary' | 'secondary' } | null;
  /** attention: a followed room has news; completed rooms leave the list. */
  status: 'open' | 'attention' | 'completed';
  lastMessageOn: string | null;
  lastMessage: string;
  /** Texts this user has not seen. */
  unread: number;
  favorited: Array<SmsUserRef & { lastViewedOn: string | null }>;
  assignedTo: SmsUserRef | null;
  optedOut: boolean;
}

export type SmsAck<T> = { ok: true; data: T } | { ok: false; message: string };

/** Unread texts are counted up to this many (a room's and the Messages tab's badge show 99+), so a count never reads a whole room's history. */
export const SMS_UNREAD_CAP = 100;

export const SMS_MESSAGES = {
  optedOut: 'This number has opted out of texts (they replied STOP). They can reply START to receive texts again.',
  disabled: 'Messaging is not enabled for this account.',
  noRoom: 'Error locating room',
  noAgencyNumber: 'The account has no phone number to text from. Add one under Account, Phone Numbers.',
  blocked: 'This number is blocked.',
  campaignNotVerified:
    'Held: carriers block texts from a number without a verified message campaign. Register one for this number under Account, Phone Numbers, then resend.',
  empty: 'Type a message or attach a picture.',
  searchTooShort: 'Needs to be at least 4 characters',
  mediaType: 'Only pictures (JPEG, PNG or GIF) can be texted.',
  mediaTooLarge: 'A picture to text must be 5 MB or less.',
  mediaUnknown: 'That picture was not uploaded here. Attach it again.',
} as const;

/** Pictures a text may carry (MMS): what carriers take, at most 5 MB each and 5 a text. */
export const SMS_MEDIA_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPerText: 5, types: ['image/jpeg', 'image/png', 'image/gif'] } as const;

/** An uploaded picture, ready to go in a text. */
export interface SmsUpload {
  format: string;
  /** The address the carrier fetches it from (public, unguessable). */
  info: string;
  name: string;
}

const digits = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length === 10 || v.length === 11, 'Enter a 10 or 11 digit phone number')
  .transform((v) => (v.length === 10 ? `1${v}` : v));

export const smsPhoneSchema = digits;

export const smsSendSchema = z.object({
  roomId: idSchema,
  /** Chosen by the sender: a retried send is stored once. */
  id: idSchema,
  message: z.string().max(1600),
  media: z
    .array(z.object({ format: z.string().max(100), info: z.string().max(2000) }))
    .max(5)
    .default([]),
});
export type SmsSendRequest = z.input<typeof smsSendSchema>;

export const smsCreateRoomSchema = z.object({
  clientId: idSchema.nullable().default(null),
  phoneNumber: smsPhoneSchema,
});
export type SmsCreateRoomRequest = z.input<typeof smsCreateRoomSchema>;

export const smsRoomRefSchema = z.object({ roomId: idSchema });
export const smsLoadMoreSchema = z.object({ roomId: idSchema, before: z.string().datetime().optional(), limit: z.number().int().min(1).max(100).default(30) });
export const smsSearchSchema = z.object({ search: z.string().trim().min(4, SMS_MESSAGES.searchTooShort).max(200) });
export const smsAssignSchema = z.object({ roomId: idSchema, userId: idSchema.nullable() });
export const smsStatusSchema = z.object({ roomId: idSchema, status: z.enum(['open', 'completed']) });
export const smsRoomUpdateSchema = z.object({ clientId: idSchema.nullable().optional(), status: z.enum(['open', 'completed']).optional() });

export interface SmsRoomPage {
  room: SmsRoom;
  messages: SmsMessage[];
  /** More, older messages exist. */
  more: boolean;
}

export interface SmsSearchHit {
  room: SmsRoom;
  matches: Array<{ id: string; message: string; flow: SmsMessage['flow']; createdAt: string }>;
}

/** The carrier simulator (owners and admins): play a client texting one of the agency's numbers. */
export const simulatorTextSchema = z.object({ from: smsPhoneSchema, to: smsPhoneSchema, body: z.string().min(1).max(1600) });
export type SimulatorText = z.input<typeof simulatorTextSchema>;

/** Words that opt a number out of texts, back in, or ask for help (carrier rules). */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_WORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

/** Scheduled messages (spec 001 §3, §5): at least 30 minutes ahead, on 15-minute steps. */
export const SCHEDULE_MIN_AHEAD_MINUTES = 30;
export const SCHEDULE_STEP_MINUTES = 15;
export const SCHEDULE_MESSAGES = {
  allRequired: 'All fields are required',
  noRoom: 'Error locating room',
  failed: "Unable to schedule message to contact. Please ensure they have a mobile phone assign and that they haven't opted out of receiving messages.",
  tooSoon: `A scheduled text must be at least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes from now.`,
  step: `A scheduled text goes out on a ${SCHEDULE_STEP_MINUTES}-minute step.`,
  cancelled: 'Scheduled message cancelled',
  scheduled: 'Message scheduled',
} as const;

export const scheduledMessageSchema = z.object({
  /** When to send (ISO). */
  date: z.string().nullable().optional(),
  message: z.string().max(1600).nullable().optional(),
  messageTo: z.string().max(20).nullable().optional(),
  client: idSchema.nullable().optional(),
  smsRoom: idSchema.nullable().optional(),
});
export type ScheduledMessageInput = z.input<typeof scheduledMessageSchema>;

export interface ScheduledMessage {
  id: string;
  date: string;
  message: string;
  messageTo: string;
  client: string | null;
  smsRoom: string | null;
  messageStatus: 'pending' | 'completed' | 'cancelled';
  createdAt: string;
}
