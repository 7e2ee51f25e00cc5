import moment from 'moment-timezone';
import { campaignPhone, campaignStepsComplete, campaignSuccessPercent, occurrenceWord, resetForOccurrence } from './constants/campaigns';
import { campaignOccurrences, nextCampaignOccurrence } from './constants/campaignSchedule';

const NY = 'America/New_York';
const local = (d: Date, tz = NY) => moment(d).tz(tz).format('YYYY-MM-DD HH:mm ddd');
const schedule = (s: Partial<Parameters<typeof campaignOccurrences>[0]>) => ({
  scheduleOccurrence: 'daily' as const,
  scheduleInterval: null,
  scheduleIntervalOn: null,
  scheduleStartOn: moment.tz('2026-03-05 09:00', NY).toISOString(),
  scheduleEndFormat: 'never' as const,
  scheduleEndValue: null,
  ...s,
});

test('daily keeps 9:00 local across the spring and autumn clock changes', () => {
  const days = campaignOccurrences(schedule({}), { timezone: NY, limit: 6 }).map((d) => local(d));
  expect(days).toEqual([
    '2026-03-05 09:00 Thu',
    '2026-03-06 09:00 Fri',
    '2026-03-07 09:00 Sat',
    '2026-03-08 09:00 Sun',
    '2026-03-09 09:00 Mon',
    '2026-03-10 09:00 Tue',
  ]);
  const [before, after] = campaignOccurrences(schedule({ scheduleStartOn: moment.tz('2026-10-31 09:00', NY).toISOString() }), { timezone: NY, limit: 2 });
  expect(after!.getTime() - before!.getTime()).toBe(25 * 3600_000); // 1 November is 25 hours long
  expect(local(after!)).toBe('2026-11-01 09:00 Sun');
});

test('a time the spring change skips moves forward an hour; repeat every 3 days', () => {
  const s = schedule({ scheduleStartOn: moment.tz('2026-03-05 02:30', NY).toISOString(), scheduleInterval: 3 });
  expect(campaignOccurrences(s, { timezone: NY, limit: 3 }).map((d) => local(d))).toEqual([
    '2026-03-05 02:30 Thu',
    '2026-03-08 03:30 Sun',
    '2026-03-11 02:30 Wed',
  ]);
});

test('weekly on chosen weekdays of every other week, the start week first', () => {
  const s = schedule({ scheduleOccurrence: 'weekly', scheduleInterval: 2, scheduleIntervalOn: [1, 3] }); // Mon, Wed; start Thu 5 March
  expect(campaignOccurrences(s, { timezone: NY, limit: 4 }).map((d) => local(d))).toEqual([
    '2026-03-16 09:00 Mon',
    '2026-03-18 09:00 Wed',
    '2026-03-30 09:00 Mon',
    '2026-04-01 09:00 Wed',
  ]);
  expect(campaignOccurrences({ ...s, scheduleIntervalOn: [] }, { timezone: NY })).toEqual([]);
});

test('monthly on the 31st falls on the last day of shorter months; 0 is always the last day', () => {
  const s = schedule({ scheduleOccurrence: 'monthly', scheduleIntervalOn: 31, scheduleStartOn: moment.tz('2027-01-01 10:00', NY).toISOString() });
  expect(campaignOccurrences(s, { timezone: NY, limit: 4 }).map((d) => local(d).slice(0, 10))).toEqual([
    '2027-01-31',
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
  ]);
  const leap = schedule({ scheduleOccurrence: 'monthly', scheduleIntervalOn: 0, scheduleStartOn: moment.tz('2028-02-01 10:00', NY).toISOString() });
  expect(campaignOccurrences(leap, { timezone: NY, limit: 2 }).map((d) => local(d).slice(0, 10))).toEqual(['2028-02-29', '2028-03-31']);
});

test('yearly on 29 February: the 28th in common years, the 29th in leap years', () => {
  const s = schedule({
    scheduleOccurrence: 'yearly',
    scheduleIntervalOn: { month: 2, day: 29 },
    scheduleStartOn: moment.tz('2026-01-10 08:00', NY).toISOString(),
  });
  expect(campaignOccurrences(s, { timezone: NY, limit: 3 }).map((d) => local(d).slice(0, 10))).toEqual(['2026-02-28', '2027-02-28', '2028-02-29']);
});

test('ends after N occurrences counted from the first, or on the last day inclusive', () => {
  const after = schedule({ scheduleEndFormat: 'after', scheduleEndValue: 3 });
  expect(campaignOccurrences(after, { timezone: NY })).toHaveLength(3);
  // Asked from the second day on, the count still starts at the first.
  expect(campaignOccurrences(after, { timezone: NY, from: moment.tz('2026-03-06 00:00', NY).toDate() })).toHaveLength(2);
  expect(campaignOccurrences(schedule({ scheduleEndFormat: 'after', scheduleEndValue: 0 }), { timezone: NY })).toEqual([]);
  const on = schedule({ scheduleEndFormat: 'on', scheduleEndValue: '2026-03-07' });
  expect(campaignOccurrences(on, { timezone: NY }).map((d) => local(d).slice(0, 10))).toEqual(['2026-03-05', '2026-03-06', '2026-03-07']);
  const once = schedule({ scheduleOccurrence: 'once' });
  expect(campaignOccurrences(once, { timezone: NY })).toHaveLength(1);
  expect(nextCampaignOccurrence(once, NY, new Date(once.scheduleStartOn))).toBeNull();
});

test('the next occurrence after a run, far from the start, is found without walking every day', () => {
  const s = schedule({ scheduleOccurrence: 'field', scheduleIntervalOn: 'dob' });
  const next = nextCampaignOccurrence(s, NY, moment.tz('2040-06-01 09:00', NY).toDate());
  expect(local(next!)).toBe('2040-06-02 09:00 Sat');
});

test('changing the occurrence resets what depends on it', () => {
  const full = schedule({ scheduleOccurrence: 'weekly', scheduleInterval: 2, scheduleIntervalOn: [1], scheduleEndFormat: 'after', scheduleEndValue: 4 });
  expect(resetForOccurrence(full, 'once')).toMatchObject({
    scheduleInterval: null,
    scheduleIntervalOn: [1],
    scheduleEndFormat: 'never',
    scheduleEndValue: null,
  });
  expect(resetForOccurrence(full, 'daily')).toMatchObject({
    scheduleInterval: null,
    scheduleIntervalOn: null,
    scheduleEndFormat: 'after',
    scheduleEndValue: null,
  });
  expect(resetForOccurrence({ ...full, scheduleIntervalOn: 3 }, 'weekly')).toMatchObject({ scheduleInterval: null, scheduleIntervalOn: [] });
  expect(resetForOccurrence(full, 'monthly')).toMatchObject({ scheduleInterval: null, scheduleIntervalOn: null, scheduleEndValue: 4 });
});

test('step completeness, words and formats', () => {
  expect(campaignStepsComplete({ name: 'x', targetTags: [], content: 'hi', scheduleOccurrence: 'once' })).toEqual([true, false, true, true]);
  expect([occurrenceWord(1), occurrenceWord(0), occurrenceWord(2)]).toEqual(['occurrence', 'occurrences', 'occurrences']);
  expect(campaignSuccessPercent({ sent: 3, delivered: 2 })).toBe('66.67');
  expect(campaignSuccessPercent({ sent: 0, delivered: 0 })).toBe('0.00');
  expect(campaignPhone('15125550142')).toBe('+1 512-555-0142');
  expect(campaignPhone('5125550142')).toBe('512-555-0142');
});
