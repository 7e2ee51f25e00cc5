/** Phone numbers display as +#-###-###-####; ten digits are taken as US numbers. */
export function formatPhone(input: string | null | undefined): string {
  if (!input) return '';
  let digits = input.replace(/\D/g, '');
  if (digits.length === 10) digits = `1${digits}`;
  if (digits.length !== 11) return input;
  return `+${digits[0]}-${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
}

/** Money arrives in cents and shows in dollars with 2 decimals. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '-';
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Dates show as MM/dd/yyyy. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** Badges cap at 99. */
export function capBadge(count: number): string | number {
  return count > 99 ? '99+' : count;
}

export const isHexColor = (value: string) => /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
export const HEX_COLOR_MESSAGE = 'input is not a valid hex color.';
export function normalizeHex(value: string): string {
  const v = value.trim();
  return v.startsWith('#') ? v.toLowerCase() : `#${v.toLowerCase()}`;
}

export const fullName = (u: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  [u?.firstName, u?.lastName].filter(Boolean).join(' ');

export const initials = (u: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  `${u?.firstName?.[0] ?? ''}${u?.lastName?.[0] ?? ''}`.toUpperCase();

/** The parts of a contact's name (the primary person, or a company). */
export interface ClientNameParts {
  firstName?: string | null;
  preferredFirstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
}

/**
 * The one rule for a contact's name on screen: the preferred (or first) name and the last name;
 * the company when the contact has no name; else `fallback`.
 */
export function clientDisplayName(c: ClientNameParts, fallback = ''): string {
  return [c.preferredFirstName || c.firstName, c.lastName].filter(Boolean).join(' ') || c.companyName || fallback;
}

/** Seconds as the metric cards show them: 1h 05m, 4m 09s, 35s. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}
