import { randomUUID } from 'node:crypto';
import type { Server } from 'socket.io';
import { followUpReminderText } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import type { SocketFeature } from '../../realtime/index';

/**
 * Follow-up reminders as jobs: a row in reminder_jobs with its due time, claimed with
 * FOR UPDATE SKIP LOCKED by whichever process polls first, so a reminder survives a restart and
 * reaches its people once. The scheduling sits behind scheduleReminder/cancelReminder so it can
 * move onto the shared jobs runner (src/jobs) without its callers changing.
 */
export async function scheduleReminder(
  q: Queryable,
  f: { id: string; accountId: string; date: Date; reminderAt: number | null; assignTo: string },
): Promise<string | null> {
  await cancelReminder(q, f.id);
  if (f.reminderAt === null || f.assignTo === 'none') return null;
  const jobId = randomUUID();
  const due = new Date(f.date.getTime() - f.reminderAt * 60_000);
  await q.query('insert into reminder_jobs (id, account_id, followup_id, due_at) values ($1, $2, $3, $4)', [jobId, f.accountId, f.id, due.toISOString()]);
  await q.query('update followups set reminder_job = $2 where id = $1', [f.id, jobId]);
  return jobId;
}

export async function cancelReminder(q: Queryable, followUpId: string): Promise<void> {
  await q.query('delete from reminder_jobs where followup_id = $1 and done_at is null', [followUpId]);
  await q.query('update followups set reminder_job = null where id = $1', [followUpId]);
}

/** The socket server each database's processes emit through (set when the first socket connects). */
const servers = new WeakMap<Db, Server>();
export const followUpsSocketFeature: SocketFeature = (_socket, { db, nsp }) => {
  if (!servers.has(db)) {
    servers.set(db, nsp.server as unknown as Server);
    void deliverDueReminders(db).catch(() => undefined);
  }
};

interface DueJob {
  id: string;
  account_id: string;
  followup_id: string;
  db_name: string;
  note: string;
  client_id: string | null;
  assign_to: string;
  user_id: string | null;
  created_by: string;
  is_active: boolean;
}

/** Delivers the reminders that are due. Answers how many were delivered. */
export async function deliverDueReminders(db: Db, io: Server | undefined = servers.get(db)): Promise<number> {
  if (!io) return 0; // nobody is connected to this process yet: leave the jobs for later
  const jobs = await db.tx((q) =>
    q.query<DueJob>(
      `with due as (
         select id from reminder_jobs
          where done_at is null and due_at <= now() and (locked_until is null or locked_until < now())
          order by due_at limit 50 for update skip locked)
       update reminder_jobs j set locked_until = now() + interval '1 minute', attempts = j.attempts + 1
         from due, followups f, accounts a
        where j.id = due.id and f.id = j.followup_id and a.id = j.account_id
       returning j.id, j.account_id, j.followup_id, a.db_name, f.note, f.client_id, f.assign_to, f.user_id, f.created_by, f.is_active`,
    ),
  );
  let delivered = 0;
  for (const job of jobs) {
    try {
      if (job.is_active) {
        const nsp = io.of(`/${job.db_name}`);
        const notice = { message: followUpReminderText(job.note), link: job.client_id ? `/contacts/contact/${job.client_id}` : undefined };
        if (job.assign_to === 'team') nsp.emit('message', notice);
        else nsp.to(`user:${job.assign_to === 'peer' && job.user_id ? job.user_id : job.created_by}`).emit('message', notice);
        delivered++;
      }
      await db.query('update reminder_jobs set done_at = now(), locked_until = null where id = $1', [job.id]);
    } catch (err) {
      await db.query('update reminder_jobs set last_error = $2 where id = $1', [job.id, err instanceof Error ? err.message : String(err)]);
    }
  }
  return delivered;
}

/** Polls for due reminders while the app runs. */
export function startReminderWorker(db: Db, everyMs = Number(process.env.REMINDER_POLL_MS ?? 5000)): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueReminders(db)
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
