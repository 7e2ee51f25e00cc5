import { z } from 'zod';
import { idSchema } from './common';
import {
  CAMPAIGN_FORMATS,
  CAMPAIGN_TARGETS,
  CAMPAIGN_OCCURRENCES,
  CAMPAIGN_END_FORMATS,
  CAMPAIGN_PAGE_SIZES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_SKIP_REASONS,
} from './constants/campaigns';

/*
 * Campaigns (spec 001 §2 "Campaigns", §3 "Campaign", §4, §5, §7): a text to the clients of some
 * tags, once or on a recurrence, each occurrence a run with a result per recipient. The occurrence
 * arithmetic lives here so the wizard's calendar preview and the server's runs agree to the minute.
 */

export type CampaignFormat = (typeof CAMPAIGN_FORMATS)[number];
export type CampaignTarget = (typeof CAMPAIGN_TARGETS)[number];
export type CampaignOccurrence = (typeof CAMPAIGN_OCCURRENCES)[number];
export type CampaignEndFormat = (typeof CAMPAIGN_END_FORMATS)[number];
export type CampaignSkipReason = keyof typeof CAMPAIGN_SKIP_REASONS;

const weekdaysSchema = z.array(z.number().int().min(0).max(6));
const monthDaySchema = z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) });
/** weekly: weekdays (0 = Sunday); monthly: day of month, 0 = the last day; yearly: month and day; field: the field's name. */
export const campaignIntervalOnSchema = z.union([weekdaysSchema, z.number().int().min(0).max(31), monthDaySchema, z.enum(CAMPAIGN_FIELDS)]).nullable();
export type CampaignIntervalOn = z.infer<typeof campaignIntervalOnSchema>;

export const campaignScheduleSchema = z.object({
  scheduleOccurrence: z.enum(CAMPAIGN_OCCURRENCES),
  /** Repeat every N days, weeks, months or years (1 when absent). */
  scheduleInterval: z.number().int().min(1).max(366).nullable().default(null),
  scheduleIntervalOn: campaignIntervalOnSchema.default(null),
  /** The first day and the time of day, as an instant; the time of day holds in the account's zone. */
  scheduleStartOn: z.iso.datetime({ offset: true }),
  scheduleEndFormat: z.enum(CAMPAIGN_END_FORMATS).default('never'),
  /** on: the last day (an ISO date or instant); after: how many occurrences. */
  scheduleEndValue: z
    .union([z.string(), z.number().int().min(0)])
    .nullable()
    .default(null),
});
export type CampaignSchedule = z.input<typeof campaignScheduleSchema>;

export const campaignInputSchema = z
  .object({
    format: z.enum(CAMPAIGN_FORMATS).default('sms'),
    name: z.string().trim().min(1, CAMPAIGN_MESSAGES.nameRequired).max(200),
    description: z.string().trim().max(2000).default(''),
    targetTags: z.array(idSchema).min(1, CAMPAIGN_MESSAGES.tagsRequired).max(100),
    targetWhom: z.enum(CAMPAIGN_TARGETS).default('both'),
    content: z.string().trim().min(1, CAMPAIGN_MESSAGES.contentRequired).max(1600),
    isActive: z.boolean().default(true),
  })
  .extend(campaignScheduleSchema.shape);
export type CampaignInput = z.input<typeof campaignInputSchema>;
export const campaignUpdateSchema = campaignInputSchema;

export interface Campaign {
  id: string;
  name: string;
  description: string;
  format: CampaignFormat;
  content: string;
  targetWhom: CampaignTarget;
  targetTags: string[];
  scheduleOccurrence: CampaignOccurrence;
  scheduleInterval: number | null;
  scheduleIntervalOn: CampaignIntervalOn;
  scheduleStartOn: string;
  scheduleEndFormat: CampaignEndFormat;
  scheduleEndValue: string | number | null;
  /** How many occurrences have run. */
  jobsRan: number;
  /** The next occurrence, when one is due. */
  nextRunOn: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  updatedBy: { id: string; firstName: string; lastName: string } | null;
}

export const campaignListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CAMPAIGN_PAGE_SIZES as readonly number[]).includes(n), 'limit is one of 5, 10, 25, 50')
    .default(10),
  format: z.enum(CAMPAIGN_FORMATS).optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['name', '-name', 'description', '-description', 'scheduleStartOn', '-scheduleStartOn', 'createdAt', '-createdAt']).default('-createdAt'),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export interface CampaignSummary {
  count: number;
  sent: number;
  delivered: number;
}

export interface CampaignLog {
  runDate: string;
  /** Texts handed to the carrier (sent or delivered, or handed and awaiting its first report). */
  successful: number;
  failed: number;
  /** Texts still waiting here to be handed to the carrier: held for quiet hours (21:00-8:00 at the sending number). */
  held: number;
  /** running while texts are still being handed to the carrier. */
  status: 'running' | 'done' | 'stopped';
}

export interface CampaignLogDetail {
  client: { id: string; name: string } | null;
  phoneNumber: string;
  /** held: waiting for the end of quiet hours; queued: due now, about to be handed to the carrier. */
  status: 'queued' | 'held' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'skipped';
  comment: string;
}

/** Who a campaign's text would reach now: after consent and missing-mobile exclusions. */
export interface CampaignAudience {
  recipients: number;
  noMobile: number;
  optedOut: number;
  /** A person the content preview can be filled from. */
  sample: { clientId: string; level: 'primary' | 'secondary' } | null;
}
export const campaignAudienceQuerySchema = z.object({
  targetTags: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(idSchema).max(100)),
  targetWhom: z.enum(CAMPAIGN_TARGETS).default('both'),
});

// ---------------------------------------------------------------------------------------------
// Occurrences

export interface OccurrenceOptions {
  /** The account's time zone: the time of day and the days are counted there. */
  timezone: string;
  /** Only occurrences at or after this instant. */
  from?: Date;
  /** Only occurrences before this instant. */
  until?: Date;
  /** At most this many. */
  limit?: number;
  /** Occurrences already run (for an "after N" end). */
  alreadyRan?: number;
}

export type ScheduleFields = Pick<
  Campaign,
  'scheduleOccurrence' | 'scheduleInterval' | 'scheduleIntervalOn' | 'scheduleStartOn' | 'scheduleEndFormat' | 'scheduleEndValue'
>;
