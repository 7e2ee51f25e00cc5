import moment from 'moment-timezone';
import { occurrenceWord, type Campaign } from '@agency/contracts';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const OCCURRENCE_LABELS: Record<Campaign['scheduleOccurrence'], string> = {
  field: 'Field',
  once: 'Once',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const UNITS: Partial<Record<Campaign['scheduleOccurrence'], string>> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};

/** The schedule in words, as the list shows it: "Every 2 weeks on Mon, Thu, 4 occurrences". */
export function occurrenceSummary(
  c: Pick<Campaign, 'scheduleOccurrence' | 'scheduleInterval' | 'scheduleIntervalOn' | 'scheduleEndFormat' | 'scheduleEndValue'>,
): string {
  const every = c.scheduleInterval ?? 1;
  const unit = UNITS[c.scheduleOccurrence];
  let what: string;
  switch (c.scheduleOccurrence) {
    case 'once':
      return 'Once';
    case 'field':
      what = 'On each birthday';
      break;
    default:
      what = every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;
  }
  const on = c.scheduleIntervalOn;
  if (c.scheduleOccurrence === 'weekly' && Array.isArray(on)) what += ` on ${on.map((d) => WEEKDAYS[d]).join(', ')}`;
  if (c.scheduleOccurrence === 'monthly' && typeof on === 'number') what += on === 0 ? ' on the last day' : ` on the ${ordinal(on)}`;
  if (c.scheduleOccurrence === 'yearly' && on && typeof on === 'object' && !Array.isArray(on)) what += ` on ${MONTHS[on.month - 1]} ${on.day}`;
  if (c.scheduleEndFormat === 'after' && typeof c.scheduleEndValue === 'number') what += `, ${c.scheduleEndValue} ${occurrenceWord(c.scheduleEndValue)}`;
  if (c.scheduleEndFormat === 'on' && c.scheduleEndValue) what += `, until ${String(c.scheduleEndValue).slice(0, 10)}`;
  return what;
}

/** A campaign time as the wizard sets it: MM/DD/YYYY h:mm AM in the account's time zone (not the browser's). */
export function formatInZone(value: string | null | undefined, timezone: string): string {
  if (!value) return '';
  const t = moment(value).tz(timezone);
  return t.isValid() ? t.format('MM/DD/YYYY h:mm A') : '';
}

/** The account's time zone, as the wizard uses it; the browser's only when the session has none. */
export const accountZone = (timezone: string | null | undefined) => timezone || moment.tz.guess();
