/** Client fields' plain helpers: dates, phones, masks and their messages (the input parsers are in ../clientFields). */
const pad = (n: number) => String(n).padStart(2, '0');
/** Parses M/d/yyyy, MM/dd/yyyy or yyyy-mm-dd into [y, m, d], or null when it is not a real date. */
export function parseDateParts(input: string): [number, number, number] | null {
  const s = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) {
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
  } else {
    match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!match) return null;
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  }
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return [y, m, d];
}
/** MM/dd/yyyy, or null when the input is not a real date. */
export function toUsDate(input: string): string | null {
  const p = parseDateParts(input);
  return p ? `${pad(p[1])}/${pad(p[2])}/${p[0]}` : null;
}
export const DATE_MESSAGE = 'Dates must be real dates written MM/dd/yyyy';
/** The masked form of a sealed MM/dd/yyyy date: only its year (its last four characters) shows. */
export const maskSealedDate = (year: string) => `**/**/${year}`;
const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** A date as the screens and the server read one: yyyy-mm-dd as a local day, anything else as Date parses it; null when it is none. */
export const toLocalDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d);
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};
/**
 * Age in years rounded to the nearest quarter year (until the death date when there is one). The
 * server works it out from the sealed birth date, so answers carry the age and only a masked date.
 */
export function ageInYears(dob: string | Date | null | undefined, until: string | Date | null | undefined = null, now = new Date()): number | null {
  const born = toLocalDate(dob);
  if (!born) return null;
  const end = toLocalDate(until) ?? now;
  const years = (end.getTime() - born.getTime()) / YEAR_MS;
  if (years < 0) return null;
  return Math.round(years * 4) / 4;
}
/** Digits only; 10 digits are taken as US numbers and get the leading 1. */
export function normalizePhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = `1${digits}`;
  return digits;
}
export const PHONE_MESSAGE = 'Phone numbers need 10 or 11 digits';
/** The masked form of a sealed identity number: its last four characters. */
export const maskId = (last4: string) => `****${last4}`;
export const EMAIL_MESSAGE = 'Enter a valid email address';
export const MAX_CENTS = 1_000_000_000_000;
export const SSN_MESSAGE = 'SSN must be ###-##-####';
/** A masked SSN as lists and cards show it. */
export const maskSsn = (last4: string) => `***-**-${last4}`;
