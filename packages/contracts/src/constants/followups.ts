/** Follow-ups' options, buckets and reminder texts (the schemas are in ../followups). */
export const FOLLOWUP_ASSIGN_TO = ['team', 'peer', 'self', 'none'] as const;
/** Minutes before the follow-up; 0 means at the scheduled time; null means no reminder. */
export const REMINDER_OPTIONS = [0, 15, 30, 45, 60] as const;
export const FOLLOWUP_BUCKETS = ['pastDue', 'today', 'tomorrow', 'future'] as const;
export const FOLLOWUP_STEP_MINUTES = 15;
/** A reminder job still missing this long after creation is shown as 'Error creating reminder'. */
export const REMINDER_GRACE_MS = 5 * 60 * 1000;
export const FOLLOWUP_NOTE_MAX = 2000;
/** What the follow-up's reminder icon shows (spec 001 section 4). */
export function reminderState(f: { reminderAt: number | null; reminderJob: string | null; createdAt: string }, now = Date.now()) {
  if (f.reminderAt === null) return 'none' as const;
  if (f.reminderJob) return 'set' as const;
  return now - Date.parse(f.createdAt) > REMINDER_GRACE_MS ? ('error' as const) : ('creating' as const);
}
export const REMINDER_STATE_TEXT = { creating: 'creating reminder', error: 'Error creating reminder' } as const;
/** The socket notice text of a due reminder. */
export const followUpReminderText = (note: string) => `Follow Up Reminder: ${note}`;
/** The persistent warning of a past due follow-up. */
export const pastDueFollowUpText = (note: string) => `Past Due Follow Up: ${note}`;
