import { durationSince, formatDateTime, lastContactLabel, recentDate, relativeTime, shortTimestamp } from './relative';

const now = new Date(2026, 5, 15, 12, 0, 0);

describe('relative dates', () => {
  it('labels the last contact today, yesterday or relative', () => {
    expect(lastContactLabel(new Date(2026, 5, 15, 8), now)).toBe('today');
    expect(lastContactLabel(new Date(2026, 5, 14, 8), now)).toBe('yesterday');
    expect(lastContactLabel(new Date(2026, 5, 10, 12), now)).toBe('5 days ago');
    expect(lastContactLabel(null, now)).toBe('-');
  });
  it('says how long ago or how long since', () => {
    expect(relativeTime(new Date(2026, 5, 15, 11, 58), now)).toBe('2 minutes ago');
    expect(relativeTime(new Date(2026, 5, 15, 15, 0, 30), now)).toBe('in 3 hours');
    expect(durationSince(new Date(2023, 5, 1), now)).toBe('3 years');
    expect(durationSince(null, now)).toBe('-');
  });
  it('keeps recent dates relative and older ones as M/dd/yyyy', () => {
    expect(recentDate(new Date(2026, 5, 13, 12), now)).toBe('2 days ago');
    expect(recentDate(new Date(2026, 0, 5), now)).toBe('1/05/2026');
  });
  it('shows the time within a day and a short date after', () => {
    expect(shortTimestamp(new Date(2026, 5, 15, 9, 5), now)).toMatch(/^9:05\sAM$/);
    expect(shortTimestamp(new Date(2026, 2, 5), now)).toBe('3/5/26');
  });
});

test('formatDateTime: MM/dd/yyyy h:mm AM, with seconds when asked', () => {
  const at = new Date(2026, 10, 20, 15, 4, 5);
  expect(formatDateTime(at)).toBe('11/20/2026 3:04 PM');
  expect(formatDateTime(at, { seconds: true })).toBe('11/20/2026 3:04:05 PM');
  expect(formatDateTime(null)).toBe('');
});
