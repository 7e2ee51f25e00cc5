import {
  RENEWAL_DEFAULT_START_DAYS,
  RENEWAL_DEFAULT_TEXT_DAYS,
  RENEWAL_MESSAGES,
  RENEWAL_SOURCE_LABELS,
  RENEWAL_STATE_LABELS,
  renewalKey,
  toUsDate,
  type Renewal,
  type RenewalFigures,
  type RenewalListResponse,
  type RenewalSettings,
  type RenewalSource,
  type RenewalState,
} from '@agency/contracts';
import type { z } from 'zod';
import type { renewalListQuerySchema, renewalSettingsInputSchema, renewalUpdateSchema } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import { displayName } from '../clientStore/search';
import { addActivity } from '../clients/activity/service';

type ListQuery = z.output<typeof renewalListQuerySchema>;
type Update = z.output<typeof renewalUpdateSchema>;
type SettingsInput = z.output<typeof renewalSettingsInputSchema>;

const DAY_MS = 86_400_000;
/** yyyy-mm-dd of a time (UTC). */
export const isoDay = (t: Date) => t.toISOString().slice(0, 10);
/** MM/dd/yyyy → yyyy-mm-dd. */
export const isoFromUs = (us: string) => `${us.slice(6, 10)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

export const VEHICLE_LINES: Record<string, string> = { auto: 'Auto', rv: 'RV', rec: 'Recreational', water: 'Watercraft' };

/**
 * Every term ending from $2 to $3 of account $1, with the client and its renewal (if any), filtered
 * and labelled. Terms come from the expression index on client_records (renewal_end), and renewed
 * terms whose record has moved on are kept from the renewals table, so a renewal stays in the
 * window it ended in.
 */
const carrierOf = (t: string) =>
  `case ${t}.source_kind when 'policy' then ${t}.data->>'company' when 'vehicle' then ${t}.data->>'carrier' else ${t}.data->'coverage'->>'carrier' end`;
const lineOf = (t: string) =>
  `case ${t}.source_kind when 'policy' then ${t}.data->>'type' when 'home' then 'Home'
     else case ${t}.data->>'form' when 'auto' then 'Auto' when 'rv' then 'RV' when 'rec' then 'Recreational' else 'Watercraft' end end`;
const premiumOf = (t: string) => `case ${t}.source_kind when 'home' then ${t}.data->'coverage'->>'premium' else ${t}.data->>'premium' end`;

/**
 * What a page takes from x before its rows are read whole: small columns only, so sorting and
 * counting a window of thousands of terms never carries their JSON (carrier, line and premium are
 * read for the page's rows in DETAILS_SQL; x keeps carrier and line for the filters).
 */
const PAGE_COLUMNS =
  'x.source_id, x.client_id, x.source_kind, x.term_end, x.renewal_id, x.state, x.lost_reason, x.new_term_date, x.state_changed_at, x.owner_id';

const TERMS_SQL = `
  with t as (
    select r.id as source_id, r.client_id, r.renewal_kind as source_kind, r.renewal_end_on as term_end, r.data
      from client_records r
     where r.account_id = $1 and r.renewal_end_on between $2::date and $3::date
    union all
    select r.id, r.client_id, rn.source_kind, rn.term_end, r.data
      from renewals rn join client_records r on r.id = rn.source_id and r.account_id = rn.account_id
     where rn.account_id = $1 and rn.term_end between $2::date and $3::date and rn.state = 'renewed'
       and r.renewal_end_on is distinct from rn.term_end
  ), x as (
    select t.source_id, t.client_id, t.source_kind, t.term_end,
           rn.id as renewal_id, coalesce(rn.state, 'notStarted') as state, rn.lost_reason, rn.new_term_date, rn.state_changed_at, rn.owner_id,
           case when t.source_kind = 'policy' then nullif(t.data->>'managedBy', '') end as record_manager,
           ${carrierOf('t')} as carrier, ${lineOf('t')} as line
      from t
      left join renewals rn on rn.account_id = $1 and rn.source_kind = t.source_kind and rn.source_id = t.source_id and rn.term_end = t.term_end
  )`;

/**
 * The rows of `chosen` (a subquery of x's columns and total, already ordered and cut to a page) with
 * what a row shows: the record's and the client's data, who manages it (the policy's person, else
 * the client's, else the renewal's owner), the manager's and the location's names. Only the page's rows are read whole; the
 * window itself is counted and sorted on small columns, without the clients.
 */
const DETAILS_SQL = (chosen: string) => `
  select p.source_id, p.client_id, p.source_kind, to_char(p.term_end, 'MM/DD/YYYY') as term_end_us, r.data, c.data as client_data, p.state,
         p.lost_reason, to_char(p.new_term_date, 'MM/DD/YYYY') as new_term_us, p.state_changed_at, m.managed_by,
         (select u.first_name || ' ' || u.last_name from users u where u.id::text = m.managed_by and u.account_id = $1) as manager_name,
         (select l.name from account_locations l where l.id::text = c.data->>'location' and l.account_id = $1) as location_name,
         ${carrierOf('rd')} as carrier, ${lineOf('rd')} as line, ${premiumOf('rd')} as premium, p.total
    from (${chosen}) p
    join client_records r on r.id = p.source_id
    cross join lateral (select p.source_kind, r.data) rd
    join clients c on c.id = p.client_id and c.account_id = $1
    cross join lateral (select coalesce(case when p.source_kind = 'policy' then nullif(r.data->>'managedBy', '') end, nullif(c.data->>'managedBy', ''), p.owner_id::text) as managed_by) m
   order by p.term_end, p.source_id`;

interface TermRow {
  source_id: string;
  client_id: string;
  source_kind: RenewalSource;
  term_end_us: string;
  data: Record<string, unknown>;
  client_data: Record<string, string | undefined>;
  state: RenewalState;
  lost_reason: string | null;
  new_term_us: string | null;
  state_changed_at: Date | string | null;
  managed_by: string | null;
  manager_name: string | null;
  location_name: string | null;
  carrier: string | null;
  line: string | null;
  premium: string | null;
  total: string | number;
}

class Params {
  values: unknown[] = [];
  add(v: unknown) {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function filters(p: Params, q: { location?: string; line?: string; carrier?: string; managedBy?: string; state?: RenewalState }): string {
  const where: string[] = [];
  if (q.location) where.push(`exists (select 1 from clients c where c.id = x.client_id and c.data->>'location' = ${p.add(q.location)})`);
  if (q.line) where.push(`lower(x.line) = lower(${p.add(q.line)})`);
  if (q.carrier) where.push(`strpos(lower(x.carrier), lower(${p.add(q.carrier)})) > 0`);
  if (q.managedBy)
    where.push(
      `coalesce(x.record_manager, (select nullif(c.data->>'managedBy', '') from clients c where c.id = x.client_id), x.owner_id::text) = ${p.add(q.managedBy)}`,
    );
  if (q.state) where.push(`x.state = ${p.add(q.state)}`);
  return where.length ? `where ${where.join(' and ')}` : '';
}

/** What ends, in words. */
export function describeTerm(kind: RenewalSource, data: Record<string, unknown>): string {
  const s = (k: string) => (typeof data[k] === 'string' || typeof data[k] === 'number' ? String(data[k]) : '');
  if (kind === 'policy') return [s('type') || 'Policy', s('idNumber') && `#${s('idNumber')}`].filter(Boolean).join(' ');
  if (kind === 'vehicle') return [s('year'), s('make'), s('model')].filter(Boolean).join(' ') || `${VEHICLE_LINES[s('form')] ?? 'Vehicle'} coverage`;
  return s('address') ? `Home at ${s('address')}` : RENEWAL_SOURCE_LABELS.home;
}

