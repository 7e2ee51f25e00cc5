import { z } from 'zod';
import { toUsDate } from './constants/clientFields';
import { idSchema } from './common';

/**
 * Renewals: a policy's term (its termDate), a vehicle's coverage or a home's coverage (their
 * expirationDate) that ends. One renewal is one term of one record: (account, source kind, source
 * id, term end) is unique. A term without a stored renewal is "not started".
 * Paths: GET /accounts/{accountId}/renewals, PATCH /accounts/{accountId}/renewals/{sourceKind}/{sourceId},
 * GET|PUT /accounts/{accountId}/renewal-settings, GET /accounts/{accountId}/renewals/figures.
 */
export const RENEWAL_STATES = ['notStarted', 'contacted', 'quoted', 'renewed', 'lost'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE_LABELS: Record<RenewalState, string> = {
  notStarted: 'Not started',
  contacted: 'Contacted',
  quoted: 'Quoted',
  renewed: 'Renewed',
  lost: 'Lost',
};

/** What ends: a policy (termDate), a vehicle's coverage or a home's coverage (expirationDate). */
export const RENEWAL_SOURCES = ['policy', 'vehicle', 'home'] as const;
export type RenewalSource = (typeof RENEWAL_SOURCES)[number];
export const RENEWAL_SOURCE_LABELS: Record<RenewalSource, string> = { policy: 'Policy', vehicle: 'Vehicle coverage', home: 'Home coverage' };

/** The windows the view offers (days from today); any other number of days is a custom window. */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;
export const RENEWAL_MAX_DAYS = 730;
export const RENEWAL_DEFAULT_START_DAYS = 60;
export const RENEWAL_LOST_REASON_MAX = 500;

export const RENEWAL_MESSAGES = {
  reasonRequired: 'Give the reason the renewal was lost',
  newTermRequired: 'Give the new term date',
  newTermAfter: 'The new term date must be after the one that ends',
  notFound: 'Renewal not found',
  termMoved: 'This term has changed since the list was loaded; refresh and try again',
  ownerNotFound: 'Choose a person of this account',
  boardNotFound: 'Choose a task board of this account',
  textTemplateRequired: 'Choose a team template for the renewal text',
  textTemplateNotFound: 'Choose a team text template of this account',
} as const;

const usDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((s, ctx) => {
      const d = toUsDate(s);
      if (!d) ctx.addIssue({ code: 'custom', message });
      return d ?? s;
    });

export const renewalListQuerySchema = z.object({
  /** Terms ending from today to today + days. */
  days: z.coerce.number().int().min(1).max(RENEWAL_MAX_DAYS).default(60),
  location: idSchema.optional(),
  /** A policy's type, or Auto/RV/Recreational/Watercraft/Home for coverages. */
  line: z.string().trim().max(100).optional(),
  carrier: z.string().trim().max(100).optional(),
  managedBy: idSchema.optional(),
  state: z.enum(RENEWAL_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type RenewalListQuery = z.input<typeof renewalListQuerySchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const renewalSchema = z.object({
  /** Stable key of the term: `${sourceKind}:${sourceId}:${termEnd}`. */
  key: z.string(),
  sourceKind: z.enum(RENEWAL_SOURCES),
  sourceId: z.string(),
  client: personRef,
  /** What ends, in words ("Auto Policy · Progressive", "2021 Toyota Camry"). */
  what: z.string(),
  line: z.string().nullable(),
  carrier: z.string().nullable(),
  /** MM/dd/yyyy: the day the term ends. */
  termEnd: z.string(),
  /** MM/dd/yyyy: the next term's end, once renewed. */
  newTermDate: z.string().nullable(),
  /** Cents. */
  premium: z.number().nullable(),
  state: z.enum(RENEWAL_STATES),
  lostReason: z.string().nullable(),
  managedBy: personRef.nullable(),
  location: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Renewal = z.infer<typeof renewalSchema>;

export const renewalListResponseSchema = z.object({
  rows: z.array(renewalSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type RenewalListResponse = z.infer<typeof renewalListResponseSchema>;

export const renewalParamsSchema = z.object({ accountId: idSchema, sourceKind: z.enum(RENEWAL_SOURCES), sourceId: idSchema });

export const renewalUpdateSchema = z
  .object({
    /** MM/dd/yyyy: the term the change is for (the one the list showed). */
    termEnd: usDate('Term end must be a date written MM/dd/yyyy'),
    state: z.enum(RENEWAL_STATES),
    /** Needed for lost. */
    reason: z.string().trim().max(RENEWAL_LOST_REASON_MAX).optional(),
    /** Needed for renewed: the new term's end (MM/dd/yyyy). */
    newTermDate: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'lost' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: RENEWAL_MESSAGES.reasonRequired });
    if (v.state === 'renewed') {
      if (!v.newTermDate || !toUsDate(v.newTermDate)) ctx.addIssue({ code: 'custom', path: ['newTermDate'], message: RENEWAL_MESSAGES.newTermRequired });
    }
  });
export type RenewalUpdate = z.input<typeof renewalUpdateSchema>;

export const renewalSettingsSchema = z.object({
  /** How many days before a term ends its renewal starts (the follow-up and the card). */
  startDays: z.number().int(),
  /** Who owns a renewal whose record has no managed-by person. */
  ownerUserId: z.string().nullable(),
  /** The board whose first lane gets a card per renewal; none, no cards. */
  boardId: z.string().nullable(),
  /** Whether the client gets a reminder text before the term ends. */
  textEnabled: z.boolean(),
  /** How many days before the end the reminder goes. */
  textDays: z.number().int(),
  /** The team message template the reminder is written from ({{policyType}}, {{termDate}}, {{agent}} and the contact's fields). */
  textTemplateId: z.string().nullable(),
});
export type RenewalSettings = z.infer<typeof renewalSettingsSchema>;
export const renewalSettingsInputSchema = z.object({
  startDays: z
    .number({ error: 'Days must be a whole number from 1 to 365' })
    .int()
    .min(1, 'Days must be a whole number from 1 to 365')
    .max(365, 'Days must be a whole number from 1 to 365'),
  ownerUserId: idSchema.nullable(),
  boardId: idSchema.nullable(),
  /** The reminder text; left out, what is saved stays. */
  textEnabled: z.boolean().optional(),
  textDays: z
    .number({ error: 'Days must be a whole number from 1 to 365' })
    .int('Days must be a whole number from 1 to 365')
    .min(1, 'Days must be a whole number from 1 to 365')
    .max(365, 'Days must be a whole number from 1 to 365')
    .optional(),
  textTemplateId: idSchema.nullable().optional(),
});
export type RenewalSettingsInput = z.input<typeof renewalSettingsInputSchema>;

export const renewalFiguresQuerySchema = z.object({
  user: idSchema.optional(),
  /** MM/yyyy: the month the figures are for (this month when left out). */
  month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'Month must be written MM/yyyy')
    .optional(),
});
export const renewalFiguresSchema = z.object({
  /** MM/yyyy. */
  month: z.string(),
  /** Terms ending this month. */
  due: z.number(),
  /** Renewals worked this month: contacted, quoted, renewed or lost. */
  contacted: z.number(),
  /** Quoted or renewed this month. */
  quoted: z.number(),
  renewed: z.number(),
  lost: z.number(),
  /** Renewed / (renewed + lost) this month, 0-100; null before any is decided. */
  retentionRate: z.number().nullable(),
});
export type RenewalFigures = z.infer<typeof renewalFiguresSchema>;

export const RENEWAL_DEFAULT_TEXT_DAYS = 14;

/** The key of one term, as the list answers it. */
export const renewalKey = (sourceKind: RenewalSource, sourceId: string, termEnd: string) => `${sourceKind}:${sourceId}:${termEnd}`;
