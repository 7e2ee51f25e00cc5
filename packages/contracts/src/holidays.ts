import type { HOLIDAYS } from './officeHours';

export type Holiday = (typeof HOLIDAYS)[number];

/** Day of month of the nth `weekday` (0 = Sunday) of a month (month 1-12); n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

/** The [month, day] a preset holiday falls on in `year` (spec 002 §9). */
export function holidayDate(holiday: Holiday, year: number): [number, number] {
  switch (holiday) {
    case "New Year's Day":
      return [1, 1];
    case 'Martin Luther King Jr. Day':
      return [1, nthWeekday(year, 1, 1, 3)];
    case "Valentine's Day":
      return [2, 14];
    case "Washington's Birthday":
      return [2, nthWeekday(year, 2, 1, 3)];
    case "St. Patrick's Day":
      return [3, 17];
    case 'Easter Sunday':
      return easter(year);
    case 'Tax Day':
      return [4, 15];
    case 'Administrative Professionals Day':
      // The Wednesday of the last full week (Sunday to Saturday) of April.
      return [4, nthWeekday(year, 4, 6, -1) - 3];
    case "Mother's Day":
      return [5, nthWeekday(year, 5, 0, 2)];
    case 'Memorial Day':
      return [5, nthWeekday(year, 5, 1, -1)];
    case 'Juneteenth':
      return [6, 19];
    case "Father's Day":
      return [6, nthWeekday(year, 6, 0, 3)];
    case 'Independence Day':
      return [7, 4];
    case 'Labor Day':
      return [9, nthWeekday(year, 9, 1, 1)];
    case 'Columbus Day':
      return [10, nthWeekday(year, 10, 1, 2)];
    case 'Halloween':
      return [10, 31];
    case 'Veterans Day':
      return [11, 11];
    case 'Thanksgiving Day':
      return [11, nthWeekday(year, 11, 4, 4)];
    case 'Day after Thanksgiving Day':
      return [11, nthWeekday(year, 11, 4, 4) + 1];
    case 'Christmas Eve':
      return [12, 24];
    case 'Christmas Day':
      return [12, 25];
    case "New Year's Eve":
      return [12, 31];
  }
}