function toRenewal(r: TermRow): Renewal {
  return {
    key: renewalKey(r.source_kind, r.source_id, r.term_end_us),
    sourceKind: r.source_kind,
    sourceId: r.source_id,
    client: { id: r.client_id, name: displayName(r.client_data) || 'A contact' },
    what: describeTerm(r.source_kind, r.data),
    line: r.line || null,
    carrier: r.carrier || null,
    termEnd: r.term_end_us,
    newTermDate: r.new_term_us,
    premium: r.premium !== null && r.premium !== '' && Number.isFinite(Number(r.premium)) ? Number(r.premium) : null,
    state: r.state,
    lostReason: r.lost_reason,
    managedBy: r.managed_by && r.manager_name ? { id: r.managed_by, name: r.manager_name } : null,
    location: r.location_name,
    updatedAt: r.state_changed_at ? new Date(r.state_changed_at).toISOString() : null,
  };
}

/** A page of the terms ending in the next `days` days, soonest first. */
export async function listRenewals(q: Queryable, accountId: string, query: ListQuery, now = new Date()): Promise<RenewalListResponse> {
  const p = new Params();
  p.add(accountId);
  p.add(isoDay(now));
  p.add(isoDay(new Date(now.getTime() + query.days * DAY_MS)));
  const where = filters(p, query);
  const limit = p.add(query.pageSize);
  const offset = p.add((query.page - 1) * query.pageSize);
  const rows = await q.query<TermRow>(
    `${TERMS_SQL}
     ${DETAILS_SQL(`select ${PAGE_COLUMNS}, count(*) over () as total from x ${where} order by x.term_end, x.source_id limit ${limit} offset ${offset}`)}`,
    p.values,
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && query.page > 1) {
    const [c] = await q.query<{ n: string | number }>(`${TERMS_SQL} select count(*) as n from x ${where}`, p.values.slice(0, -2));
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map(toRenewal), total, page: query.page, pageSize: query.pageSize };
}

