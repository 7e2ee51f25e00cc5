import { randomUUID } from 'node:crypto';
import moment from 'moment-timezone';
import {
  CAMPAIGN_HELD_COMMENT,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_SKIP_REASONS,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignOccurrences,
  type Campaign,
  type CampaignAudience,
  type CampaignLog,
  type CampaignLogDetail,
  type CampaignSkipReason,
  type CampaignSummary,
  type CampaignTarget,
} from '@agency/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { Params, iso } from '../../db/sql';
import { sealedFieldBinding } from '../clientStore/mapping';
import { birthDatesForTags, membershipCondition, type TagRow, type TagScope } from '../tags/service';
import { toDigits } from '../sms/service';
import { afterQuietHours, timezoneOf } from '../sms/outbound';

export type CampaignInputParsed = z.output<typeof campaignInputSchema>;

interface Row {
  id: string;
  account_id: string;
  name: string;
  description: string;
  format: Campaign['format'];
  content: string;
  target_whom: CampaignTarget;
  target_tags: string[];
  schedule_occurrence: Campaign['scheduleOccurrence'];
  schedule_interval: number | null;
  schedule_interval_on: Campaign['scheduleIntervalOn'];
  schedule_start_on: Date;
  schedule_end_format: Campaign['scheduleEndFormat'];
  schedule_end_value: string | number | null;
  jobs_ran: number;
  next_run_at: Date | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  updated_by_id: string | null;
  updated_by_first: string | null;
  updated_by_last: string | null;
}
export type CampaignRow = Row;

const SELECT = `select c.*, u.id as updated_by_id, u.first_name as updated_by_first, u.last_name as updated_by_last
  from campaigns c left join users u on u.id = c.updated_by`;

export const toCampaign = (r: Row): Campaign => ({
  id: r.id,
  name: r.name,
  description: r.description,
  format: r.format,
  content: r.content,
  targetWhom: r.target_whom,
  targetTags: r.target_tags,
  scheduleOccurrence: r.schedule_occurrence,
  scheduleInterval: r.schedule_interval,
  scheduleIntervalOn: r.schedule_interval_on,
  scheduleStartOn: iso(r.schedule_start_on)!,
  scheduleEndFormat: r.schedule_end_format,
  scheduleEndValue: r.schedule_end_value,
  jobsRan: r.jobs_ran,
  nextRunOn: iso(r.next_run_at),
  isActive: r.is_active,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  updatedBy: r.updated_by_id ? { id: r.updated_by_id, firstName: r.updated_by_first ?? '', lastName: r.updated_by_last ?? '' } : null,
});

export async function accountTimezone(q: Queryable, accountId: string): Promise<string> {
  const [row] = await q.query<{ timezone: string | null }>('select timezone from accounts where id = $1', [accountId]);
  return row?.timezone && moment.tz.zone(row.timezone) ? row.timezone : 'America/New_York';
}

export async function findCampaignRow(q: Queryable, accountId: string, id: string, lock = false): Promise<Row> {
  const [row] = await q.query<Row>(
    lock
      ? 'select c.*, null as updated_by_id, null as updated_by_first, null as updated_by_last from campaigns c where c.id = $1 and c.account_id = $2 for update'
      : `${SELECT} where c.id = $1 and c.account_id = $2`,
    [id, accountId],
  );
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
}

export async function getCampaign(q: Queryable, accountId: string, id: string): Promise<Campaign> {
  return toCampaign(await findCampaignRow(q, accountId, id));
}

const SORTS: Record<string, string> = {
  name: 'lower(c.name)',
  description: 'lower(c.description)',
  scheduleStartOn: 'c.schedule_start_on',
  createdAt: 'c.created_at',
};

export async function listCampaigns(q: Queryable, accountId: string, query: z.output<typeof campaignListQuerySchema>): Promise<Campaign[]> {
  const p = new Params();
  const where = [`c.account_id = ${p.add(accountId)}`];
  if (query.format) where.push(`c.format = ${p.add(query.format)}`);
  if (query.isActive !== undefined) where.push(`c.is_active = ${p.add(query.isActive)}`);
  const desc = query.sort.startsWith('-');
  const column = SORTS[query.sort.replace(/^-/, '')] ?? SORTS.createdAt!;
  const limit = p.add(query.limit);
  const offset = p.add((query.page - 1) * query.limit);
  const rows = await q.query<Row>(
    `${SELECT} where ${where.join(' and ')} order by ${column} ${desc ? 'desc' : 'asc'}, c.id limit ${limit} offset ${offset}`,
    p.values,
  );
  return rows.map(toCampaign);
}

