import { z } from 'zod';
import { idSchema } from './common';
import { userRefSchema } from './clientFields';

/**
 * A client's activity feed: notes (sticky or not), phone activity, and system entries (such as the
 * record of a sensitive value revealed). Paths: /clients/{id}/activity, /clients/{id}/activity/stickies,
 * /clients/{id}/activity/{activityId}.
 */
export const ACTIVITY_TYPES = ['note', 'phone', 'system'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const PHONE_ACTIVITY_FORMATS = ['voicemail', 'inbound', 'outbound', 'transfer'] as const;
export const ACTIVITY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const ACTIVITY_PAGE_SIZE = 5;
export const NOTE_MAX = 5000;
/** Notes are editable by their author for less than a day. */
export const NOTE_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const NOTE_IMAGE_SIZE = 400;
export const NOTE_THUMBNAIL_SIZE = 100;
export const NOTE_IMAGE_MAX_CHARS = 1_000_000;
export const NOTE_THUMBNAIL_MAX_CHARS = 100_000;

const imageInput = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} is too large`)
    .regex(/^data:image\/(webp|png|jpeg);base64,[A-Za-z0-9+/=]+$/, `${label} must be a WEBP, PNG or JPEG image`)
    .nullable()
    .optional();

export const activityCreateSchema = z.object({
  type: z.literal('note', { error: 'Only notes can be added here' }).default('note'),
  note: z.string().trim().min(1, 'A note needs text').max(NOTE_MAX, `Notes must be at most ${NOTE_MAX} characters`),
  isSticky: z.boolean().default(false),
  /** 400x400 WEBP data URL. */
  image: imageInput(NOTE_IMAGE_MAX_CHARS, 'Image'),
  /** 100x100 WEBP data URL. */
  thumbnail: imageInput(NOTE_THUMBNAIL_MAX_CHARS, 'Thumbnail'),
});
export type ActivityCreate = z.input<typeof activityCreateSchema>;

/** Only the author may change note, image or thumbnail, and only within a day; anyone on staff may (un)stick. */
export const activityUpdateSchema = z.object({
  note: z.string().trim().min(1, 'A note needs text').max(NOTE_MAX, `Notes must be at most ${NOTE_MAX} characters`).optional(),
  isSticky: z.boolean().optional(),
  image: imageInput(NOTE_IMAGE_MAX_CHARS, 'Image'),
  thumbnail: imageInput(NOTE_THUMBNAIL_MAX_CHARS, 'Thumbnail'),
});
export type ActivityUpdate = z.input<typeof activityUpdateSchema>;

/**
 * Keyset paging by createdAt: `prior` gives older rows, `after` newer ones. Total unknown. Send a
 * row's createdAt back as it came (it carries microseconds, so page boundaries are exact).
 */
export const activityListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(ACTIVITY_PAGE_SIZE),
  prior: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'prior must be a date and time')
    .optional(),
  after: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'after must be a date and time')
    .optional(),
  sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt'),
});
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;

export const activitySchema = z.object({
  id: idSchema,
  client: idSchema,
  type: z.enum(ACTIVITY_TYPES),
  note: z.string(),
  isSticky: z.boolean(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  user: userRefSchema.nullable(),
  conference: z.array(userRefSchema),
  // phone activity
  format: z.enum(PHONE_ACTIVITY_FORMATS).nullable(),
  status: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  callDuration: z.number().nullable(),
  recordingUrl: z.string().nullable(),
  recordingDuration: z.number().nullable(),
  viewedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