interface RecordRow {
  id: string;
  client_id: string;
  kind: string;
  data: Record<string, unknown>;
  source_kind: RenewalSource | null;
  end_iso: string | null;
}

async function loadRecord(q: Queryable, accountId: string, sourceKind: RenewalSource, sourceId: string): Promise<RecordRow> {
  const [row] = await q.query<RecordRow>(
    `select id, client_id, kind, data, renewal_kind as source_kind, to_char(renewal_end_on, 'YYYY-MM-DD') as end_iso
       from client_records where id = $1 and account_id = $2 for update`,
    [sourceId, accountId],
  );
  if (!row || row.source_kind !== sourceKind) throw notFound(RENEWAL_MESSAGES.notFound);
  return row;
}

/** The path of the end date in a record's data. */
const END_PATH: Record<RenewalSource, string> = { policy: '{termDate}', vehicle: '{expirationDate}', home: '{coverage,expirationDate}' };

interface RenewalRow {
  id: string;
  state: RenewalState;
  followup_id: string | null;
  card_id: string | null;
}

export interface Actor {
  accountId: string;
  userId: string;
  name: string;
}

export interface UpdateResult {
  renewal: Renewal;
  clientId: string;
  /** Cards closed (board events follow the commit). */
  closedCards: Array<{ id: string; accountId: string; boardId: string; laneId: string; seq: number }>;
}

/** Changes the state of one term; renewed moves the record's end date on; every change is written to the client's activity. */
export async function updateRenewal(q: Queryable, actor: Actor, sourceKind: RenewalSource, sourceId: string, body: Update): Promise<UpdateResult> {
  const record = await loadRecord(q, actor.accountId, sourceKind, sourceId);
  const termIso = isoFromUs(body.termEnd);
  const [existing] = await q.query<RenewalRow>(
    `select id, state, followup_id, card_id from renewals
      where account_id = $1 and source_kind = $2 and source_id = $3 and term_end = $4::date for update`,
    [actor.accountId, sourceKind, sourceId, termIso],
  );
  if (!existing && record.end_iso !== termIso) throw conflict(RENEWAL_MESSAGES.termMoved);

  let newTermIso: string | null = null;
  if (body.state === 'renewed') {
    const next = toUsDate(body.newTermDate ?? '');
    if (!next) throw badRequest(RENEWAL_MESSAGES.newTermRequired);
    newTermIso = isoFromUs(next);
    if (newTermIso <= termIso) throw badRequest(RENEWAL_MESSAGES.newTermAfter);
    // The record's end moves on only while it still ends this term.
    if (record.end_iso === termIso) {
      await q.query(
        `update client_records set data = jsonb_set(data, $3::text[], to_jsonb($4::text), true), updated_at = now() where id = $1 and account_id = $2`,
        [sourceId, actor.accountId, END_PATH[sourceKind], next],
      );
    }
  }
  const reason = body.state === 'lost' ? (body.reason ?? '').trim() : null;
  if (body.state === 'lost' && !reason) throw badRequest(RENEWAL_MESSAGES.reasonRequired);

  const [saved] = await q.query<{ id: string }>(
    `insert into renewals (id, account_id, client_id, source_kind, source_id, term_end, state, lost_reason, new_term_date, state_changed_at, updated_by)
     values (gen_random_uuid(), $1, $2, $3, $4, $5::date, $6, $7, $8::date, now(), $9)
     on conflict (account_id, source_kind, source_id, term_end) do update
       set state = excluded.state, lost_reason = excluded.lost_reason, new_term_date = excluded.new_term_date,
           state_changed_at = now(), updated_by = excluded.updated_by, updated_at = now()
     returning id`,
    [actor.accountId, record.client_id, sourceKind, sourceId, termIso, body.state, reason, newTermIso, actor.userId],
  );

  const what = describeTerm(sourceKind, record.data);
  const ending = body.termEnd;
  let note = `${actor.name} marked the renewal of ${what} (ending ${ending}) ${RENEWAL_STATE_LABELS[body.state].toLowerCase()}`;
  if (body.state === 'renewed') note += `: the new term ends ${toUsDate(body.newTermDate ?? '')}`;
  if (body.state === 'lost') note += `: ${reason}`;
  await addActivity(q, {
    accountId: actor.accountId,
    clientId: record.client_id,
    userId: actor.userId,
    type: 'system',
    note,
    data: { renewal: saved.id, sourceKind, sourceId, termEnd: ending, from: existing?.state ?? 'notStarted', to: body.state },
  });

  const closedCards = body.state === 'renewed' || body.state === 'lost' ? await closeWork(q, [saved.id], `renewal ${body.state}`) : [];
  const [row] = (await listOne(q, actor.accountId, sourceKind, sourceId, termIso)) ?? [];
  if (!row) throw notFound(RENEWAL_MESSAGES.notFound);
  return { renewal: row, clientId: record.client_id, closedCards };
}

