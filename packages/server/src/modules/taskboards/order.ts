import type { Queryable } from '../../db/index';

/** Gap between neighbours when a lane is numbered afresh. */
export const ORDER_STEP = 1024;
/** Below this gap two neighbours are too close to split again: the lane is renumbered. */
const MIN_GAP = 1e-6;

export interface Placement {
  order: number;
  /** Where the card landed in the lane (0-based), after clamping to the lane's length. */
  index: number;
  /** The lane was renumbered to make room: screens showing it must load it again. */
  renumbered: boolean;
}

/**
 * The order value that puts a card at `index` of a lane (the card itself left out). The caller
 * holds the board's lock, so no other change of the lane runs in between.
 */
export async function placeAt(q: Queryable, laneId: string, cardId: string | null, index: number, renumbered = false): Promise<Placement> {
  const exclude = cardId ?? '00000000-0000-0000-0000-000000000000';
  const around = await q.query<{ sort_order: number }>(
    `select sort_order from task_cards where lane_id = $1 and closed_at is null and id <> $2
      order by sort_order, id offset $3 limit 2`,
    [laneId, exclude, Math.max(0, index - 1)],
  );
  let prev: number | null = null;
  let next: number | null = null;
  let landed = index;
  if (index === 0) {
    next = around[0] ? Number(around[0].sort_order) : null;
  } else if (around.length === 0) {
    // past the end: after the last card
    const [last] = await q.query<{ sort_order: number | null; count: number }>(
      'select max(sort_order) as sort_order, count(*)::int as count from task_cards where lane_id = $1 and closed_at is null and id <> $2',
      [laneId, exclude],
    );
    prev = last?.sort_order === null || last?.sort_order === undefined ? null : Number(last.sort_order);
    landed = last?.count ?? 0;
  } else {
    prev = Number(around[0].sort_order);
    next = around[1] ? Number(around[1].sort_order) : null;
    if (!around[1]) landed = index;
  }
  let order: number;
  if (prev === null && next === null) order = 0;
  else if (prev === null) order = next! - ORDER_STEP;
  else if (next === null) order = prev + ORDER_STEP;
  else {
    order = (prev + next) / 2;
    if (next - prev < MIN_GAP || order <= prev || order >= next) {
      if (renumbered) throw new Error('lane order could not be made room in');
      await renumberLane(q, laneId, exclude);
      return placeAt(q, laneId, cardId, index, true);
    }
  }
  return { order, index: landed, renumbered };
}

/** The order value that puts a card first in a lane. */
export async function topOrder(q: Queryable, laneId: string): Promise<number> {
  const [row] = await q.query<{ min: number | null }>('select min(sort_order) as min from task_cards where lane_id = $1 and closed_at is null', [laneId]);
  return row?.min === null || row?.min === undefined ? 0 : Number(row.min) - ORDER_STEP;
}

async function renumberLane(q: Queryable, laneId: string, exclude: string) {
  await q.query(
    `update task_cards t set sort_order = r.rn * ${ORDER_STEP}
       from (select id, row_number() over (order by sort_order, id) as rn
               from task_cards where lane_id = $1 and closed_at is null and id <> $2) r
      where t.id = r.id`,
    [laneId, exclude],
  );
}
