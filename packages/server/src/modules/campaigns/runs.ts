import { randomUUID } from 'node:crypto';
import moment from 'moment-timezone';
import { fillTemplate, nextCampaignOccurrence, placeholderValues } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { conflict } from '../../http/errors';
import { sendAutomatedText, type Pace } from '../sms/outbound';
import { sealerOf } from '../../sealing/crypto';
import { accountTimezone, campaignRecipients, isBirthday, mobileOf, toCampaign, type CampaignRow, type Recipient } from './service';

/*
 * How a campaign runs. The campaign row keeps the occurrence its job waits for (next_run_at); the
 * job for that time opens the run (one per campaign and time), moves next_run_at on and queues the
 * next job, then texts each person with a key of their own. A job for any other time is stale and
 * does nothing, so a job queued twice runs once. A run still 'running' when the API starts (a
 * restart half way) is carried on: people already texted are found by their key, so nobody gets a
 * second copy. Between batches the run looks whether the campaign was stopped.
 */
export const OCCURRENCE_JOB = 'campaign.occurrence';
export const RUN_JOB = 'campaign.run';
const BATCH = 100;

interface OccurrenceData {
  accountId: string;
  campaignId: string;
  runAt: string;
}
interface RunData {
  accountId: string;
  runId: string;
}

export const textKey = (campaignId: string, runId: string, r: Pick<Recipient, 'clientId' | 'level'>) =>
  `campaign:${campaignId}:${runId}:${r.clientId}:${r.level}`;

/** Queues the job of the campaign's next occurrence (after the write that set it commits). */
export async function queueNextRun(deps: AppDeps, accountId: string, campaignId: string, runAt: Date | null): Promise<void> {
  if (!deps.jobs || !runAt) return;
  await deps.jobs.schedule<OccurrenceData>(OCCURRENCE_JOB, { accountId, campaignId, runAt: runAt.toISOString() }, runAt);
}

/** Opens the run of one occurrence and moves the campaign to its next; null when the job is stale. */
export async function openOccurrence(deps: AppDeps, data: OccurrenceData): Promise<{ runId: string | null; next: Date | null }> {
  const runAt = new Date(data.runAt);
  return deps.db.tx(async (q) => {
    const [c] = await q.query<CampaignRow>('select * from campaigns where id = $1 and account_id = $2 and is_active and next_run_at = $3 for update', [
      data.campaignId,
      data.accountId,
      runAt,
    ]);
    if (!c) return { runId: null, next: null };
    const timezone = await accountTimezone(q, data.accountId);
    const next = nextCampaignOccurrence(toCampaign({ ...c, updated_by_id: null, updated_by_first: null, updated_by_last: null }), timezone, runAt);
    const runId = await openRun(q, data.accountId, data.campaignId, runAt);
    await q.query('update campaigns set jobs_ran = jobs_ran + 1, next_run_at = $3 where id = $1 and account_id = $2', [data.campaignId, data.accountId, next]);
    return { runId, next };
  });
}

async function openRun(q: Queryable, accountId: string, campaignId: string, runDate: Date): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `insert into campaign_runs (id, account_id, campaign_id, run_date) values ($1, $2, $3, $4) on conflict (campaign_id, run_date) do nothing returning id`,
    [randomUUID(), accountId, campaignId, runDate],
  );
  return row?.id ?? null;
}

/** A run now, outside the schedule ("Run Now"): it does not count toward the schedule's occurrences. */
export async function runNow(deps: AppDeps, accountId: string, campaignId: string): Promise<string> {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const runId = await deps.db.tx((q) => openRun(q, accountId, campaignId, at));
  if (!runId) throw conflict('The campaign is already running.');
  await queueRun(deps, accountId, runId);
  return runId;
}

async function queueRun(deps: AppDeps, accountId: string, runId: string) {
  if (deps.jobs) await deps.jobs.schedule<RunData>(RUN_JOB, { accountId, runId });
  else await processRun(deps, accountId, runId);
}

/** The slots of a run: one text a second (CAMPAIGN_RATE) per agency number, none in quiet hours. */
function pacer(ratePerSecond: number): Pace {
  const gap = 1000 / ratePerSecond;
  const next = new Map<string, number>();
  return (from, earliest, open) => {
    const at = open(new Date(Math.max(earliest.getTime(), next.get(from) ?? 0)));
    next.set(from, at.getTime() + gap);
    return at;
  };
}