/** One term as the list shows it (whatever the window). */
async function listOne(q: Queryable, accountId: string, sourceKind: RenewalSource, sourceId: string, termIso: string): Promise<Renewal[]> {
  const rows = await q.query<TermRow>(
    `${TERMS_SQL}
     ${DETAILS_SQL(`select ${PAGE_COLUMNS}, 1 as total from x where x.source_kind = $4 and x.source_id = $5 limit 1`)}`,
    [accountId, termIso, termIso, sourceKind, sourceId],
  );
  return rows.map(toRenewal);
}

/**
 * Ends the work made for renewals: their follow-ups are completed and their cards closed. Answers
 * the cards closed, with their board's new seq, for the board events to send after the commit.
 */
export async function closeWork(q: Queryable, renewalIds: string[], reason: string): Promise<UpdateResult['closedCards']> {
  if (!renewalIds.length) return [];
  await q.query(
    `update followups f set is_active = false, completed_at = now(), reminder_job = null
       from renewals rn where rn.id = any($1::uuid[]) and f.id = rn.followup_id and f.is_active`,
    [renewalIds],
  );
  const cards = await q.query<{ id: string; account_id: string; board_id: string; lane_id: string }>(
    `update task_cards c set closed_at = now(), closed_reason = $2, updated_at = now()
       from renewals rn where rn.id = any($1::uuid[]) and c.id = rn.card_id and c.closed_at is null
     returning c.id, c.account_id, c.board_id, c.lane_id`,
    [renewalIds, reason],
  );
  if (!cards.length) return [];
  await q.query('delete from task_active_cards where card_id = any($1::uuid[])', [cards.map((c) => c.id)]);
  const out: UpdateResult['closedCards'] = [];
  for (const c of cards) {
    const [{ seq }] = await q.query<{ seq: string }>('update task_boards set seq = seq + 1 where id = $1 returning seq', [c.board_id]);
    out.push({ id: c.id, accountId: c.account_id, boardId: c.board_id, laneId: c.lane_id, seq: Number(seq) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export async function renewalSettings(q: Queryable, accountId: string): Promise<RenewalSettings> {
  const [row] = await q.query<{
    start_days: number;
    owner_user_id: string | null;
    board_id: string | null;
    text_enabled: boolean;
    text_days: number;
    text_template_id: string | null;
  }>('select start_days, owner_user_id, board_id, text_enabled, text_days, text_template_id from renewal_settings where account_id = $1', [accountId]);
  return {
    startDays: row?.start_days ?? RENEWAL_DEFAULT_START_DAYS,
    ownerUserId: row?.owner_user_id ?? null,
    boardId: row?.board_id ?? null,
    textEnabled: row?.text_enabled ?? false,
    textDays: row?.text_days ?? RENEWAL_DEFAULT_TEXT_DAYS,
    textTemplateId: row?.text_template_id ?? null,
  };
}

export async function saveRenewalSettings(q: Queryable, accountId: string, input: SettingsInput): Promise<RenewalSettings> {
  if (input.ownerUserId) {
    const [u] = await q.query('select 1 from users where id = $1 and account_id = $2 and deleted_at is null', [input.ownerUserId, accountId]);
    if (!u) throw badRequest(RENEWAL_MESSAGES.ownerNotFound);
  }
  if (input.boardId) {
    const [b] = await q.query('select 1 from task_boards where id = $1 and account_id = $2', [input.boardId, accountId]);
    if (!b) throw badRequest(RENEWAL_MESSAGES.boardNotFound);
  }
  const saved = await renewalSettings(q, accountId);
  const textEnabled = input.textEnabled ?? saved.textEnabled;
  const textDays = input.textDays ?? saved.textDays;
  const textTemplateId = input.textTemplateId === undefined ? saved.textTemplateId : input.textTemplateId;
  if (textTemplateId) {
    const [t] = await q.query(
      `select 1 from message_templates where id = $1 and account_id = $2 and "group" = 'team' and format = 'message' and user_id is null`,
      [textTemplateId, accountId],
    );
    if (!t) throw badRequest(RENEWAL_MESSAGES.textTemplateNotFound);
  }
  if (textEnabled && !textTemplateId) throw badRequest(RENEWAL_MESSAGES.textTemplateRequired);
  await q.query(
    `insert into renewal_settings (account_id, start_days, owner_user_id, board_id, text_enabled, text_days, text_template_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (account_id) do update set start_days = excluded.start_days, owner_user_id = excluded.owner_user_id,
       board_id = excluded.board_id, text_enabled = excluded.text_enabled, text_days = excluded.text_days,
       text_template_id = excluded.text_template_id, updated_at = now()`,
    [accountId, input.startDays, input.ownerUserId, input.boardId, textEnabled, textDays, textTemplateId],
  );
  return renewalSettings(q, accountId);
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/**
 * This month's renewals: the terms ending in it (due), and the renewals worked this month: contacted
 * (any state past "not started" set this month), quoted (quoted or renewed), renewed and lost, with
 * the retention rate of those decided. `managedBy` narrows to one person's: the record's managed-by
 * person, else the renewal's owner.
 */
export async function renewalFigures(q: Queryable, accountId: string, managedBy: string | undefined, now = new Date()): Promise<RenewalFigures> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const last = new Date(next.getTime() - DAY_MS);
  const p = new Params();
  p.add(accountId);
  p.add(isoDay(first));
  p.add(isoDay(last));
  const where = filters(p, { managedBy });
  const [due] = await q.query<{ n: string | number }>(`${TERMS_SQL} select count(*) as n from x ${where}`, p.values);
  const worked = await q.query<{ state: RenewalState; n: string | number }>(
    `select rn.state, count(*) as n
       from renewals rn
       join client_records r on r.id = rn.source_id and r.account_id = rn.account_id
       join clients c on c.id = rn.client_id and c.account_id = rn.account_id
      where rn.account_id = $1 and rn.state <> 'notStarted' and rn.state_changed_at >= $2 and rn.state_changed_at < $3
        and ($4::text is null or coalesce(case when rn.source_kind = 'policy' then nullif(r.data->>'managedBy', '') end,
                                          nullif(c.data->>'managedBy', ''), rn.owner_id::text) = $4::text)
      group by rn.state`,
    [accountId, first.toISOString(), next.toISOString(), managedBy ?? null],
  );
  const count = (s: RenewalState) => Number(worked.find((r) => r.state === s)?.n ?? 0);
  const renewed = count('renewed');
  const lost = count('lost');
  return {
    month: `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`,
    due: Number(due?.n ?? 0),
    contacted: count('contacted') + count('quoted') + renewed + lost,
    quoted: count('quoted') + renewed,
    renewed,
    lost,
    retentionRate: renewed + lost ? Math.round((renewed / (renewed + lost)) * 1000) / 10 : null,
  };
}
