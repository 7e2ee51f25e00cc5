import { randomUUID } from 'node:crypto';
import { RENEWAL_DEFAULT_START_DAYS, type RenewalSource, type TaskBoardServerEvent } from '@agency/contracts';
import type { Db } from '../../db/index';
import { displayName } from '../clientStore/search';
import { loadCard } from '../taskboards/mapping';
import { topOrder } from '../taskboards/order';
import { closeWork, describeTerm, isoDay } from './service';

/** Terms taken in one transaction. */
const BATCH = 100;

interface StartingRow {
  account_id: string;
  source_id: string;
  client_id: string;
  source_kind: RenewalSource;
  term_end: string;
  term_end_us: string;
  data: Record<string, unknown>;
  client_data: Record<string, string | undefined>;
  owner: string | null;
  board_id: string | null;
}

/**
 * When a renewal's follow-up is due: the day before its term ends (noon UTC), or a day from the run
 * when that is sooner, so a renewal never starts as past due.
 */
export function followUpDate(termEndIso: string, now: Date): Date {
  const dayBefore = Date.parse(`${termEndIso}T12:00:00Z`) - 86_400_000;
  return new Date(Math.max(dayBefore, now.getTime() + 86_400_000));
}

export interface DailyResult {
  started: number;
  closed: number;
  /** The board changes to tell the boards on screen, by account (after the commits). */
  events: Map<string, TaskBoardServerEvent[]>;
}

/**
 * The renewals that start on `now`: every term ending within its account's start window (default
 * 60 days) that has not started yet gets a follow-up for its owner (the record's managed-by person,
 * else the account's chosen person, else its first owner) and, when the account chose a board, a
 * card in that board's first lane linked to the client. The term's renewal row is claimed first
 * (started_at), so two runs, or two processes, never make the work twice for one policy and term.
 * Then the work of renewals that ended (renewed, lost, or whose record's dates moved on) is closed.
 */
