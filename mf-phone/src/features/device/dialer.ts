import { DIALER_MAX_DIGITS, isDialable } from '@agency/contracts';

/** What the dialer holds: digits only, beginning with 1, at most 11 (spec 000 §5). */
export function dialerValue(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (!digits) return '';
  return (digits.startsWith('1') ? digits : `1${digits}`).slice(0, DIALER_MAX_DIGITS);
}

export const canDial = isDialable;

const RECENT_KEY = 'agency.phone.recent';
const RECENT_MAX = 25;

/** Numbers called or calling here: 11 digits only, up to 25 unique, newest first. */
export function recentNumbers(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string' && isDialable(n)) : [];
  } catch {
    return [];
  }
}

export function rememberNumber(number: string): string[] {
  if (!isDialable(number)) return recentNumbers();
  const list = [number, ...recentNumbers().filter((n) => n !== number)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  return list;
}
