import { z } from 'zod';
import { idSchema } from './common';

/**
 * Smart option values: GET /values?key=..., POST /values/{key} {value} (adding a new option creates
 * it; an existing one is answered as is), POST /values/{key}/___replace___ {values}, DELETE /values/{id}.
 */
export const VALUE_KEYS = [
  'PolicyType',
  'PolicyCompany',
  'PolicyEnrolledVia',
  'PaymentMethodOther',
  'AutoMake',
  'AutoModel',
  'AutoCarrier',
  'AffliateVia',
  'HealthNetwork',
  'HealthPlanName',
  'entityType',
  'businessType',
  'HomeType',
  'HomeUsage',
  'HomeGarage',
  'HomeFoundation',
  'HomeRoofDesign',
  'HomeRoofType',
  'HomeSiding',
  'HomeDeck',
  'HomeCarrier',
] as const;
export const valueKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, 'Unknown value key');

export const optionValueSchema = z.object({ id: idSchema, key: z.string(), value: z.string(), position: z.number().int() });
export type OptionValue = z.infer<typeof optionValueSchema>;
export const valueGroupSchema = z.object({ key: z.string(), values: z.array(optionValueSchema) });
export type ValueGroup = z.infer<typeof valueGroupSchema>;

export const valueListQuerySchema = z.object({ key: valueKeySchema.optional() });
export const valueCreateSchema = z.object({ value: z.string().trim().min(1, 'A value is required').max(200, 'Values must be at most 200 characters') });
/** Replaces a group's list in order: rows with an id are renamed to newValue (or value), rows without are added, missing ones deleted. */
export const valueReplaceSchema = z.object({
  values: z
    .array(z.object({ id: idSchema.optional(), value: z.string().trim().min(1).max(200), newValue: z.string().trim().min(1).max(200).optional() }))
    .max(1000),
});
export type ValueReplace = z.input<typeof valueReplaceSchema>;

/** Smart value management's messages (spec 002 §8). */
export const VALUE_MESSAGES = {
  loadFailed: 'Unable to load values',
  updated: 'Group Updated',
  deleted: 'Value Deleted',
  failed: (message: string) => `Unable to update group: ${message}`,
} as const;
