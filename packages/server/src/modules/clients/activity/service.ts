import { randomUUID } from 'node:crypto';
import { NOTE_EDIT_WINDOW_MS, type Activity, type ActivityUpdate } from '@agency/contracts';
import type { Queryable } from '../../../db/index';
import { forbidden, notFound } from '../../../http/errors';
import { iso } from '../../../db/sql';

interface ActivityRow {
  id: string;
  client_id: string;
  type: Activity['type'];
  note: string;
  is_sticky: boolean;
  image: string | null;
  thumbnail: string | null;
  user_id: string | null;
  data: Record<string, unknown>;
  created_iso: string;
  updated_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
}
// createdAt is the feed's cursor: it travels with the database's microseconds, so a page boundary is exact.
const COLUMNS = `a.id, a.client_id, a.type, a.note, a.is_sticky, a.image, a.thumbnail, a.user_id, a.data,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_iso, a.updated_at,
  u.first_name, u.last_name, u.avatar`;
const FROM = 'client_activity a left join users u on u.id = a.user_id';

function toActivity(r: ActivityRow): Activity {
  const d = r.data ?? {};
  const n = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  return {
    id: r.id,
    client: r.client_id,
    type: r.type,
    note: r.note,
    isSticky: r.is_sticky,
    image: r.image,
    thumbnail: r.thumbnail,
    user: r.user_id && r.first_name !== null ? { id: r.user_id, firstName: r.first_name, lastName: r.last_name ?? '', avatar: r.avatar } : null,
    conference: Array.isArray(d.conference) ? (d.conference as Activity['conference']) : [],
    format: (s('format') as Activity['format']) ?? null,
    status: s('status'),
    phoneNumber: s('phoneNumber'),
    callDuration: n('callDuration'),
    recordingUrl: s('recordingUrl'),
    recordingDuration: n('recordingDuration'),
    viewedBy: s('viewedBy'),
    createdAt: r.created_iso,
    updatedAt: iso(r.updated_at)!,
  };
}

export async function listActivity(
  q: Queryable,
  accountId: string,
  clientId: string,
  opts: { limit: number; prior?: string; after?: string; sort: '-createdAt' | 'createdAt' },
): Promise<Activity[]> {
  const params: unknown[] = [accountId, clientId];
  const where = ['a.account_id = $1', 'a.client_id = $2'];
  if (opts.prior) {
    params.push(opts.prior);
    where.push(`a.created_at < $${params.length}::timestamptz`);
  }
  if (opts.after) {
    params.push(opts.after);
    where.push(`a.created_at > $${params.length}::timestamptz`);
  }
  params.push(opts.limit);
  const dir = opts.sort === 'createdAt' ? 'asc' : 'desc';
  const rows = await q.query<ActivityRow>(
    `select ${COLUMNS} from ${FROM} where ${where.join(' and ')} order by a.created_at ${dir}, a.id ${dir} limit $${params.length}`,
    params,
  );
  return rows.map(toActivity);
}

export async function listStickies(q: Queryable, accountId: string, clientId: string): Promise<Activity[]> {
  const rows = await q.query<ActivityRow>(
    `select ${COLUMNS} from ${FROM} where a.account_id = $1 and a.client_id = $2 and a.is_sticky order by a.created_at desc`,
    [accountId, clientId],
  );
  return rows.map(toActivity);
}

export async function getActivity(q: Queryable, accountId: string, clientId: string, id: string): Promise<Activity> {
  const [row] = await q.query<ActivityRow>(`select ${COLUMNS} from ${FROM} where a.id = $1 and a.client_id = $2 and a.account_id = $3`, [
    id,
    clientId,
    accountId,
  ]);
  if (!row) throw notFound('Note not found');
  return toActivity(row);
}

export async function addActivity(
  q: Queryable,
  a: {
    accountId: string;
    clientId: string;
    userId: string | null;
    type: Activity['type'];
    note: string;
    isSticky?: boolean;
    image?: string | null;
    thumbnail?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<Activity> {
  const id = randomUUID();
  await q.query(
    `insert into client_activity (id, account_id, client_id, type, note, is_sticky, image, thumbnail, user_id, data, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp())`,
    [id, a.accountId, a.clientId, a.type, a.note, !!a.isSticky, a.image ?? null, a.thumbnail ?? null, a.userId, JSON.stringify(a.data ?? {})],
  );
  return getActivity(q, a.accountId, a.clientId, id);
}

export const NOTE_AUTHOR_ONLY = 'Only the author can change or delete a note';
export const NOTE_WINDOW_PASSED = 'Notes can only be changed or deleted within a day of writing them';

function checkAuthorWindow(a: Activity, userId: string) {
  if (a.type !== 'note' || !a.user || a.user.id !== userId) throw forbidden(NOTE_AUTHOR_ONLY);
  if (Date.now() - Date.parse(a.createdAt) >= NOTE_EDIT_WINDOW_MS) throw forbidden(NOTE_WINDOW_PASSED);
}

/** The author may change a note within a day; anyone on staff may stick or unstick it. */
export async function updateActivity(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  clientId: string,
  id: string,
  patch: ActivityUpdate,
): Promise<Activity> {
  const current = await getActivity(q, ctx.accountId, clientId, id);
  const contentChange = patch.note !== undefined || patch.image !== undefined || patch.thumbnail !== undefined;
  if (contentChange) checkAuthorWindow(current, ctx.userId);
  await q.query(`update client_activity set note = $2, is_sticky = $3, image = $4, thumbnail = $5, updated_at = now() where id = $1`, [
    id,
    patch.note ?? current.note,
    patch.isSticky ?? current.isSticky,
    patch.image === undefined ? current.image : patch.image,
    patch.thumbnail === undefined ? current.thumbnail : patch.thumbnail,
  ]);
  return getActivity(q, ctx.accountId, clientId, id);
}

export async function deleteActivity(q: Queryable, ctx: { accountId: string; userId: string }, clientId: string, id: string): Promise<void> {
  checkAuthorWindow(await getActivity(q, ctx.accountId, clientId, id), ctx.userId);
  await q.query('delete from client_activity where id = $1', [id]);
}
