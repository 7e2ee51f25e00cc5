import { randomUUID } from 'node:crypto';
import type { TaskBoardServerEvent, TaskCardRepeat } from '@agency/contracts';
import type { Db } from '../../db/index';
import { loadCard } from './mapping';
import { topOrder } from './order';

/** The due date after `from` for a card that repeats. */
export function nextDue(from: Date, repeat: TaskCardRepeat): Date {
  const d = new Date(from);
  if (repeat === 'daily') d.setUTCDate(d.getUTCDate() + 1);
  else if (repeat === 'weekly') d.setUTCDate(d.getUTCDate() + 7);
  else if (repeat === 'monthly') {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d;
}

/** The latest occurrence due by `now` after `due` (missed ones are skipped), or null when none is due yet. */
export function dueOccurrence(due: Date, repeat: TaskCardRepeat, now: Date): Date | null {
  let next = nextDue(due, repeat);
  if (next > now) return null;
  for (let after = nextDue(next, repeat); after <= now; after = nextDue(after, repeat)) next = after;
  return next;
}

interface RepeatRow {
  id: string;
  account_id: string;
  board_id: string;
  due_on: Date | string;
  repeat: TaskCardRepeat;
}

/**
 * Makes the next card of every repeating card whose next occurrence is due: a copy in the board's
 * first lane with the new due date. Each card repeats once (repeated_at), claimed with
 * FOR UPDATE SKIP LOCKED so two processes never make the same one.
 */
export async function spawnDueRepeats(db: Db, now = new Date()): Promise<Array<{ accountId: string; event: TaskBoardServerEvent }>> {
  return db.tx(async (q) => {
    const due = await q.query<RepeatRow>(
      `select id, account_id, board_id, due_on, repeat from task_cards
        where repeat <> 'none' and repeated_at is null and due_on is not null
          and due_on + case repeat when 'daily' then interval '1 day' when 'weekly' then interval '7 days' else interval '1 month' end <= $1
        order by due_on limit 200 for update skip locked`,
      [now.toISOString()],
    );
    const out: Array<{ accountId: string; event: TaskBoardServerEvent }> = [];
    for (const r of due) {
      const when = dueOccurrence(new Date(r.due_on), r.repeat, now);
      if (!when) continue;
      const [first] = await q.query<{ id: string }>('select id from task_board_lanes where board_id = $1 order by position limit 1', [r.board_id]);
      await q.query('update task_cards set repeated_at = $2 where id = $1', [r.id, now.toISOString()]);
      if (!first) continue;
      const id = randomUUID();
      await q.query(
        `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, details, body, client_id, client_name, client_type,
                                 due_on, card_color, sub_title, tag_style, escalation_text, tags, assigned_to, assigned_on, repeat, source, created_by)
         select $2, account_id, board_id, $3, $4, title, details, body, client_id, client_name, client_type,
                $5, card_color, sub_title, tag_style, escalation_text, tags, assigned_to, case when assigned_to is null then null else now() end,
                repeat, 'repeat', created_by
           from task_cards where id = $1`,
        [r.id, id, first.id, await topOrder(q, first.id), when.toISOString()],
      );
      const [{ seq }] = await q.query<{ seq: string }>('update task_boards set seq = seq + 1 where id = $1 returning seq', [r.board_id]);
      const card = await loadCard(q, r.account_id, id);
      if (card) out.push({ accountId: r.account_id, event: { boardId: r.board_id, seq: Number(seq), type: 'ADD_CARD', card, by: null } });
    }
    return out;
  });
}
