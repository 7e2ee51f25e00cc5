import { holidayDate } from './holidays';

test.each([
  ['Martin Luther King Jr. Day', 2026, [1, 19]],
  ["Washington's Birthday", 2026, [2, 16]],
  ['Easter Sunday', 2026, [4, 5]],
  ['Easter Sunday', 2027, [3, 28]],
  ['Administrative Professionals Day', 2026, [4, 22]],
  ["Mother's Day", 2026, [5, 10]],
  ['Memorial Day', 2026, [5, 25]],
  ["Father's Day", 2026, [6, 21]],
  ['Labor Day', 2026, [9, 7]],
  ['Columbus Day', 2026, [10, 12]],
  ['Thanksgiving Day', 2026, [11, 26]],
  ['Day after Thanksgiving Day', 2026, [11, 27]],
  ['Christmas Day', 2026, [12, 25]],
] as const)('%s %i falls on %j', (holiday, year, date) => {
  expect(holidayDate(holiday, year)).toEqual(date);
});
