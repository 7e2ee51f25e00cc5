import moment from 'moment-timezone';
import { holidayDate, parseOfficeHours, WEEKDAYS } from '@agency/contracts';

/*
 * Whether a location's office is open (spec 002 OfficeHours): the call flow plays the closed
 * message when it is not, and texts that arrive then get the closed text reply.
 */
export type OfficeState = 'open' | 'closed' | 'holiday';

/** Open, closed or a holiday at `now` in the location's time zone; a location without office hours is always open. */
export function officeState(hoursText: string | null, timezone: string, now: Date = new Date()): OfficeState {
  if (!hoursText) return 'open';
  const hours = parseOfficeHours(hoursText);
  const local = moment.tz(now, timezone || 'America/Chicago');
  const month = local.month() + 1;
  const date = local.date();
  if (
    hours.holidays.some((h) => {
      const [m, d] = holidayDate(h, local.year());
      return m === month && d === date;
    })
  ) {
    return 'holiday';
  }
  const day = hours.hours[WEEKDAYS[local.isoWeekday() - 1]];
  if (!day?.open || !day.openTime || !day.closeTime) return 'closed';
  const hm = local.format('HH:mm');
  return hm >= day.openTime && hm < day.closeTime ? 'open' : 'closed';
}
