/** Ages, relative times and short timestamps as the record screens show them. */

import { toLocalDate as toDate } from '@agency/contracts';

/** Shared with the remotes released while it lived here (before b3fe801): a name the kit shared stays (shared-surface.lock.json). */
export { ageInYears } from '@agency/contracts';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

/** '42', '42.25', '42.5', '42.75'. */
export const formatAge = (age: number | null) => (age === null ? '' : String(age));

function span(ms: number): string {
  const abs = Math.abs(ms);
  const units: Array<[number, string]> = [
    [YEAR, 'year'],
    [YEAR / 12, 'month'],
    [DAY, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [size, name] of units) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return 'a moment';
}

/** '3 days ago', 'in 2 hours', 'just now'. */
export function relativeTime(value: string | number | Date | null | undefined, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const ms = now.getTime() - d.getTime();
  if (Math.abs(ms) < 60_000) return 'just now';
  return ms >= 0 ? `${span(ms)} ago` : `in ${span(ms)}`;
}

/** How long since a date, without 'ago': '2 years'. */
export function durationSince(value: string | number | Date | null | undefined, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '-';
  return span(now.getTime() - d.getTime());
}

/** Last contact: under a day 'today', under two 'yesterday', otherwise relative; '-' if unknown. */
export function lastContactLabel(value: string | number | Date | null | undefined, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '-';
  const ms = now.getTime() - d.getTime();
  if (ms < DAY) return 'today';
  if (ms < 2 * DAY) return 'yesterday';
  return relativeTime(d, now);
}

/** Within 7 days relative, older M/dd/yyyy. */
export function recentDate(value: string | number | Date | null | undefined, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  if (Math.abs(now.getTime() - d.getTime()) < 7 * DAY) return relativeTime(d, now);
  return `${d.getMonth() + 1}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

/** Within a day only the time (3:05 PM), older a short date (3/5/26). */
export function shortTimestamp(value: string | number | Date | null | undefined, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  if (now.getTime() - d.getTime() < DAY) return d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${d.getMonth() + 1}/${d.getDate()}/${String(d.getFullYear()).slice(-2)}`;
}

/** MM/dd/yyyy h:mm AM for follow-up and reminder times; with seconds (h:mm:ss AM) where the order of events matters. */
export function formatDateTime(value: string | number | Date | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', ...(opts.seconds ? { second: '2-digit' } : {}) });
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${time}`;
}
