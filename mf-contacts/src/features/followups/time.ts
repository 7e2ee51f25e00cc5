import { FOLLOWUP_STEP_MINUTES } from '@agency/contracts';

export { nextSlot, toLocalInput } from '@agency/ui';

/** What is wrong with a chosen follow-up time, or null: not earlier than now, on a 15-minute step. */
export function followUpTimeError(value: string | undefined, now = new Date()): string | null {
  if (!value) return 'Choose a date and time';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'Choose a date and time';
  if (d.getTime() < now.getTime() - 60_000) return 'The follow up cannot be earlier than now';
  if (d.getMinutes() % FOLLOWUP_STEP_MINUTES !== 0) return 'Choose a time on a 15-minute step';
  return null;
}

export type Bucket = 'pastDue' | 'today' | 'tomorrow' | 'future';
/** The dashboard bucket of a follow-up date. */
export function bucketOf(date: string, now = new Date()): Bucket {
  const d = new Date(date);
  if (d.getTime() <= now.getTime()) return 'pastDue';
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const day = Math.floor((new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() - start.getTime()) / 86_400_000);
  if (day <= 0) return 'today';
  if (day === 1) return 'tomorrow';
  return 'future';
}
