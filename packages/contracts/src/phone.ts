import { z } from 'zod';
import { userRefSchema } from './clientFields';
import { isDialable, CALLER_VERIFICATIONS, CALL_FORMATS, CALL_STATUSES, CALL_LOG_VIEWS, CALL_LOG_PAGE_SIZES } from './constants/phone';

/*
 * The phone (spec 000 "Phone drawer and call UI", §7 "Phone"; spec 001 "Call log", "Call log
 * entry"). Calls are logged once per call as the carrier reports them.
 */

export const phoneTokenSchema = z.object({
  token: z.string(),
  identity: z.string(),
  ttl: z.number(),
  /**
   * The local carrier's signalling host:port (the Device connects to wss://{chunderw}/signal);
   * null with Twilio, whose Device finds its own edge.
   */
  chunderw: z.string().nullable(),
  /** The page that lets this browser trust the local carrier's own certificate; null with Twilio. */
  trustUrl: z.string().nullable(),
});
export type PhoneToken = z.infer<typeof phoneTokenSchema>;
export type CallFormat = (typeof CALL_FORMATS)[number];
export type CallStatus = (typeof CALL_STATUSES)[number];
export type CallerVerification = (typeof CALLER_VERIFICATIONS)[number];

export const callLogEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  format: z.enum(CALL_FORMATS),
  status: z.enum(CALL_STATUSES),
  direction: z.enum(['incoming', 'outgoing']),
  /** The client's number (11 digits). */
  phoneNumber: z.string(),
  /** The agency's number the call used (11 digits). */
  agencyNumber: z.string().nullable(),
  /** Who answered or placed it. */
  user: userRefSchema.nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** How many tags the call's client carries (0 without a client). */
  tags: z.number().int(),
  accountLocation: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** 'main' means none. */
  ivr: z.string(),
  callDuration: z.number(),
  errorMessage: z.string().nullable(),
  /** The recording, when the call was recorded and the recording not deleted. */
  recording: z.object({ sid: z.string(), duration: z.number() }).nullable(),
  viewedBy: userRefSchema.nullable(),
  viewedOn: z.string().nullable(),
  /** What the carrier said of the caller (incoming calls); null when it said nothing. */
  verification: z.enum(CALLER_VERIFICATIONS).nullable(),
  /** When the call became a conference: who joined it (staff, or a number), and for how long (seconds). */
  conference: z
    .object({ participants: z.array(z.object({ user: userRefSchema.nullable(), phoneNumber: z.string().nullable(), duration: z.number() })) })
    .nullable(),
});
export type CallLogEntry = z.infer<typeof callLogEntrySchema>;
export type CallLogView = (typeof CALL_LOG_VIEWS)[number];
export const callLogQuerySchema = z.object({
  view: z.enum(CALL_LOG_VIEWS).default('missed'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CALL_LOG_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 5, 10, 25 or 50')
    .default(25),
  /** 'contains' filters. */
  phoneNumber: z.string().trim().max(20).optional(),
  status: z.enum(CALL_STATUSES).optional(),
  direction: z.enum(['incoming', 'outgoing']).optional(),
  /** One contact's calls (the contact record's Recordings tab). */
  clientId: z.uuid({ error: 'Contact not found' }).optional(),
});
export type CallLogQuery = z.input<typeof callLogQuerySchema>;
export const callLogPageSchema = z.object({ items: z.array(callLogEntrySchema), total: z.number() });
export type CallLogPage = z.infer<typeof callLogPageSchema>;

/** The phone button by status (spec 000 §2). */
export type PhoneButtonStatus = 'pending' | 'open' | 'ringing' | 'connected' | 'ready' | 'closed' | 'reconnecting' | 'connecting' | 'offline';

/** POST /phone/outgoing/location: the location a number's contact is served from, when it has one. */
export const outgoingLocationInputSchema = z.object({
  To: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .transform((s) => (s.length === 10 ? `1${s}` : s))
    .refine(isDialable, 'Enter a phone number of 10 or 11 digits'),
});
export const outgoingLocationSchema = z.object({
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The contact the number belongs to, so a call dialled on the keypad is theirs too (absent from servers before it). */
  client: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type OutgoingLocation = z.infer<typeof outgoingLocationSchema>;

/** The carrier simulator: a person plays a client's phone (owners and admins, local carrier only). */
export const simulatorTokenInputSchema = z.object({
  phoneNumber: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .transform((s) => (s.length === 10 ? `1${s}` : s))
    .refine(isDialable, 'Enter a phone number of 10 or 11 digits'),
});

/**
 * A location's call queue (spec 000 "Queues"): callers nobody answered, waiting with hold music.
 * `id` is the location's; `sid` the carrier's queue name; averageWaitTime in seconds.
 */
export const phoneQueueSchema = z.object({
  id: z.string(),
  sid: z.string(),
  friendlyName: z.string(),
  currentSize: z.number(),
  averageWaitTime: z.number(),
});
export type PhoneQueue = z.infer<typeof phoneQueueSchema>;
export const phoneQueuesSchema = z.object({ items: z.array(phoneQueueSchema) });

/*
 * Conference calls (spec 000 §3 "Conference", "Participant"; §7 "Phone"): a call becomes a
 * conference when someone adds a participant or puts the other side on hold. Staff are labelled
 * client:{userId}; anyone else by their number (11 digits).
 */
export const conferenceParticipantSchema = z.object({
  label: z.string(),
  type: z.enum(['user', 'client']),
  /** ringing until they answer; left once they hung up, were removed or did not answer. */
  status: z.enum(['ringing', 'joined', 'left']),
  isHost: z.boolean(),
  muted: z.boolean(),
  onHold: z.boolean(),
  /** A coach: heard only by the person they coach. */
  coaching: z.boolean(),
  /** The participant's call at the carrier (a browser finds itself by it). */
  callSid: z.string().nullable(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type ConferenceParticipant = z.infer<typeof conferenceParticipantSchema>;

export const conferenceSchema = z.object({
  /** The call's id in the call log. */
  phoneId: z.string(),
  /** The conference's name at the carrier. */
  sid: z.string(),
  hasRecording: z.boolean(),
  isRecording: z.boolean(),
  /** Everyone but the person who held the call hears hold music. */
  onHold: z.boolean(),
  ended: z.boolean(),
  participants: z.array(conferenceParticipantSchema),
});
export type Conference = z.infer<typeof conferenceSchema>;

export const conferenceAddInputSchema = z.object({
  /** A colleague's user id, or a number of 11 digits. */
  to: z.string().trim().min(1, 'Choose a colleague or enter a number'),
  /** Join as a coach: heard only by the person on the call. */
  coach: z.boolean().optional(),
});
export type ConferenceAddInput = z.infer<typeof conferenceAddInputSchema>;

export const conferenceParticipantInputSchema = z.object({ onHold: z.boolean().optional(), muted: z.boolean().optional() });
export type ConferenceParticipantInput = z.infer<typeof conferenceParticipantInputSchema>;

export const conferenceHoldInputSchema = z.object({ onHold: z.boolean() });
export type ConferenceHoldInput = z.infer<typeof conferenceHoldInputSchema>;

/** Calls of a location waiting for review (missed, voicemails): phone_location_workCount. */
export const locationWorkCountSchema = z.object({ locationId: z.string(), name: z.string(), count: z.number() });
export type LocationWorkCount = z.infer<typeof locationWorkCountSchema>;
export const workCountSchema = z.object({ count: z.number(), locations: z.array(locationWorkCountSchema) });
export type WorkCount = z.infer<typeof workCountSchema>;
