import { z } from 'zod';
import { idSchema } from './common';
import { normalizePhone, PHONE_MESSAGE } from './constants/clientFields';
import { callFlowSchema } from './callFlow';
import { jsonStringOf, messageSettingsSchema, officeHoursSchema } from './officeHours';

/** The message of a required location or phone field left empty (spec 002 section 5). */
export const FIELD_REQUIRED = 'field is required';

/** Where a location's business profile stands; 'rejected' when the carrier's review refused it (the reasons are kept to fix). */
export const PROFILE_STATUSES = ['not-submitted', 'in-review', 'pending-review', 'approved', 'rejected'] as const;

/** An office of the account (spec 002 section 3). */
export const locationSchema = z.object({
  id: idSchema,
  name: z.string(),
  timezone: z.string(),
  /** JSON string. */
  callFlow: z.string().nullable(),
  /** JSON string. */
  officeHours: z.string().nullable(),
  /** JSON string with the signature. */
  messages: z.string().nullable(),
  profileStatus: z.enum(PROFILE_STATUSES),
  brandStatus: z.string().nullable(),
  addressSid: z.string().nullable(),
  businessSid: z.string().nullable(),
  rep1Sid: z.string().nullable(),
  /** May be 'n/a'. */
  rep2Sid: z.string().nullable(),
  brandSid: z.string().nullable(),
  trustBundleSid: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

const required = (max: number) => z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(max, `At most ${max} characters`);

/** POST /accounts/{accountId}/locations: copyFrom copies the business registration of another location (create only). */
export const locationCreateSchema = z.object({
  name: required(100),
  /** A tz code (America/Chicago); free text is allowed. */
  timezone: required(64),
  copyFrom: idSchema.nullable().optional(),
});
export type LocationCreate = z.input<typeof locationCreateSchema>;
/**
 * PUT /accounts/{accountId}/locations/{locationId}: the name and timezone, or the office hours,
 * message settings or call flow, each a JSON string (spec 002), checked and stored in their checked form.
 */
export const locationUpdateSchema = z
  .object({
    name: required(100).optional(),
    timezone: required(64).optional(),
    officeHours: jsonStringOf(officeHoursSchema, 'Office hours').optional(),
    messages: jsonStringOf(messageSettingsSchema, 'Message settings').optional(),
    callFlow: jsonStringOf(callFlowSchema, 'Call flow').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

export const accountParamsSchema = z.object({ accountId: idSchema });
export const locationParamsSchema = z.object({ accountId: idSchema, locationId: idSchema });
export const phoneParamsSchema = z.object({ accountId: idSchema, id: idSchema });

/** A phone number of the account. It is active when it has a location. */
export const phoneNumberSchema = z.object({
  id: idSchema,
  sid: z.string().nullable(),
  /** Digits, 11 for US numbers. */
  phoneNumber: z.string(),
  friendlyName: z.string(),
  location: z.object({ id: idSchema, name: z.string() }).nullable(),
  messagingServiceSid: z.string().nullable(),
  isDefault: z.boolean(),
  status: z.string(),
  origin: z.string(),
});
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

/** Whether a phone number is active (spec 000: it has a location id). */
export const isActivePhone = (p: Pick<PhoneNumber, 'location'>): boolean => !!p.location?.id;

const phoneDigits = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, FIELD_REQUIRED)
  .transform((s, ctx) => {
    const v = normalizePhone(s);
    if (v.length < 11 || v.length > 15) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return v;
  });
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).nullable().optional();

/** PUT /accounts/{accountId}/phones/{id}: location null makes the number inactive. */
export const phoneUpdateSchema = z.object({
  phoneNumber: phoneDigits.optional(),
  phoneSid: optionalText(64),
  friendlyName: optionalText(100),
  location: idSchema.nullable().optional(),
  messagingServiceSid: optionalText(64),
  isDefault: z.boolean().optional(),
});
export type PhoneUpdate = z.input<typeof phoneUpdateSchema>;

/** POST /accounts/{accountId}/phones (account is the path's, and is checked against it when sent). */
export const phoneCreateSchema = phoneUpdateSchema.extend({
  account: idSchema.optional(),
  phoneNumber: phoneDigits,
  status: optionalText(40),
});
export type PhoneCreate = z.input<typeof phoneCreateSchema>;

export const createdIdSchema = z.object({ id: idSchema });