/** The checks zod cannot make: the account's zone, its tags, and the schedule's dependent values. */
export async function checkCampaign(q: Queryable, accountId: string, input: CampaignInputParsed, timezone: string): Promise<void> {
  if (input.format !== 'sms') throw badRequest(CAMPAIGN_MESSAGES.emailUnavailable);
  const start = moment(input.scheduleStartOn).tz(timezone);
  if (start.minute() % 30 !== 0 || start.second() !== 0 || start.millisecond() !== 0) throw badRequest(CAMPAIGN_MESSAGES.startStep);
  if (input.scheduleOccurrence === 'weekly' && !(Array.isArray(input.scheduleIntervalOn) && input.scheduleIntervalOn.length))
    throw badRequest(CAMPAIGN_MESSAGES.weekdaysRequired);
  if (input.scheduleEndFormat === 'on' && (typeof input.scheduleEndValue !== 'string' || !moment(input.scheduleEndValue).isValid()))
    throw badRequest(CAMPAIGN_MESSAGES.endDateRequired);
  if (input.scheduleEndFormat === 'after' && typeof input.scheduleEndValue !== 'number') throw badRequest('Enter how many occurrences it runs.');
  const found = await q.query<{ id: string }>('select id from tags where account_id = $1 and id = any($2::uuid[])', [accountId, input.targetTags]);
  if (found.length !== new Set(input.targetTags).size) throw badRequest(CAMPAIGN_MESSAGES.unknownTag);
}

/** The next occurrence from now on (the one a job waits for), or null when the schedule is over. */
export function nextRunFrom(
  c: Pick<Campaign, 'scheduleOccurrence' | 'scheduleInterval' | 'scheduleIntervalOn' | 'scheduleStartOn' | 'scheduleEndFormat' | 'scheduleEndValue'>,
  timezone: string,
  now = new Date(),
): Date | null {
  return campaignOccurrences(c, { timezone, from: now, limit: 1 })[0] ?? null;
}

const scheduleValues = (input: CampaignInputParsed) => [
  input.scheduleOccurrence,
  input.scheduleInterval,
  JSON.stringify(input.scheduleIntervalOn),
  input.scheduleStartOn,
  input.scheduleEndFormat,
  JSON.stringify(input.scheduleEndValue),
];

/** The values $1 to $17 of the insert and the update, in the order both name them. */
const campaignValues = (id: string, who: { accountId: string; userId: string }, input: CampaignInputParsed, nextRun: Date | null) => [
  id,
  who.accountId,
  input.name,
  input.description,
  input.format,
  input.content,
  input.targetWhom,
  input.targetTags,
  ...scheduleValues(input),
  input.isActive ? nextRun : null,
  input.isActive,
  who.userId,
];

