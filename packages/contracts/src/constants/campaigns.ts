/** Campaigns' option lists, messages and occurrence arithmetic (the schemas are in ../campaigns). */
import moment from 'moment-timezone';
import type { CampaignSummary, ScheduleFields, OccurrenceOptions, CampaignOccurrence } from '../campaigns';

export const CAMPAIGN_FORMATS = ['sms', 'email'] as const;
export const CAMPAIGN_TARGETS = ['client', 'subClient', 'both'] as const;
export const CAMPAIGN_OCCURRENCES = ['field', 'once', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export const CAMPAIGN_END_FORMATS = ['never', 'on', 'after'] as const;
export const CAMPAIGN_PAGE_SIZES = [5, 10, 25, 50] as const;
export const CAMPAIGN_START_STEP_MINUTES = 30;
/** The client field a `field` occurrence follows (its month and day, every year). */
export const CAMPAIGN_FIELDS = ['dob'] as const;
export const CAMPAIGN_MESSAGES = {
  created: 'Campaign Created',
  updated: 'Campaign Updated',
  createFailed: (server: string) => `There was an error creating campaign.  ${server}`,
  updateFailed: (server: string) => `There was an error updating campaign.  ${server}`,
  deleteConfirm: (name: string) => `Are you sure want to delete campaign ${name}`,
  noTemplate: (type: string) => `Unable to find template for ${type}`,
  historyDetailsFailed: 'Unable to get campaign history details, please try again.',
  historyFailed: 'Unable to get campaign history, please try again.',
  historyFailedSupport: 'Unable to get campaign history, please contact tech support.',
  loadFailed: 'Unable to get campaigns',
  loadOneFailed: 'Unable to get campaign',
  deleteFailed: 'Unable to delete campaign',
  notFound: 'Campaign not found',
  emailUnavailable: 'E-mail campaigns are not available for this account; choose Message.',
  nameRequired: 'A campaign needs a name.',
  tagsRequired: 'Choose at least one tag.',
  contentRequired: 'Type the message.',
  occurrenceRequired: 'Choose when it runs.',
  startStep: 'The start time must be on the hour or the half hour.',
  weekdaysRequired: 'Choose at least one weekday.',
  endDateRequired: 'Choose the date it stops on.',
  unknownTag: 'One of the tags no longer exists.',
} as const;
/** Why a recipient got no text (the run detail's comment). */
export const CAMPAIGN_SKIP_REASONS = {
  'no-number': 'No mobile number',
  'opted-out': 'Opted out (replied STOP)',
  blocked: 'Number is blocked',
  'messaging-disabled': 'Texting is turned off for the account',
  stopped: 'Campaign stopped before this text was sent',
} as const;
/** Success percent as the dashboard shows it: delivered / sent * 100, two decimals. */
export const campaignSuccessPercent = (s: Pick<CampaignSummary, 'sent' | 'delivered'>) => (s.sent ? ((s.delivered / s.sent) * 100).toFixed(2) : '0.00');
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
/**
 * What a change of occurrence resets (spec 001 §4): once clears the interval, ends never and clears
 * the end value; daily clears interval, intervalOn and end value; weekly clears the interval and
 * starts with no weekdays; monthly and yearly clear interval and intervalOn.
 */
export function resetForOccurrence<T extends Partial<ScheduleFields>>(s: T, occurrence: CampaignOccurrence): T {
  const next = { ...s, scheduleOccurrence: occurrence };
  switch (occurrence) {
    case 'once':
      return { ...next, scheduleInterval: null, scheduleEndFormat: 'never', scheduleEndValue: null };
    case 'daily':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: null, scheduleEndValue: null };
    case 'weekly':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: [] };
    case 'monthly':
    case 'yearly':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: null };
    case 'field':
      return { ...next, scheduleInterval: null, scheduleIntervalOn: 'dob' };
  }
}
/** Wizard step completeness (spec 001 §4). */
export function campaignStepsComplete(c: {
  name?: string;
  targetTags?: string[];
  content?: string;
  scheduleOccurrence?: string | null;
}): [boolean, boolean, boolean, boolean] {
  return [!!c.name?.trim(), !!c.targetTags?.length, !!c.content?.trim(), !!c.scheduleOccurrence];
}
/** The "after N" label: 'occurrence' for 1, otherwise 'occurrences'. */
export const occurrenceWord = (n: number) => (n === 1 ? 'occurrence' : 'occurrences');
/** Campaign detail phone format (spec 001 §9): +# ###-###-#### above 10 digits, otherwise ###-###-####. */
export function campaignPhone(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length > 10) return `+${d.slice(0, d.length - 10)} ${d.slice(-10, -7)}-${d.slice(-7, -4)}-${d.slice(-4)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return value;
}
