import { DIALER_MAX_DIGITS, isDialable } from '@agency/contracts';

/** What the dialer holds: digits only, beginning with 1, at most 11 (spec 000 §5). */
export function dialerValue(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (!digits) return '';
  return (digits.startsWith('1') ? digits : `1${digits}`).slice(0, DIALER_MAX_DIGITS);
}

export const canDial = isDialable;

/** The dialer's box as typed so far, in the display format +#-###-###-#### (spec 000), never padded or guessed. */
export function formatDialer(digits: string): string {
  if (!digits) return '';
  let out = `+${digits[0]}`;
  if (digits.length > 1) out += `-${digits.slice(1, 4)}`;
  if (digits.length > 4) out += `-${digits.slice(4, 7)}`;
  if (digits.length > 7) out += `-${digits.slice(7, DIALER_MAX_DIGITS)}`;
  return out;
}

/** Where the caret goes in the formatted box: just after the given count of digits. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return formatted.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

/**
 * An edit of the dialer's box: the digits it now holds and where the caret goes (after how many
 * digits). The raw text is what the box holds after the keystroke, `caret` where the browser put the
 * caret in it. Deleting a separator deletes the digit beside it, as a person means it to.
 */
export function editDialer(previous: string, raw: string, caret: number, inputType?: string): { digits: string; caretDigits: number } {
  let rawDigits = raw.replace(/\D/g, '');
  let before = raw.slice(0, caret).replace(/\D/g, '').length;
  if (rawDigits === previous && raw.length < formatDialer(previous).length) {
    if (inputType === 'deleteContentForward') rawDigits = rawDigits.slice(0, before) + rawDigits.slice(before + 1);
    else if (before > 0) {
      rawDigits = rawDigits.slice(0, before - 1) + rawDigits.slice(before);
      before -= 1;
    }
  }
  const digits = dialerValue(rawDigits);
  // A number typed without its country code gets the leading 1: the caret moves past it too.
  if (digits && !rawDigits.startsWith('1')) before += 1;
  return { digits, caretDigits: Math.min(before, digits.length) };
}

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
