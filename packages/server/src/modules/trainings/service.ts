import { randomUUID } from 'node:crypto';
import type { Training, TrainingCreate } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';

interface TrainingRow {
  id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  tags: string[];
  notify: boolean;
  arcade_id: string | null;
  details: string;
  created_at: Date;
  viewed_by: string[] | null;
}

const toTraining = (r: TrainingRow): Training => ({
  id: r.id,
  title: r.title,
  description: r.description,
  thumbnail: r.thumbnail,
  viewedBy: r.viewed_by ?? [],
  createdAt: new Date(r.created_at).toISOString(),
  tags: r.tags ?? [],
  notify: r.notify,
  arcadeId: r.arcade_id,
  details: r.details,
});

/*
 * Trainings are the platform's own and every account reads the same library, but who viewed an
 * item is account data: viewedBy lists only users of the reader's account ($1).
 */
const SELECT = `
  select t.id, t.title, t.description, t.thumbnail, t.tags, t.notify, t.arcade_id, t.details, t.created_at,
         (select array_agg(v.user_id::text order by v.viewed_at)
            from training_views v join users u on u.id = v.user_id
           where v.training_id = t.id and u.account_id = $1) as viewed_by
    from trainings t`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Matches title, description or tags against the pattern in parameter $n (no filter when it is null). */
const searchClause = (n: number) =>
  `where ($${n}::text is null or t.title ilike $${n} or t.description ilike $${n} or array_to_string(t.tags, ' ') ilike $${n})`;

export async function listTrainings(
  q: Queryable,
  accountId: string,
  opts: { search?: string; count?: number },
): Promise<{ trainings: Training[]; total: number }> {
  const search = opts.search?.trim() ? `%${escapeLike(opts.search.trim())}%` : null;
  const [rows, [{ total }]] = await Promise.all([
    q.query<TrainingRow>(`${SELECT} ${searchClause(2)} order by t.created_at desc, t.id limit $3`, [accountId, search, opts.count ?? 100]),
    q.query<{ total: number }>(`select count(*)::int as total from trainings t ${searchClause(1)}`, [search]),
  ]);
  return { trainings: rows.map(toTraining), total: Number(total) };
}

export async function getTraining(q: Queryable, accountId: string, id: string): Promise<Training | null> {
  const [row] = await q.query<TrainingRow>(`${SELECT} where t.id = $2`, [accountId, id]);
  return row ? toTraining(row) : null;
}

/** How many trainings this user has not opened yet (the footer badge). */
export async function unviewedCount(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `select count(*)::int as count from trainings t
      where not exists (select 1 from training_views v where v.training_id = t.id and v.user_id = $1)`,
    [userId],
  );
  return Number(row.count);
}

/** Marks a training viewed by the user. Returns false when there is no such training. */
export async function markViewed(db: Db, trainingId: string, userId: string): Promise<boolean> {
  return db.tx(async (q) => {
    const rows = await q.query(
      `insert into training_views (training_id, user_id)
       select id, $2 from trainings where id = $1
       on conflict (training_id, user_id) do nothing
       returning training_id`,
      [trainingId, userId],
    );
    if (rows.length) return true;
    return (await q.query('select 1 from trainings where id = $1', [trainingId])).length > 0;
  });
}

export async function createTraining(db: Db, accountId: string, userId: string, t: Required<TrainingCreate>): Promise<Training> {
  const id = randomUUID();
  return db.tx(async (q) => {
    await q.query(
      `insert into trainings (id, title, description, thumbnail, tags, notify, arcade_id, details, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, t.title, t.description, t.thumbnail, [...new Set(t.tags.map((tag) => tag.toLowerCase()))], t.notify, t.arcadeId, t.details, userId],
    );
    const [row] = await q.query<TrainingRow>(`${SELECT} where t.id = $2`, [accountId, id]);
    return toTraining(row);
  });
}
