/**
 * When a campaign's schedule falls, in the location's time zone. A module of its own: it needs
 * moment-timezone and its zone data, which a screen that only shows campaigns does not load.
 */
import moment from 'moment-timezone';
import type { ScheduleFields, OccurrenceOptions } from '../campaigns';

/** The last local day of the schedule (end of that day), for an "on" end. */
function endOfLastDay(s: ScheduleFields, timezone: string): moment.Moment | null {
  if (s.scheduleEndFormat !== 'on' || s.scheduleEndValue === null || s.scheduleEndValue === '') return null;
  const value = String(s.scheduleEndValue);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? moment.tz(value, 'YYYY-MM-DD', timezone) : moment(value).tz(timezone);
  return day.isValid() ? day.endOf('day') : null;
}
/** The day `day` of the month of `m`, 0 and days past the month's end meaning its last day. */
function onMonthDay(m: moment.Moment, day: number): moment.Moment {
  const last = m.daysInMonth();
  return m.clone().date(day === 0 || day > last ? last : day);
}
/** Local date `d` at the start's time of day (a time that does not exist that day moves forward, as clocks do). */
const atTime = (d: moment.Moment, start: moment.Moment, timezone: string) =>
  moment.tz({ year: d.year(), month: d.month(), date: d.date(), hour: start.hour(), minute: start.minute() }, timezone);
/**
 * The occurrences of a schedule, in order: instants at the start's local time of day.
 * field: every day (the run picks the people whose date it is); once: the start; daily: every N days;
 * weekly: the chosen weekdays of every Nth week (the start's week first); monthly: day D of every
 * Nth month (the last day when the month is shorter, 0 = always the last day); yearly: month and
 * day every N years (29 February falls on the 28th in other years). The end: never, the last day
 * (inclusive), or after N occurrences counted from the first.
 */
export function campaignOccurrences(s: ScheduleFields, opts: OccurrenceOptions): Date[] {
  const { timezone } = opts;
  const start = moment(s.scheduleStartOn).tz(timezone);
  if (!start.isValid()) return [];
  const every = Math.max(1, s.scheduleInterval ?? 1);
  const lastDay = endOfLastDay(s, timezone);
  const maxCount = s.scheduleEndFormat === 'after' ? Math.max(0, Number(s.scheduleEndValue ?? 0)) : Infinity;
  const from = opts.from ? opts.from.getTime() : -Infinity;
  const until = opts.until ? opts.until.getTime() : Infinity;
  const limit = opts.limit ?? 500;
  const out: Date[] = [];
  let counted = 0;

  // Candidates in order; each is counted toward "after N" even when before `from`.
  const consider = (m: moment.Moment): 'stop' | 'go' => {
    if (m.isBefore(start)) return 'go';
    if (lastDay && m.isAfter(lastDay)) return 'stop';
    if (counted >= maxCount) return 'stop';
    counted++;
    const t = m.valueOf();
    if (t >= until) return 'stop';
    if (t >= from) out.push(m.toDate());
    return out.length >= limit ? 'stop' : 'go';
  };

  const dayCursor = start.clone().startOf('day');
  const HORIZON = 20_000; // steps, so a schedule that never matches cannot loop forever
  switch (s.scheduleOccurrence) {
    case 'once':
      consider(start.clone());
      break;
    case 'field':
    case 'daily': {
      const step = s.scheduleOccurrence === 'field' ? 1 : every;
      // Jump close to `from` first: "after N" needs the count, so only when the end is not a count.
      if (maxCount === Infinity && opts.from && opts.from.getTime() > start.valueOf()) {
        const days = moment(opts.from).tz(timezone).startOf('day').diff(dayCursor, 'days');
        dayCursor.add(Math.max(0, Math.floor(days / step) - 1) * step, 'days');
      }
      for (let i = 0; i < HORIZON; i++, dayCursor.add(step, 'days')) if (consider(atTime(dayCursor, start, timezone)) === 'stop') break;
      break;
    }
    case 'weekly': {
      const days = Array.isArray(s.scheduleIntervalOn) ? [...new Set(s.scheduleIntervalOn as number[])].sort() : [];
      if (!days.length) break;
      const week = start.clone().startOf('day').subtract(start.day(), 'days');
      for (let i = 0; i < HORIZON; i++, week.add(every, 'weeks')) {
        let stop = false;
        for (const d of days)
          if (consider(atTime(week.clone().add(d, 'days'), start, timezone)) === 'stop') {
            stop = true;
            break;
          }
        if (stop) break;
      }
      break;
    }
    case 'monthly': {
      const day = typeof s.scheduleIntervalOn === 'number' ? s.scheduleIntervalOn : start.date();
      const month = start.clone().startOf('month');
      for (let i = 0; i < HORIZON; i++, month.add(every, 'months')) if (consider(atTime(onMonthDay(month, day), start, timezone)) === 'stop') break;
      break;
    }
    case 'yearly': {
      const md =
        s.scheduleIntervalOn && typeof s.scheduleIntervalOn === 'object' && !Array.isArray(s.scheduleIntervalOn)
          ? s.scheduleIntervalOn
          : { month: start.month() + 1, day: start.date() };
      const year = start.clone().startOf('year');
      for (let i = 0; i < HORIZON; i++, year.add(every, 'years')) {
        const month = year.clone().month(md.month - 1);
        if (consider(atTime(onMonthDay(month, md.day), start, timezone)) === 'stop') break;
      }
      break;
    }
  }
  return out;
}
/** The next occurrence strictly after `after` (null when the schedule is over). */
export function nextCampaignOccurrence(s: ScheduleFields, timezone: string, after: Date): Date | null {
  return campaignOccurrences(s, { timezone, from: new Date(after.getTime() + 1), limit: 1 })[0] ?? null;
}
