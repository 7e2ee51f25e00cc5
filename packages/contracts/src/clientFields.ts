import { z } from 'zod';
import { toUsDate, DATE_MESSAGE, normalizePhone, PHONE_MESSAGE, EMAIL_MESSAGE, MAX_CENTS, SSN_MESSAGE } from './constants/clientFields';

/**
 * Field kinds shared by the client records (contacts and their sub-records).
 *
 * Wire conventions:
 * - calendar dates travel as MM/dd/yyyy (M/d/yyyy and yyyy-mm-dd are accepted and normalised);
 *   an empty string or null clears a date;
 * - instants (createdAt, managedOn, follow-up dates) travel as ISO 8601 strings;
 * - money travels as whole cents (integers);
 * - phone numbers travel as digits only, 11 digits for US numbers (10 digits get a leading 1);
 * - text inputs are trimmed; an empty string or null clears the field (stored as null).
 */

/** A calendar date on the wire: MM/dd/yyyy. */
export const usDateSchema = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, DATE_MESSAGE);

const INVALID: unique symbol = Symbol('invalid');
/** What a field parser returns for input it refuses. */
export type Invalid = typeof INVALID;
export { INVALID };

/**
 * A string field that '' or null clears (parsed to null) and undefined leaves alone. `parse` gets
 * the trimmed text and returns the value to store, or INVALID (answered with `message`).
 */
export function clearableInput<T>(parse: (s: string) => T | Invalid, message: string) {
  return z
    .string({ error: message })
    .nullable()
    .optional()
    .transform((s, ctx): T | null | undefined => {
      if (s === undefined) return undefined;
      if (s === null || s.trim() === '') return null;
      const v = parse(s.trim());
      if (v === INVALID) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v as T;
    });
}

/** Date input: '' or null clears; M/d/yyyy, MM/dd/yyyy or yyyy-mm-dd become MM/dd/yyyy. */
export const dateInput = clearableInput((s) => toUsDate(s) ?? INVALID, DATE_MESSAGE);
/** A date sealed at rest (date of birth): as dateInput, and its masked form (with *) means unchanged. */
export const sealedDateInput = clearableInput<string | undefined>((s) => (s.includes('*') ? undefined : (toUsDate(s) ?? INVALID)), DATE_MESSAGE);
export const phoneInput = clearableInput((s) => {
  const v = normalizePhone(s);
  return v.length >= 11 && v.length <= 15 ? v : INVALID;
}, PHONE_MESSAGE);

export const textInput = (max = 200, label = 'Text') => clearableInput((s) => (s.length <= max ? s : INVALID), `${label} must be at most ${max} characters`);

/** Identity numbers sealed at rest (licence, member, MBI, Medicaid, immigration card): masked as ****1234; a masked value sent back (with *) means unchanged. */
export const sealedTextInput = (max: number, label: string) =>
  clearableInput<string | undefined>((s) => (s.includes('*') ? undefined : s.length <= max ? s : INVALID), `${label} must be at most ${max} characters`);
export const emailInput = clearableInput((s) => (s.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) ? s.toLowerCase() : INVALID), EMAIL_MESSAGE);

/** One of a fixed list; '' or null clears. */
export const enumInput = <const T extends readonly string[]>(values: T, label: string) =>
  clearableInput((s) => ((values as readonly string[]).includes(s) ? (s as T[number]) : INVALID), `${label} must be one of: ${values.join(', ')}`);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id; '' or null clears. */
export const idInput = (label: string) => clearableInput((s) => (UUID_RE.test(s) ? s.toLowerCase() : INVALID), `${label} must be an id`); // ten billion dollars
export const centsInput = z
  .number({ error: 'Money is sent as a number of cents' })
  .int('Money is sent in whole cents')
  .min(0, 'Amounts cannot be negative')
  .max(MAX_CENTS, 'Amount is too large')
  .nullable()
  .optional();
export const intInput = (min = 0, max = 1_000_000) => z.number().int().min(min).max(max).nullable().optional();
export const numberInput = (min = 0, max = 1_000_000) => z.number().min(min).max(max).nullable().optional();
export const boolInput = z.boolean().nullable().optional();
export const listInput = (max = 50) =>
  z
    .array(z.string().trim().min(1).max(200))
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? [])));
/**
 * SSN input: ###-##-#### or nine digits; '' or null clears; a masked value (***-**-1234, as the
 * server sends it) means "unchanged" and parses to undefined.
 */
export const ssnInput = clearableInput<string | undefined>((s) => {
  if (s.includes('*')) return undefined;
  const digits = s.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return INVALID;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}, SSN_MESSAGE);

/** Secret digits (bank account, card, routing): spaces and dashes dropped; a masked value (with *) means unchanged. */
export const secretDigitsInput = (min: number, max: number, label: string) =>
  clearableInput<string | undefined>(
    (s) => {
      if (s.includes('*')) return undefined;
      const digits = s.replace(/[\s-]/g, '');
      return new RegExp(`^\\d{${min},${max}}$`).test(digits) ? digits : INVALID;
    },
    `${label} must be ${min === max ? min : `${min} to ${max}`} digits`,
  );

export const stateInput = clearableInput((s) => (/^[A-Za-z]{2}$/.test(s) ? s.toUpperCase() : INVALID), 'State must be a 2-letter code');
export const zipInput = clearableInput((s) => (/^\d{5}(-\d{4})?$/.test(s) ? s : INVALID), 'Zip code must be 5 digits or ZIP+4');

/** A user as client records show them (avatar and name). */
export const userRefSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;
