/**
 * Input masks and display formats of the record forms: phones, SSNs, MM/dd/yyyy dates, heights,
 * whole-dollar amounts. Each mask is progressive: it formats whatever part has been typed so far.
 */

export const digitsOnly = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** Phone input mask +# (###) ###-####; a stored 10-digit number is taken as a US number. */
export function maskPhone(value: string | null | undefined, stored = false): string {
  let d = digitsOnly(value).slice(0, 11);
  if (stored && d.length === 10) d = `1${d}`;
  if (!d) return '';
  let out = `+${d[0]}`;
  if (d.length > 1) out += ` (${d.slice(1, 4)}`;
  if (d.length > 4) out += `) ${d.slice(4, 7)}`;
  if (d.length > 7) out += `-${d.slice(7, 11)}`;
  return out;
}

/** What a phone field sends: its digits, a 10-digit number prefixed with the US country code. */
export function phoneForApi(value: string | null | undefined): string {
  const d = digitsOnly(value);
  return d.length === 10 ? `1${d}` : d;
}

/** SSN mask ###-##-####. */
export function maskSsn(value: string | null | undefined): string {
  const d = digitsOnly(value).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** A masked SSN for lists and cards: only the last four digits show. */
export function hideSsn(value: string | null | undefined): string {
  const d = digitsOnly(value);
  if (!d) return '';
  return `***-**-${d.slice(-4).padStart(4, '*')}`;
}

/** Date input mask MM/dd/yyyy. */
export function maskDate(value: string | null | undefined): string {
  const d = digitsOnly(value).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A complete and real MM/dd/yyyy date, or null. */
export function parseUsDate(value: string | null | undefined): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((value ?? '').trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d;
}

export const isUsDate = (value: string | null | undefined) => parseUsDate(value) !== null;

/** yyyy-MM-dd (or an ISO timestamp) to MM/dd/yyyy, reading the calendar date as written. */
export function isoToUsDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  return /^\d{2}\/\d{2}\/\d{4}$/.test(value) ? value : '';
}

/** MM/dd/yyyy to yyyy-MM-dd; anything else gives ''. */
export function usDateToIso(value: string | null | undefined): string {
  const d = parseUsDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Height mask: feet then inches, 5'11". */
export function maskHeight(value: string | null | undefined): string {
  const d = digitsOnly(value).slice(0, 3);
  if (!d) return '';
  const feet = d[0];
  if (d.length === 1) return `${feet}'`;
  let inches = d.slice(1);
  if (Number(inches) > 11) inches = inches.slice(0, 1);
  return `${feet}'${inches}"`;
}

/** Whole dollars with a $ prefix and thousands separators: $12,500. */
export function formatDollars(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[^\d.-]/g, ''));
  if (!Number.isFinite(n)) return '';
  return `$${Math.round(n).toLocaleString('en-US')}`;
}

/** The whole-dollar number a money input holds, or null when empty. */
export function parseDollars(value: string | null | undefined): number | null {
  const d = (value ?? '').replace(/[^\d]/g, '');
  return d ? Number(d) : null;
}
