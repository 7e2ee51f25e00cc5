import { followUpReminderText } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import type { AppEvents } from '../../events';
import type { Jobs } from '../../jobs/index';

/**
 * Follow-up reminders are jobs (src/jobs): scheduled for reminderAt minutes before the follow-up,
 * they survive a restart and run once. The job is written in the follow-up's own transaction and
 * its id kept on the follow-up (reminderJob): a follow-up and its reminder commit together or not
 * at all. A job whose follow-up was completed, deleted or rescheduled since (another reminderJob)
 * does nothing.
 */
export const REMINDER_JOB = 'followup-reminder';

interface ReminderData {
  followUpId: string;
  accountId: string;
}

/** In the follow-up's transaction `q`: its reminder job, or none when it needs none. */
export async function scheduleReminder(
  q: Queryable,
  jobs: Jobs | undefined,
  f: { id: string; accountId: string; date: Date; reminderAt: number | null; assignTo: string; isActive: boolean },
): Promise<void> {
  if (!jobs || !f.isActive || f.reminderAt === null || f.assignTo === 'none') return;
  const runAt = new Date(f.date.getTime() - f.reminderAt * 60_000);
  const jobId = await jobs.schedule<ReminderData>(
    REMINDER_JOB,
    { followUpId: f.id, accountId: f.accountId },
    runAt.getTime() > Date.now() ? runAt : undefined,
    q,
  );
  await q.query('update followups set reminder_job = $3 where id = $1 and account_id = $2 and is_active', [f.id, f.accountId, jobId]);
}

/** Sends a due reminder to the people it is for: the team, the peer assigned, or the creator. */
export async function deliverReminder(db: Db, events: AppEvents, data: ReminderData, jobId: string): Promise<boolean> {
  const [f] = await db.query<{ note: string; client_id: string | null; assign_to: string; user_id: string | null; created_by: string }>(
    `select note, client_id, assign_to, user_id, created_by from followups
      where id = $1 and account_id = $2 and is_active and reminder_job::text = $3`,
    [data.followUpId, data.accountId, jobId],
  );
  if (!f) return false;
  const userIds = f.assign_to === 'team' ? null : [f.assign_to === 'peer' && f.user_id ? f.user_id : f.created_by];
  events.emit('notice', {
    accountId: data.accountId,
    userIds,
    notice: { message: followUpReminderText(f.note), link: f.client_id ? `/contacts/contact/${f.client_id}` : undefined },
  });
  return true;
}

export async function workReminders(db: Db, events: AppEvents, jobs: Jobs): Promise<void> {
  await jobs.work<ReminderData>(REMINDER_JOB, async (data, job) => {
    await deliverReminder(db, events, data, job.id);
  });
}