async function addressesOf(q: Queryable, accountId: string, clientIds: string[]) {
  const rows = await q.query<{ client_id: string; data: Record<string, string | null> }>(
    `select distinct on (client_id) client_id, data from client_records
      where account_id = $1 and kind = 'address' and client_id = any($2::uuid[])
      order by client_id, (data->>'type' = 'Physical') desc, created_at`,
    [accountId, clientIds],
  );
  return new Map(rows.map((r) => [r.client_id, r.data]));
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

function messageFor(content: string, r: Recipient, address: Record<string, string | null> | undefined): string {
  const d = r.data;
  const person =
    r.level === 'secondary'
      ? {
          firstName: str(d.coFirstName),
          preferredFirstName: str(d.coPreferredFirstName),
          lastName: str(d.coLastName) || str(d.lastName),
          phone: str(d.coPhone),
          mobilePhone: str(d.coMobilePhone),
        }
      : {
          firstName: str(d.firstName),
          preferredFirstName: str(d.preferredFirstName),
          lastName: str(d.lastName),
          phone: str(d.phone),
          mobilePhone: str(d.mobilePhone),
        };
  return fillTemplate(content, placeholderValues({ ...person, address: address ?? null }));
}

/** Texts everyone of a run not yet texted; stops cleanly when the campaign was stopped or deleted. */
export async function processRun(deps: AppDeps, accountId: string, runId: string): Promise<'done' | 'stopped' | 'missing'> {
  const { db } = deps;
  const [run] = await db.query<{ campaign_id: string; run_date: Date; status: string }>(
    'select campaign_id, run_date, status from campaign_runs where id = $1 and account_id = $2',
    [runId, accountId],
  );
  if (!run) return 'missing';
  if (run.status !== 'running') return run.status === 'done' ? 'done' : 'stopped';
  const [campaign] = await db.query<CampaignRow>('select * from campaigns where id = $1 and account_id = $2', [run.campaign_id, accountId]);
  const finish = async (status: 'done' | 'stopped') => {
    await db.query(`update campaign_runs set status = $2, finished_at = now() where id = $1 and status = 'running'`, [runId, status]);
    deps.events.emit('campaignsChanged', { accountId, campaignId: run.campaign_id });
    return status;
  };
  if (!campaign?.is_active) return finish('stopped');

  const timezone = await accountTimezone(db, accountId);
  let people = await campaignRecipients(db, { accountId, sealer: sealerOf(deps) }, { targetTags: campaign.target_tags, targetWhom: campaign.target_whom });
  if (campaign.schedule_occurrence === 'field') {
    const day = moment(run.run_date).tz(timezone);
    people = people.filter((r) => isBirthday(r.dob, day));
  }
  const done = new Set(
    (await db.query<{ client_id: string; level: string }>('select client_id, level from campaign_run_recipients where run_id = $1', [runId])).map(
      (r) => `${r.client_id}:${r.level}`,
    ),
  );
  const pace = pacer(deps.config.campaignRatePerSecond);

  for (let i = 0; i < people.length; i += BATCH) {
    const [still] = await db.query<{ is_active: boolean }>('select is_active from campaigns where id = $1 and account_id = $2', [run.campaign_id, accountId]);
    if (!still?.is_active) return finish('stopped');
    const batch = people.slice(i, i + BATCH).filter((r) => !done.has(`${r.clientId}:${r.level}`));
    if (!batch.length) continue;
    const addresses = await addressesOf(db, accountId, [...new Set(batch.map((r) => r.clientId))]);
    for (const r of batch) {
      const to = mobileOf(r);
      const result =
        to.length === 11
          ? await sendAutomatedText(deps, {
              accountId,
              clientId: r.clientId,
              to,
              body: messageFor(campaign.content, r, addresses.get(r.clientId)),
              kind: 'campaign',
              idempotencyKey: textKey(run.campaign_id, runId, r),
              campaignName: campaign.name,
              pace,
            })
          : ({ status: 'skipped', reason: 'no-number' } as const);
      await db.query(
        `insert into campaign_run_recipients (run_id, account_id, client_id, level, name, phone_number, message_id, skip_reason)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (run_id, client_id, level) do nothing`,
        [
          runId,
          accountId,
          r.clientId,
          r.level,
          r.name,
          to,
          result.status === 'queued' ? result.messageId : null,
          result.status === 'skipped' ? result.reason : null,
        ],
      );
    }
  }
  return finish('done');
}

/** Runs left half way by a restart, and occurrences whose job was never queued: picked up again. */
export async function resumeCampaigns(deps: AppDeps): Promise<{ runs: number; schedules: number }> {
  const runs = await deps.db.query<{ id: string; account_id: string }>(`select id, account_id from campaign_runs where status = 'running'`);
  for (const r of runs) await queueRun(deps, r.account_id, r.id);
  const due = await deps.db.query<{ id: string; account_id: string; next_run_at: Date }>(
    'select id, account_id, next_run_at from campaigns where is_active and next_run_at is not null',
  );
  for (const c of due) await queueNextRun(deps, c.account_id, c.id, new Date(c.next_run_at));
  return { runs: runs.length, schedules: due.length };
}

export async function startCampaignWorker(deps: AppDeps): Promise<void> {
  if (!deps.jobs) return;
  await deps.jobs.work<OccurrenceData>(OCCURRENCE_JOB, async (data) => {
    const { runId, next } = await openOccurrence(deps, data);
    if (!runId) return;
    await queueNextRun(deps, data.accountId, data.campaignId, next);
    await processRun(deps, data.accountId, runId);
  });
  await deps.jobs.work<RunData>(RUN_JOB, async (data) => {
    await processRun(deps, data.accountId, data.runId);
  });
  await resumeCampaigns(deps);
}
