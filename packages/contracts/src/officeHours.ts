import { z } from 'zod';

/** The weekday names an office-hours table is keyed by, Monday first. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The 22 preset holidays (spec 002 section 9), in calendar order. */
export const HOLIDAYS = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Valentine's Day",
  "Washington's Birthday",
  "St. Patrick's Day",
  'Easter Sunday',
  'Tax Day',
  'Administrative Professionals Day',
  "Mother's Day",
  'Memorial Day',
  'Juneteenth',
  "Father's Day",
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Halloween',
  'Veterans Day',
  'Thanksgiving Day',
  'Day after Thanksgiving Day',
  'Christmas Eve',
  'Christmas Day',
  "New Year's Eve",
] as const;

/** Spec 002 section 5. */
export const DEFAULT_CLOSED_MESSAGE = 'We are currently closed. Please call us during our normal business hours.';
/** Time inputs step by 5 minutes (spec 002 section 5). */
export const OFFICE_TIME_STEP_MINUTES = 5;

export const OFFICE_HOURS_UPDATED = 'Office Hours Updated.';
export const officeHoursFailed = (message: string) => `Unable to update office hours: ${message}`;
export const MESSAGE_SETTINGS_SAVED = 'Message settings saved.';
export const messageSettingsFailed = (message: string) => `Unable to update message settings: ${message}`;
export const MISSING_LOCATIONS = 'Missing Locations';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_MESSAGE = 'Times are written HH:mm (00:00 to 23:55, every 5 minutes)';
const time = z
  .string()
  .regex(TIME, TIME_MESSAGE)
  .refine((t) => Number(t.slice(3)) % OFFICE_TIME_STEP_MINUTES === 0, TIME_MESSAGE);

/** One weekday: an open day has both times, the close after the open. */
export const dayHoursSchema = z.object({
  open: z.boolean(),
  openTime: time.nullable().optional(),
  closeTime: time.nullable().optional(),
});
export type DayHours = z.infer<typeof dayHoursSchema>;

/**
 * A call-flow message (spec 002 CallFlow): disabled, a text read to the caller, or a recording
 * (chosen in the call flow editor).
 */
export const flowMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('disabled'), message: z.string().max(1000).optional() }),
  z.object({
    type: z.literal('text'),
    message: z.string().trim().min(1, 'A text message needs its text').max(1000, 'A message can be at most 1000 characters'),
  }),
  z.object({ type: z.literal('recording'), url: z.string().min(1), name: z.string(), lastModified: z.string().nullable().optional() }),
]);
export type FlowMessage = z.infer<typeof flowMessageSchema>;

/** The closed-hours text reply: sent only when turned on, and only with a message. */
export const smsClosedMessageSchema = z
  .object({ enabled: z.boolean(), message: z.string().trim().max(320, 'The closed text reply can be at most 320 characters') })
  .refine((m) => !m.enabled || m.message.length > 0, 'The closed text reply needs a message');
export type SmsClosedMessage = z.infer<typeof smsClosedMessageSchema>;

const hoursSchema = z.record(z.string(), dayHoursSchema).superRefine((hours, ctx) => {
  for (const [day, h] of Object.entries(hours)) {
    const label = WEEKDAY_LABELS[day as Weekday];
    if (!label) {
      ctx.addIssue({ code: 'custom', message: `Unknown weekday: ${day}`, path: [day] });
      continue;
    }
    if (!h.open) continue;
    if (!h.openTime || !h.closeTime) ctx.addIssue({ code: 'custom', message: `${label}: an open day needs open and close times`, path: [day] });
    else if (h.closeTime <= h.openTime) ctx.addIssue({ code: 'custom', message: `${label}: close time must be after open time`, path: [day] });
  }
});

/** A location's office hours (spec 002 OfficeHours). */
export const officeHoursSchema = z.object({
  hours: hoursSchema,
  holidays: z.array(z.enum(HOLIDAYS, { error: 'Unknown holiday' })).max(HOLIDAYS.length),
  closedMessage: flowMessageSchema,
  smsClosedMessage: smsClosedMessageSchema,
});
export type OfficeHours = z.infer<typeof officeHoursSchema>;

/** A location's message settings (spec 002 Location.messages): the signature added to texts. */
export const messageSettingsSchema = z.object({
  signature: z.string().trim().max(200, 'The signature can be at most 200 characters'),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** The office hours of a location with nothing stored yet: every day closed, the default closed message. */
export const emptyOfficeHours = (): OfficeHours => ({
  hours: {},
  holidays: [],
  closedMessage: { type: 'text', message: DEFAULT_CLOSED_MESSAGE },
  smsClosedMessage: { enabled: false, message: '' },
});

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** A stored office-hours JSON string read back; anything unreadable counts as nothing stored. */
export function parseOfficeHours(text: string | null): OfficeHours {
  const parsed = officeHoursSchema.partial().safeParse(parseJson(text));
  return parsed.success ? { ...emptyOfficeHours(), ...parsed.data } : emptyOfficeHours();
}

/** A stored message-settings JSON string read back. */
export function parseMessageSettings(text: string | null): MessageSettings {
  const parsed = messageSettingsSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : { signature: '' };
}

/** A JSON-string field checked against `schema`, and stored in its checked form. */
export const jsonStringOf = <T extends z.ZodType>(schema: T, what: string) =>
  z
    .string()
    .max(100_000, `${what} is too large`)
    .transform((text, ctx) => {
      const value = parseJson(text);
      if (value === null || typeof value !== 'object') {
        ctx.addIssue({ code: 'custom', message: `${what} must be a JSON object` });
        return z.NEVER;
      }
      const checked = schema.safeParse(value);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? `${what} is not valid` });
        return z.NEVER;
      }
      return JSON.stringify(checked.data);
    });
