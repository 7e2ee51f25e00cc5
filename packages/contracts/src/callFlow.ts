import { z } from 'zod';
import { DEFAULT_HOLD_MUSIC, HOLD_MUSIC } from './holdMusic';
import { flowMessageSchema } from './officeHours';

/*
 * A location's call flow (spec 002 CallFlow), stored as a JSON string on the location. What the
 * call-flow engine reads; a flow that cannot be parsed is treated as empty (spec 002 §8).
 */
export const RING_GROUP_TIMEOUT = { min: 0, max: 30, default: 30 } as const;
export const RING_GROUP_REPEAT = { min: 1, max: 10, default: 1 } as const;

/** How long a caller waits in the queue before voicemail (seconds). */
export const QUEUE_MAX_WAIT = { min: 30, max: 1800, default: 300 } as const;

/**
 * Where a ring group reaches a person (spec 002 §9): their browser phone ('softphone', the
 * default), the phone on their profile ('mobile'), or a number of 11 digits.
 */
export const ringFormatSchema = z.union([z.enum(['softphone', 'mobile']), z.string().regex(/^1\d{10}$/, 'A ring number is 11 digits beginning with 1')]);
export type RingFormat = z.infer<typeof ringFormatSchema>;
export const ringGroupUserSchema = z.object({ id: z.string(), format: ringFormatSchema.default('softphone') });
export const ringGroupSchema = z.object({
  timeout: z.number().int().min(RING_GROUP_TIMEOUT.min).max(RING_GROUP_TIMEOUT.max).default(RING_GROUP_TIMEOUT.default),
  repeat: z.number().int().min(RING_GROUP_REPEAT.min).max(RING_GROUP_REPEAT.max).default(RING_GROUP_REPEAT.default),
  users: z.array(ringGroupUserSchema).default([]),
});
export type RingGroup = z.infer<typeof ringGroupSchema>;

/** A named group of the IVR menu: callers press its extension (one digit) to ring its own groups. */
export const ivrGroupSchema = z.object({
  label: z.string().trim().min(1, 'A group needs a name').max(40, 'Group names are at most 40 characters'),
  extension: z.string().regex(/^[1-9]$/, 'An extension is one digit, 1 to 9'),
  groups: z.array(ringGroupSchema).max(20).default([]),
});
export type IvrGroup = z.infer<typeof ivrGroupSchema>;

export const callFlowSchema = z.object({
  recordCalls: z.boolean().default(false),
  /** Ring only people whose status is available. */
  ringWhenAvailable: z.boolean().default(false),
  voice: z.enum(['man', 'woman']).default('woman'),
  /** Outbound calls are recorded with 'all' (and 'manual', which is treated alike). */
  outbound: z
    .object({ recording: z.object({ format: z.enum(['disabled', 'all', 'manual']).default('disabled') }).default({ format: 'disabled' }) })
    .default({ recording: { format: 'disabled' } }),
  groups: z.array(ringGroupSchema).max(20, 'A call flow has at most 20 ring groups').default([]),
  /** Named groups by their lowercase name; with any, callers hear the menu and press an extension. */
  ivr: z
    .record(z.string(), ivrGroupSchema)
    .default({})
    .refine((ivr) => new Set(Object.values(ivr).map((g) => g.extension)).size === Object.keys(ivr).length, 'Each group needs its own extension'),
  /** Callers nobody answered wait in the location's queue (with hold music) for up to maxWait seconds, then voicemail. */
  queue: z
    .object({
      enabled: z.boolean().default(false),
      maxWait: z
        .number()
        .int()
        .min(QUEUE_MAX_WAIT.min, `The longest wait is at least ${QUEUE_MAX_WAIT.min} seconds`)
        .max(QUEUE_MAX_WAIT.max, `The longest wait is at most ${QUEUE_MAX_WAIT.max} seconds`)
        .default(QUEUE_MAX_WAIT.default),
    })
    .default({ enabled: false, maxWait: QUEUE_MAX_WAIT.default }),
  holdMusic: z
    .string()
    .refine((id) => HOLD_MUSIC.some((t) => t.id === id), 'Choose one of the hold music tracks')
    .default(DEFAULT_HOLD_MUSIC),
  messages: z
    .object({
      welcomeMessage: flowMessageSchema.optional(),
      voicemailMessage: flowMessageSchema.optional(),
      /** What the menu says; without one it is read from the groups ('For Sales, press 1.'). */
      extensionsMessage: flowMessageSchema.optional(),
      /** Said before a call that is recorded rings ('This call may be recorded...'). */
      recordCallMessage: flowMessageSchema.optional(),
      /** Texted to a caller whose call went to voicemail. */
      voicemailSMS: flowMessageSchema.optional(),
    })
    .default({}),
});
export type CallFlow = z.infer<typeof callFlowSchema>;

export function parseCallFlow(text: string | null): CallFlow {
  let value: unknown = {};
  try {
    value = text ? (JSON.parse(text) as unknown) : {};
  } catch {
    value = {};
  }
  const parsed = callFlowSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : callFlowSchema.parse({});
}

export const CALL_FLOW_SAVED = 'Call Flow saved.';
export const callFlowFailed = (message: string) => `Unable to update call flow: ${message}`;

/** Whether a call in `direction` is recorded under this flow. */
export const recordsCalls = (flow: CallFlow, direction: 'incoming' | 'outgoing') =>
  direction === 'incoming' ? flow.recordCalls : flow.outbound.recording.format !== 'disabled';

/** The menu read to callers from the named groups, in extension order. */
export function ivrMenuText(flow: Pick<CallFlow, 'ivr'>): string {
  return Object.values(flow.ivr)
    .sort((a, b) => a.extension.localeCompare(b.extension))
    .map((g) => `For ${g.label}, press ${g.extension}.`)
    .join(' ');
}

/** The key a named group is kept under. */
export const ivrKey = (label: string) => label.trim().toLowerCase();

/**
 * A call-flow recording (spec 002 "Call-flow recording picker", Recording: name, url,
 * lastModified, Key): an audio file the account uploaded for its call-flow messages.
 */
export const callFlowRecordingSchema = z.object({
  /** The Key. */
  id: z.string(),
  name: z.string(),
  /** Where the carrier fetches it from (public, unguessable). */
  url: z.string(),
  lastModified: z.string(),
});
export type CallFlowRecording = z.infer<typeof callFlowRecordingSchema>;
export const MAX_FLOW_RECORDINGS = 4;
export const FLOW_RECORDING_MAX_BYTES = 10 * 1024 * 1024;
export const FLOW_RECORDING_MESSAGES = {
  labelRequired: 'Label is required.',
  max: `You have reached the maximun of ${MAX_FLOW_RECORDINGS} recordings`,
  type: 'Upload an audio file: MP3 or WAV.',
  tooLarge: 'A recording must be 10 MB or less.',
  deleted: 'Recording deleted.',
  uploaded: 'Recording uploaded.',
} as const;
