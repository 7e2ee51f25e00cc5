import { z } from 'zod';
import { userRefSchema } from './clientFields';

/*
 * The phone (spec 000 "Phone drawer and call UI", §7 "Phone"; spec 001 "Call log", "Call log
 * entry"). Calls are logged once per call as the carrier reports them.
 */

/** POST /phone/token: the browser Device's token (ttl 36000 s, refreshed every 10 minutes). */
export const PHONE_TOKEN_TTL_SECONDS = 36_000;
export const PHONE_TOKEN_REFRESH_MS = 10 * 60 * 1000;
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

/** A number as the phone dials it: exactly 11 digits beginning with 1 (spec 000 §5). */
export const DIALER_MAX_DIGITS = 11;
export const isDialable = (digits: string) => /^1\d{10}$/.test(digits);

export const CALL_FORMATS = ['inbound', 'outbound', 'transfer', 'transfer-external', 'voicemail'] as const;
export type CallFormat = (typeof CALL_FORMATS)[number];
export const CALL_STATUSES = ['ringing', 'in-progress', 'completed', 'missed', 'hangup', 'no-answer', 'busy', 'error', 'blocked'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** How a call's status reads in the call log and on a contact's record. */
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  completed: 'Completed',
  'in-progress': 'In progress',
  ringing: 'Ringing',
  missed: 'Missed',
  hangup: 'Hung up',
  'no-answer': 'No answer',
  busy: 'Busy',
  error: 'Error',
  blocked: 'Blocked',
};
/** Statuses a person follows up on (spec 001 §4 "Call review"); voicemails too. */
export const REVIEWABLE_STATUSES: CallStatus[] = ['missed', 'hangup', 'no-answer', 'error'];

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
  accountLocation: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** 'main' means none. */
  ivr: z.string(),
  callDuration: z.number(),
  errorMessage: z.string().nullable(),
  /** The recording, when the call was recorded and the recording not deleted. */
  recording: z.object({ sid: z.string(), duration: z.number() }).nullable(),
  viewedBy: userRefSchema.nullable(),
  viewedOn: z.string().nullable(),
  /** When the call became a conference: who joined it (staff, or a number), and for how long (seconds). */
  conference: z
    .object({ participants: z.array(z.object({ user: userRefSchema.nullable(), phoneNumber: z.string().nullable(), duration: z.number() })) })
    .nullable(),
});
export type CallLogEntry = z.infer<typeof callLogEntrySchema>;

export const CALL_LOG_VIEWS = ['all', 'mine', 'missed', 'voicemails', 'recordings'] as const;
export type CallLogView = (typeof CALL_LOG_VIEWS)[number];
export const CALL_LOG_PAGE_SIZES = [5, 10, 25, 50] as const;
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

/** A call can be reviewed when it needs following up and nobody else reviewed it (spec 001 §4). */
export function canReview(entry: Pick<CallLogEntry, 'status' | 'format' | 'viewedBy'>, userId: string): boolean {
  const needs = REVIEWABLE_STATUSES.includes(entry.status) || entry.format === 'voicemail';
  return needs && (!entry.viewedBy || entry.viewedBy.id === userId);
}

/** The phone drawer's messages (spec 000 §4, §8), word for word. */
export const CALL_MESSAGES = {
  inputDevice: 'Unable to find or set the phone input device.  Please check your settings.',
  phoneError: 'We have detected an error with the phone. Please refresh or contact tech support if issues persists.',
  callError: (message: string) => `Call encountered an error. ${message}`.trim(),
  transferMissingId: 'Unable to transfer call.  Missing call id.  Please try again.',
  microphone: 'Please check that your browser has access to the microphone and output devices',
  reconnecting: 'Call was disconnected... trying to reconnect',
  reconnected: 'Call regained connectivity.',
  markReviewed: 'Mark call as reviewed?',
  deleteRecording: 'Sure you want to delete this recording?',
  recordingsFailed: (message: string) => `Unable to get recordings.  ${message}`,
  unmarkReviewed: 'Unmark call as reviewed?',
} as const;

/** The phone button by status (spec 000 §2). */
export type PhoneButtonStatus = 'pending' | 'open' | 'ringing' | 'connected' | 'ready' | 'closed' | 'reconnecting' | 'connecting' | 'offline';
export function phoneButtonLabel(status: PhoneButtonStatus): string {
  switch (status) {
    case 'pending':
      return 'Answer Call';
    case 'open':
    case 'ringing':
    case 'connected':
      return 'Toggle Mute Call';
    case 'ready':
    case 'closed':
      return 'Place Call';
    case 'reconnecting':
      return 'Reconnecting to call';
    case 'connecting':
      return 'Connecting to call';
    default:
      return 'Phone Disabled';
  }
}

/** POST /phone/outgoing/location: the location a number's contact is served from, when it has one. */
export const outgoingLocationInputSchema = z.object({
  To: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .transform((s) => (s.length === 10 ? `1${s}` : s))
    .refine(isDialable, 'Enter a phone number of 10 or 11 digits'),
});
export const outgoingLocationSchema = z.object({ location: z.object({ id: z.string(), name: z.string() }).nullable() });
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

export const QUEUE_MESSAGES = {
  takeNextCall: 'Take Next Call',
  empty: 'Nobody is waiting in this queue.',
  takeFailed: (message: string) => `Unable to take the next call: ${message}`,
  notReady: 'Your phone is not ready to take a call.',
} as const;

/** A wait in short units: '45s', '3m', '1h 5m'. */
export function shortWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  const m = Math.floor((s % 3600) / 60);
  return m ? `${Math.floor(s / 3600)}h ${m}m` : `${Math.floor(s / 3600)}h`;
}

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

export const CONFERENCE_MESSAGES = {
  notInProgress: 'That call is not in progress',
  enterTarget: 'Choose a colleague or enter a number of 11 digits',
  alreadyOnCall: 'Already on this call',
  notParticipant: 'That participant is not on this call',
  added: 'Participant added',
  removed: 'Participant removed',
  addParticipant: 'Add Participant',
  hold: 'Hold',
  resume: 'Resume',
  leave: 'Leave Call',
  notOnCall: 'They are not on a call',
} as const;

/** A participant's name as the call panel shows it: their name, else their number. */
export function participantName(
  p: Pick<ConferenceParticipant, 'firstName' | 'lastName' | 'phoneNumber'>,
  formatNumber: (digits: string) => string = (d) => d,
): string {
  return `${p.firstName} ${p.lastName}`.trim() || (p.phoneNumber ? formatNumber(p.phoneNumber) : '');
}

/** Calls of a location waiting for review (missed, voicemails): phone_location_workCount. */
export const locationWorkCountSchema = z.object({ locationId: z.string(), name: z.string(), count: z.number() });
export type LocationWorkCount = z.infer<typeof locationWorkCountSchema>;
export const workCountSchema = z.object({ count: z.number(), locations: z.array(locationWorkCountSchema) });
export type WorkCount = z.infer<typeof workCountSchema>;
