import { z } from 'zod';
import { idSchema } from './common';
import { FOLLOWUP_ASSIGN_TO, REMINDER_OPTIONS, FOLLOWUP_BUCKETS, FOLLOWUP_NOTE_MAX } from './constants/followups';

/**
 * Follow-ups: /followups, /followups/client/{id}, /followups/counts, /followups/{bucket},
 * PUT /followups/{id}, PUT /followups/{id}/complete, DELETE /followups/{id}.
 * assignTo none means a scheduled message (its own issue); team follow-ups are seen by everyone,
 * self ones only by their creator, peer ones by the assignee and the creator.
 */

export type FollowUpAssignTo = (typeof FOLLOWUP_ASSIGN_TO)[number];
export type FollowUpBucket = (typeof FOLLOWUP_BUCKETS)[number];

const isoInstant = (label: string) =>
  z.string({ error: `${label} is required` }).refine((s) => !Number.isNaN(Date.parse(s)), `${label} must be a date and time`);

const followUpShape = {
  assignTo: z.enum(FOLLOWUP_ASSIGN_TO, { error: `Assign to must be one of: ${FOLLOWUP_ASSIGN_TO.join(', ')}` }),
  /** The assignee for peer (required) and self (the current user); ignored for team. */
  user: idSchema.nullable().optional(),
  /** When: ISO instant, not in the past, on a 15-minute step. */
  date: isoInstant('Date'),
  reminderAt: z
    .number()
    .int()
    .refine((n) => (REMINDER_OPTIONS as readonly number[]).includes(n), 'Reminder must be 0, 15, 30, 45 or 60 minutes before')
    .nullable()
    .optional(),
  note: z.string().trim().max(FOLLOWUP_NOTE_MAX, `Follow-up notes must be at most ${FOLLOWUP_NOTE_MAX} characters`),
  messageTo: z.string().max(20).nullable().optional(),
  message: z.string().max(1600).nullable().optional(),
  messageAt: isoInstant('Message time').nullable().optional(),
  isActive: z.boolean(),
  client: idSchema.nullable().optional(),
  smsRoom: idSchema.nullable().optional(),
};
export const followUpCreateSchema = z.object({ ...followUpShape, note: followUpShape.note.default(''), isActive: followUpShape.isActive.default(true) });
export type FollowUpCreate = z.input<typeof followUpCreateSchema>;
/** PUT takes any subset (no defaults: what is not sent stays). */
export const followUpUpdateSchema = z.object(followUpShape).partial();
export type FollowUpUpdate = z.input<typeof followUpUpdateSchema>;

export const followUpSchema = z.object({
  id: idSchema,
  assignTo: z.enum(FOLLOWUP_ASSIGN_TO),
  user: idSchema.nullable(),
  date: z.string(),
  reminderAt: z.number().int().nullable(),
  /** The reminder job's id once scheduled. */
  reminderJob: z.string().nullable(),
  note: z.string(),
  messageTo: z.string().nullable(),
  message: z.string().nullable(),
  messageAt: z.string().nullable(),
  messageStatus: z.string().nullable(),
  isActive: z.boolean(),
  client: idSchema.nullable(),
  /** The client's display name, for lists outside the contact. */
  clientName: z.string().nullable(),
  createdByUser: idSchema,
  smsRoom: idSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** Params of /followups/counts and /followups/{bucket}: `user` (default: me), or assignTo=none with createdByUser. */
export const followUpBucketQuerySchema = z.object({
  user: idSchema.optional(),
  assignTo: z.enum(['none']).optional(),
  createdByUser: idSchema.optional(),
});
export type FollowUpBucketQuery = z.input<typeof followUpBucketQuerySchema>;
export const followUpCountsSchema = z.object({ pastDue: z.number().int(), today: z.number().int(), tomorrow: z.number().int(), future: z.number().int() });
export type FollowUpCounts = z.infer<typeof followUpCountsSchema>;