export async function runRenewalsDaily(db: Db, now = new Date()): Promise<DailyResult> {
  const today = isoDay(now);
  let started = 0;
  const events = new Map<string, TaskBoardServerEvent[]>();
  const push = (accountId: string, e: TaskBoardServerEvent) => events.set(accountId, [...(events.get(accountId) ?? []), e]);
  for (;;) {
    const batch = await db.tx(async (q) => {
      const rows = await q.query<StartingRow>(
        `select r.account_id, r.id as source_id, r.client_id, r.renewal_kind as source_kind,
                to_char(r.renewal_end_on, 'YYYY-MM-DD') as term_end, to_char(r.renewal_end_on, 'MM/DD/YYYY') as term_end_us,
                r.data, c.data as client_data, s.board_id,
                coalesce(
                  (select u.id from users u where u.account_id = r.account_id and u.deleted_at is null
                      and u.id::text = coalesce(case when r.kind = 'policy' then nullif(r.data->>'managedBy', '') end, nullif(c.data->>'managedBy', ''))),
                  (select u.id from users u where u.id = s.owner_user_id and u.deleted_at is null),
                  (select u.id from users u where u.account_id = r.account_id and u.role = 'owner' and u.deleted_at is null order by u.created_at, u.id limit 1)
                ) as owner
           from accounts a
           left join renewal_settings s on s.account_id = a.id
           join client_records r on r.account_id = a.id
            and r.renewal_end_on is not null
            and r.renewal_end_on between $1::date and $1::date + coalesce(s.start_days, ${RENEWAL_DEFAULT_START_DAYS})
           join clients c on c.id = r.client_id
          where not exists (
                  select 1 from renewals rn
                   where rn.account_id = r.account_id and rn.source_kind = r.renewal_kind and rn.source_id = r.id
                     and rn.term_end = r.renewal_end_on and (rn.started_at is not null or rn.state in ('renewed', 'lost')))
          order by r.renewal_end_on, r.id
          limit ${BATCH}
          for update of r skip locked`,
        [today],
      );
      let made = 0;
      for (const t of rows) {
        await q.query(
          `insert into renewals (id, account_id, client_id, source_kind, source_id, term_end, owner_id)
           values ($1, $2, $3, $4, $5, $6::date, $7) on conflict (account_id, source_kind, source_id, term_end) do nothing`,
          [randomUUID(), t.account_id, t.client_id, t.source_kind, t.source_id, t.term_end, t.owner],
        );
        const [claimed] = await q.query<{ id: string }>(
          `update renewals set started_at = $5, owner_id = coalesce(owner_id, $6), updated_at = now()
            where account_id = $1 and source_kind = $2 and source_id = $3 and term_end = $4::date and started_at is null
              and state not in ('renewed', 'lost')
            returning id`,
          [t.account_id, t.source_kind, t.source_id, t.term_end, now.toISOString(), t.owner],
        );
        if (!claimed) continue;
        made++;
        const clientName = displayName(t.client_data) || 'A contact';
        const what = describeTerm(t.source_kind, t.data);
        const title = `Renewal: ${what} of ${clientName} ends ${t.term_end_us}`;
        let followupId: string | null = null;
        if (t.owner) {
          followupId = randomUUID();
          await q.query(
            `insert into followups (id, account_id, client_id, assign_to, user_id, date, note, is_active, created_by)
             values ($1, $2, $3, 'peer', $4, $5, $6, true, $4)`,
            [followupId, t.account_id, t.client_id, t.owner, followUpDate(t.term_end, now).toISOString(), title],
          );
        }
        let cardId: string | null = null;
        if (t.board_id) {
          const [lane] = await q.query<{ id: string }>('select id from task_board_lanes where board_id = $1 order by position limit 1', [t.board_id]);
          if (lane) {
            cardId = randomUUID();
            await q.query(
              `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, details, client_id, client_name, client_type,
                                       due_on, assigned_to, assigned_on, source)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'client', $10, $11, case when $11::uuid is null then null else now() end, 'manual')`,
              [
                cardId,
                t.account_id,
                t.board_id,
                lane.id,
                await topOrder(q, lane.id),
                clientName,
                title,
                t.client_id,
                clientName,
                `${t.term_end}T12:00:00Z`,
                t.owner,
              ],
            );
            const [{ seq }] = await q.query<{ seq: string }>('update task_boards set seq = seq + 1 where id = $1 returning seq', [t.board_id]);
            const card = await loadCard(q, t.account_id, cardId);
            if (card) push(t.account_id, { boardId: t.board_id, seq: Number(seq), type: 'ADD_CARD', card, by: null });
          }
        }
        await q.query('update renewals set followup_id = $2, card_id = $3 where id = $1', [claimed.id, followupId, cardId]);
      }
      return { seen: rows.length, made };
    });
    started += batch.made;
    if (batch.seen < BATCH) break;
  }

  // Work still open for renewals that are over: decided, or whose record's term moved on.
  const closed = await db.tx(async (q) => {
    const over = await q.query<{ id: string; account_id: string }>(
      `select rn.id, rn.account_id from renewals rn
         left join client_records r on r.id = rn.source_id and r.account_id = rn.account_id
        where (rn.followup_id is not null or rn.card_id is not null)
          and (rn.state in ('renewed', 'lost') or r.id is null or r.renewal_end_on is distinct from rn.term_end)
          and (exists (select 1 from followups f where f.id = rn.followup_id and f.is_active)
               or exists (select 1 from task_cards c where c.id = rn.card_id and c.closed_at is null))`,
    );
    const cards = await closeWork(
      q,
      over.map((o) => o.id),
      'renewal closed',
    );
    for (const c of cards) push(c.accountId, { boardId: c.boardId, seq: c.seq, type: 'DELETE_CARD', cardId: c.id, laneId: c.laneId, by: null });
    return over.length;
  });

  return { started, closed, events };
}