export async function insertCampaign(
  q: Queryable,
  who: { accountId: string; userId: string },
  input: CampaignInputParsed,
  nextRun: Date | null,
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into campaigns (id, account_id, name, description, format, content, target_whom, target_tags, schedule_occurrence, schedule_interval, schedule_interval_on,
       schedule_start_on, schedule_end_format, schedule_end_value, next_run_at, is_active, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9, $10, $11::jsonb, $12, $13, $14::jsonb, $15, $16, $17, $17)`,
    campaignValues(id, who, input, nextRun),
  );
  return id;
}

export async function updateCampaignRow(
  q: Queryable,
  who: { accountId: string; userId: string },
  id: string,
  input: CampaignInputParsed,
  nextRun: Date | null,
): Promise<void> {
  await q.query(
    `update campaigns set name = $3, description = $4, format = $5, content = $6, target_whom = $7, target_tags = $8::uuid[], schedule_occurrence = $9, schedule_interval = $10,
       schedule_interval_on = $11::jsonb, schedule_start_on = $12, schedule_end_format = $13, schedule_end_value = $14::jsonb, next_run_at = $15, is_active = $16,
       updated_by = $17, updated_at = now()
     where id = $1 and account_id = $2`,
    campaignValues(id, who, input, nextRun),
  );
}

/**
 * Texts of the campaign not yet handed to the carrier are withdrawn (a stopped or deleted campaign
 * sends nothing more); their recipients say why.
 */
export async function withdrawPendingTexts(q: Queryable, accountId: string, campaignId: string): Promise<number> {
  const pending = await q.query<{ id: string }>(
    `select id from sms_messages where account_id = $1 and idempotency_key like $2 and status = 'pending' and carrier_sid is null`,
    [accountId, `campaign:${campaignId}:%`],
  );
  if (!pending.length) return 0;
  const ids = pending.map((r) => r.id);
  await q.query(`update campaign_run_recipients set skip_reason = 'stopped' where account_id = $1 and message_id = any($2::uuid[])`, [accountId, ids]);
  await q.query(`delete from sms_messages where account_id = $1 and id = any($2::uuid[])`, [accountId, ids]);
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// Recipients

export interface Recipient {
  clientId: string;
  level: 'primary' | 'secondary';
  name: string;
  mobile: string;
  dob: string | null;
  data: Record<string, unknown>;
}

async function targetTagRows(q: Queryable, accountId: string, tagIds: string[]): Promise<TagRow[]> {
  if (!tagIds.length) return [];
  return q.query<TagRow>(
    'select id, account_id, name, description, query_obj, type, is_active, created_at from tags where account_id = $1 and id = any($2::uuid[])',
    [accountId, tagIds],
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The people of the tags' clients a campaign is for, in a stable order (client, then primary before secondary). */
export async function campaignRecipients(q: Queryable, scope: TagScope, target: { targetTags: string[]; targetWhom: CampaignTarget }): Promise<Recipient[]> {
  const tags = await targetTagRows(q, scope.accountId, target.targetTags);
  if (!tags.length) return [];
  const p = new Params();
  const account = p.add(scope.accountId);
  const birthDates = await birthDatesForTags(q, scope, tags);
  const conditions = tags.map((t) => membershipCondition(t, p, 'c', birthDates));
  const rows = await q.query<{ id: string; data: Record<string, unknown> }>(
    `select c.id, c.data from clients c where c.account_id = ${account} and (${conditions.join(' or ')}) order by c.id`,
    p.values,
  );
  const out: Recipient[] = [];
  for (const r of rows) {
    const d = r.data;
    const birth = (f: 'dob' | 'coDOB') => (str(d[f]) ? scope.sealer.open(str(d[f]), sealedFieldBinding(r.id, f)) : null);
    if (target.targetWhom !== 'subClient') {
      out.push({
        clientId: r.id,
        level: 'primary',
        name: [str(d.preferredFirstName) || str(d.firstName), str(d.lastName)].filter(Boolean).join(' '),
        mobile: toDigits(str(d.mobilePhone)),
        dob: birth('dob'),
        data: d,
      });
    }
    if (target.targetWhom !== 'client' && str(d.coFirstName)) {
      out.push({
        clientId: r.id,
        level: 'secondary',
        name: [str(d.coPreferredFirstName) || str(d.coFirstName), str(d.coLastName) || str(d.lastName)].filter(Boolean).join(' '),
        mobile: toDigits(str(d.coMobilePhone)),
        dob: birth('coDOB'),
        data: d,
      });
    }
  }
  return out;
}

/** A 10-digit number with the country code added, as the carrier layer keeps numbers. */
export const mobileOf = (r: Pick<Recipient, 'mobile'>) => (r.mobile.length === 10 ? `1${r.mobile}` : r.mobile);

/** Whether `dob` (MM/dd/yyyy) falls on the local day `day`; 29 February counts on the 28th in common years. */
export function isBirthday(dob: string | null, day: moment.Moment): boolean {
  const m = dob?.match(/^(\d{1,2})\/(\d{1,2})\/\d{4}$/);
  if (!m) return false;
  const month = Number(m[1]);
  const date = Number(m[2]);
  if (month === day.month() + 1 && date === day.date()) return true;
  return month === 2 && date === 29 && !day.isLeapYear() && day.month() === 1 && day.date() === 28;
}

export async function audience(q: Queryable, scope: TagScope, target: { targetTags: string[]; targetWhom: CampaignTarget }): Promise<CampaignAudience> {
  const { accountId } = scope;
  const people = await campaignRecipients(q, scope, target);
  const withMobile = people.filter((r) => mobileOf(r).length === 11);
  const optedOut = new Set(
    withMobile.length
      ? (
          await q.query<{ phone_number: string }>('select phone_number from sms_opt_outs where account_id = $1 and phone_number = any($2::text[])', [
            accountId,
            withMobile.map(mobileOf),
          ])
        ).map((r) => r.phone_number)
      : [],
  );
  const reachable = withMobile.filter((r) => !optedOut.has(mobileOf(r)));
  const sample = reachable[0] ?? null;
  return {
    recipients: reachable.length,
    noMobile: people.length - withMobile.length,
    optedOut: withMobile.length - reachable.length,
    sample: sample ? { clientId: sample.clientId, level: sample.level } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Logs and summary

/** Reached the carrier: sent or delivered, or pending with the carrier's SID (handed, its first report to come). */
const SUCCESS = ['sent', 'delivered'];

export async function campaignLogs(q: Queryable, accountId: string, campaignId: string): Promise<CampaignLog[]> {
  await findCampaignRow(q, accountId, campaignId);
  // A text still pending without the carrier's SID has not gone anywhere (a run at night holds its texts until 8:00): held, not successful.
  const rows = await q.query<{ run_date: Date; status: CampaignLog['status']; successful: number; failed: number; held: number }>(
    `select r.run_date, r.status,
            count(*) filter (where x.skip_reason is null and (m.status = any($3::text[]) or (m.status = 'pending' and m.carrier_sid is not null)))::int as successful,
            count(*) filter (where x.skip_reason is not null or m.status in ('undelivered', 'failed'))::int as failed,
            count(*) filter (where x.skip_reason is null and m.status = 'pending' and m.carrier_sid is null)::int as held
       from campaign_runs r
       left join campaign_run_recipients x on x.run_id = r.id
       left join sms_messages m on m.id = x.message_id
      where r.campaign_id = $1 and r.account_id = $2
      group by r.id order by r.run_date desc limit 200`,
    [campaignId, accountId, SUCCESS],
  );
  return rows.map((r) => ({ runDate: iso(r.run_date)!, status: r.status, successful: r.successful, failed: r.failed, held: r.held }));
}

export async function campaignLogDetails(q: Queryable, accountId: string, campaignId: string, runDate: string): Promise<CampaignLogDetail[]> {
  const at = new Date(runDate);
  if (Number.isNaN(at.getTime())) throw badRequest('Invalid run date');
  const [run] = await q.query<{ id: string }>('select id from campaign_runs where campaign_id = $1 and account_id = $2 and run_date = $3', [
    campaignId,
    accountId,
    at,
  ]);
  if (!run) throw notFound('Run not found');
  const rows = await q.query<{
    client_id: string | null;
    name: string;
    phone_number: string;
    skip_reason: CampaignSkipReason | null;
    status: string | null;
    error: string | null;
    handed: boolean;
    by_number: string | null;
    created_at: Date | null;
  }>(
    `select x.client_id, x.name, x.phone_number, x.skip_reason, m.status, m.error, m.carrier_sid is not null as handed,
            m.by_number, m.created_at
       from campaign_run_recipients x left join sms_messages m on m.id = x.message_id
      where x.run_id = $1 order by x.id`,
    [run.id],
  );
  // A text written in quiet hours at its sending number waits here for 8:00: held.
  const zones = new Map<string, string>();
  const quiet = async (r: (typeof rows)[number]) => {
    if (r.status !== 'pending' || r.handed || !r.by_number || !r.created_at) return false;
    if (!zones.has(r.by_number)) zones.set(r.by_number, await timezoneOf(q, accountId, r.by_number));
    return afterQuietHours(r.created_at, zones.get(r.by_number)!).getTime() > r.created_at.getTime();
  };
  const held = await Promise.all(rows.map(quiet));
  return rows.map((r, i) => {
    const skipped = r.skip_reason || !r.status;
    // Pending with the carrier's SID: handed over, its first callback still to come; without it and due later: held for quiet hours.
    const status: CampaignLogDetail['status'] = skipped
      ? 'skipped'
      : r.status === 'pending'
        ? r.handed
          ? 'sent'
          : held[i]
            ? 'held'
            : 'queued'
        : (r.status as CampaignLogDetail['status']);
    return {
      client: r.client_id ? { id: r.client_id, name: r.name } : null,
      phoneNumber: r.phone_number,
      status,
      comment: r.skip_reason
        ? (CAMPAIGN_SKIP_REASONS[r.skip_reason] ?? r.skip_reason)
        : !r.status
          ? CAMPAIGN_SKIP_REASONS.stopped
          : status === 'held'
            ? CAMPAIGN_HELD_COMMENT
            : (r.error ?? ''),
    };
  });
}

/** Active campaigns, and the campaign texts handed to the carrier and delivered. */
export async function campaignSummary(q: Queryable, accountId: string): Promise<CampaignSummary> {
  const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from campaigns where account_id = $1 and is_active', [accountId]);
  const [{ sent, delivered }] = await q.query<{ sent: number; delivered: number }>(
    `select count(*) filter (where status in ('sent', 'delivered', 'undelivered'))::int as sent, count(*) filter (where status = 'delivered')::int as delivered
       from sms_messages where account_id = $1 and type = 'campaign'`,
    [accountId],
  );
  return { count, sent, delivered };
}
