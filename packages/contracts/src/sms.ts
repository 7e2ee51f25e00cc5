import { z } from 'zod';
import { idSchema } from './common';
import { SMS_MESSAGE_STATUSES, SMS_MESSAGE_TYPES, SMS_MESSAGES } from './constants/sms';

/*
 * The shared SMS inbox (spec 001 §3 "SMS room", "SMS message"). Phone numbers travel as digits
 * with the country code (15125550142); the carrier sees E.164 (+15125550142).
 */

export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];
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

/** A North American number's area code begins with 2 to 9: +1-151-… is a mis-dial, never a conversation. */
export const isNanpNumber = (digits: string) => !digits.startsWith('1') || /^1[2-9]\d{9}$/.test(digits);
export const smsCreateRoomSchema = z.object({
  clientId: idSchema.nullable().default(null),
  phoneNumber: smsPhoneSchema.refine(isNanpNumber, SMS_MESSAGES.invalidNumber),
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
/** The carrier simulator: the next text the agency sends this client ends failed. */
export const simulatorFailNextSchema = z.object({ number: smsPhoneSchema });

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
