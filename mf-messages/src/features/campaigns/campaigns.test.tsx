import { canGo } from './CampaignWizard';
import { occurrenceSummary } from './schedule';

const schedule = { scheduleInterval: null, scheduleIntervalOn: null, scheduleEndFormat: 'never' as const, scheduleEndValue: null };

test('the wizard moves back always and forward only over complete steps', () => {
  const complete = [true, false, true, false];
  expect(canGo(complete, 2, 0)).toBe(true);
  expect(canGo(complete, 0, 1)).toBe(true);
  expect(canGo(complete, 0, 2)).toBe(false);
  expect(canGo(complete, 2, 3)).toBe(true);
  expect(canGo([true, true, true, false], 0, 3)).toBe(true);
});

test('the list says each schedule in words', () => {
  expect(occurrenceSummary({ ...schedule, scheduleOccurrence: 'once' })).toBe('Once');
  expect(occurrenceSummary({ ...schedule, scheduleOccurrence: 'weekly', scheduleIntervalOn: [1, 4], scheduleEndFormat: 'after', scheduleEndValue: 1 })).toBe(
    'Every week on Mon, Thu, 1 occurrence',
  );
  expect(occurrenceSummary({ ...schedule, scheduleOccurrence: 'monthly', scheduleInterval: 2, scheduleIntervalOn: 0 })).toBe('Every 2 months on the last day');
  expect(occurrenceSummary({ ...schedule, scheduleOccurrence: 'monthly', scheduleIntervalOn: 22 })).toBe('Every month on the 22nd');
  expect(
    occurrenceSummary({
      ...schedule,
      scheduleOccurrence: 'yearly',
      scheduleIntervalOn: { month: 2, day: 29 },
      scheduleEndFormat: 'on',
      scheduleEndValue: '2030-03-01',
    }),
  ).toBe('Every year on February 29, until 2030-03-01');
  expect(occurrenceSummary({ ...schedule, scheduleOccurrence: 'field', scheduleIntervalOn: 'dob' })).toBe('On each birthday');
});
