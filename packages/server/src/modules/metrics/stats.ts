import type { EmployeeMetric, EmployeeStat, EmployeeStatsUser } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { monthRange } from '../billing/usage';

/*
 * Employee figures counted from what people did in the app, in the account's timezone:
 * - contacts: clients the user created; policies: policies the user added, premiums their sum (cents);
 * - messages: texts the user sent (typed, scheduled or campaign) that reached the carrier, as usage
 *   counts them (a held or refused text was not sent);
 * - tasks: cards assigned to the user; completed when cleared from a board, or sitting in the last
 *   lane of a board of several lanes (dated by their last change); pending when open elsewhere
 *   (dated by their creation, or the month's start for older ones); total is both.
 * - calls: from the call log, dated by when they rang: the calls a user placed (answered or not) and
 *   the incoming calls they answered (a transfer is its answerer's), each with its seconds connected
 *   (calls_duration, the talk time) and split by direction (calls_incoming, calls_outgoing and their
 *   durations); blocked callers and voicemails reach nobody and count for nobody;
 * - reviews: the calls a user marked as reviewed in the call log, dated by the review.
 */
const TEXT_TYPES = ['message', 'scheduled', 'campaign'];

const SOURCES = `
  select created_by as user_id, created_at as at, 'contacts' as name, 1::bigint as value
    from clients where account_id = $1 and created_at >= $2 and created_at < $3
  union all
  select created_by, created_at, 'policies', 1
    from client_records where account_id = $1 and kind = 'policy' and created_at >= $2 and created_at < $3
  union all
  select created_by, created_at, 'premiums', round((data->>'premium')::numeric)::bigint
    from client_records where account_id = $1 and kind = 'policy' and created_at >= $2 and created_at < $3
     and jsonb_typeof(data->'premium') = 'number'
  union all
  select user_id, created_at, 'messages', 1
    from sms_messages where account_id = $1 and flow = 'outgoing' and type = any($4) and carrier_sid is not null and created_at >= $2 and created_at < $3
  union all
  select c.user_id, c.created_at, m.name, m.value
    from calls c
   cross join lateral (values ('calls', 1::bigint), ('calls_duration', c.call_duration::bigint),
                              ('calls_' || c.direction, 1::bigint), ('calls_' || c.direction || '_duration', c.call_duration::bigint)) m(name, value)
   where c.account_id = $1 and c.created_at >= $2 and c.created_at < $3 and c.status <> 'blocked' and c.format <> 'voicemail'
     and (c.direction = 'outgoing' or c.answered_at is not null)
  union all
  select viewed_by, viewed_on, 'reviews', 1
    from calls where account_id = $1 and viewed_by is not null and viewed_on >= $2 and viewed_on < $3
  union all
  select c.assigned_to, coalesce(c.closed_at, c.updated_at), 'tasks_completed', 1
    from task_cards c
   where c.account_id = $1 and c.assigned_to is not null
     and ((c.closed_reason = 'cleared' and c.closed_at >= $2 and c.closed_at < $3)
       or (c.closed_at is null and c.updated_at >= $2 and c.updated_at < $3 and c.lane_id in (select lane_id from last_lanes)))
  union all
  select c.assigned_to, greatest(c.created_at, $2), 'tasks_pending', 1
    from task_cards c
   where c.account_id = $1 and c.assigned_to is not null and c.closed_at is null and c.created_at < $3
     and c.lane_id not in (select lane_id from last_lanes)`;

/** The lanes that mean done: the last of each board of the account that has more than one. */
const LAST_LANES = `
  last_lanes as (
    select l.id as lane_id from task_board_lanes l
     where l.account_id = $1
       and l.position = (select max(position) from task_board_lanes x where x.board_id = l.board_id)
       and (select count(*) from task_board_lanes x where x.board_id = l.board_id) > 1)`;

export interface StatsRequest {
  accountId: string;
  userId?: string;
  monthYear: string;
  metricView: 'monthly' | 'daily';
  metrics: EmployeeMetric[];
}

export async function employeeStats(q: Queryable, req: StatsRequest): Promise<{ rows: EmployeeStat[]; users: EmployeeStatsUser[] }> {
  const { from, to, label } = await monthRange(q, req.accountId, req.monthYear);
  const day = req.metricView === 'daily';
  const counted = await q.query<{ user_id: string; name: string; metric_date: string; value: string }>(
    `with ${LAST_LANES},
          tz as (select coalesce(nullif(timezone, ''), 'America/New_York') as tz from accounts where id = $1),
          src as (${SOURCES})
     select s.user_id, s.name, ${day ? `to_char(s.at at time zone tz.tz, 'YYYY-MM-DD')` : `$6::text`} as metric_date, sum(s.value)::text as value
       from src s, tz
      where s.user_id is not null and ($5::uuid is null or s.user_id = $5)
      group by 1, 2, 3`,
    [req.accountId, from, to, TEXT_TYPES, req.userId ?? null, ...(day ? [] : [label])],
  );
  const rows: EmployeeStat[] = [];
  const byUserDate = new Map<string, Map<string, Partial<Record<EmployeeMetric, number>>>>();
  for (const r of counted) {
    const dates = byUserDate.get(r.user_id) ?? new Map<string, Partial<Record<EmployeeMetric, number>>>();
    byUserDate.set(r.user_id, dates);
    const values = dates.get(r.metric_date) ?? {};
    dates.set(r.metric_date, values);
    values[r.name as EmployeeMetric] = Number(r.value);
  }
  for (const [user, dates] of byUserDate) {
    for (const [metricDate, values] of dates) {
      values.tasks_total = (values.tasks_completed ?? 0) + (values.tasks_pending ?? 0);
      for (const name of req.metrics) if (values[name] !== undefined) rows.push({ name, value: values[name], user, metricDate });
    }
  }
  const users = await q.query<{ id: string; first_name: string; last_name: string; avatar: string | null; role: EmployeeStatsUser['role']; former: boolean }>(
    `select id, first_name, last_name, avatar, role, deleted_at is not null as former from users
      where account_id = $1 and ($2::uuid is null or id = $2) and ($2::uuid is not null or role <> 'super') and (deleted_at is null or id = any($3::uuid[]))
      order by deleted_at is not null, lower(first_name), lower(last_name)`,
    [req.accountId, req.userId ?? null, [...byUserDate.keys()]],
  );
  return {
    rows,
    users: users.map((u) => ({ id: u.id, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar, role: u.role, former: u.former })),
  };
}
