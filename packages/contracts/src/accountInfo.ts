import { z } from 'zod';
import { FIELD_REQUIRED } from './locations';
import { US_STATES } from './registration';

/** Whether the runtime knows a tz database zone (America/Chicago). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/**
 * GET/PUT /accounts/{id}/info: who the agency is (spec 000 "Account": name, legalName, address,
 * address2, city, state, zipcode, timezone), with how clients reach it. Only the name and timezone are required.
 */
export const accountInfoInputSchema = z.object({
  name: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(100, 'At most 100 characters'),
  timezone: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).refine(isTimeZone, 'Choose a time zone from the list'),
  legalName: text(100),
  email: text(200).refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address'),
  /** 10 digits (or 11 with the leading 1); stored as 11 digits. */
  phone: text(20)
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || v.length === 10 || (v.length === 11 && v.startsWith('1')), 'Enter a 10-digit US phone number')
    .transform((v) => (v.length === 10 ? `1${v}` : v)),
  website: text(300).refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Enter a full address starting with http:// or https://'),
  address: text(200),
  address2: text(200),
  city: text(100),
  state: z.union([z.literal(''), z.enum(US_STATES)], { error: 'Choose a state from the list' }).default(''),
  zipcode: text(10).refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'Zip code must be 5 digits (or 5+4)'),
});
export type AccountInfoInput = z.input<typeof accountInfoInputSchema>;
export const accountInfoSchema = z.object({
  name: z.string(),
  timezone: z.string(),
  legalName: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;
