import type { TaskCard, TaskCardRepeat, TaskUser } from '@agency/contracts';
import type { Queryable } from '../../db/index';

export interface CardRow {
  id: string;
  board_id: string;
  lane_id: string;
  sort_order: number;
  board_name: string;
  board_description: string;
  title: string;
  details: string;
  body: string;
  client_id: string | null;
  client_name: string | null;
  client_type: string | null;
  due_on: Date | string | null;
  card_color: string | null;
  sub_title: string | null;
  tag_style: TaskCard['tagStyle'] | string | null;
  escalation_text: string | null;
  tags: string[] | null;
  assigned_to: string | null;
  assigned_on: Date | string | null;
  assignee_first: string | null;
  assignee_last: string | null;
  assignee_avatar: string | null;
  repeat: TaskCardRepeat;
  source: TaskCard['source'];
  created_by: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
}

/** Selects a card with its board's name and its assignee: `from task_cards c` + CARD_JOINS. */
export const CARD_SELECT = `c.id, c.board_id, c.lane_id, c.sort_order, b.name as board_name, b.description as board_description,
  c.title, c.details, c.body, c.client_id, c.client_name, c.client_type, c.due_on, c.card_color, c.sub_title, c.tag_style,
  c.escalation_text, c.tags, c.assigned_to, c.assigned_on, u.first_name as assignee_first, u.last_name as assignee_last,
  u.avatar as assignee_avatar, c.repeat, c.source, c.created_by, c.created_at, c.closed_at`;
export const CARD_JOINS = `join task_boards b on b.id = c.board_id
  left join users u on u.id = c.assigned_to`;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toCard(r: CardRow): TaskCard {
  const assignee: TaskUser | null = r.assigned_to
    ? { id: r.assigned_to, firstName: r.assignee_first ?? '', lastName: r.assignee_last ?? '', avatar: r.assignee_avatar }
    : null;
  return {
    id: r.id,
    order: Number(r.sort_order),
    laneId: r.lane_id,
    taskBoardId: r.board_id,
    taskBoardName: r.board_name,
    taskBoardDescription: r.board_description,
    client: r.client_id ? { id: r.client_id, name: r.client_name ?? '' } : null,
    clientType: r.client_type,
    title: r.title,
    details: r.details,
    body: r.body,
    dueOn: iso(r.due_on),
    cardColor: r.card_color,
    subTitle: r.sub_title,
    tagStyle: typeof r.tag_style === 'string' ? JSON.parse(r.tag_style) : r.tag_style,
    escalationText: r.escalation_text,
    tags: r.tags ?? [],
    assignedTo: assignee,
    assignedOn: iso(r.assigned_on),
    repeat: r.repeat,
    source: r.source,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    closedAt: iso(r.closed_at),
  };
}

export async function loadCard(q: Queryable, accountId: string, cardId: string): Promise<TaskCard | null> {
  const [row] = await q.query<CardRow>(`select ${CARD_SELECT} from task_cards c ${CARD_JOINS} where c.id = $1 and c.account_id = $2`, [cardId, accountId]);
  return row ? toCard(row) : null;
}
