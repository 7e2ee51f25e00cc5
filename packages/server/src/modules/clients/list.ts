import type { ClientListResponse, ClientLettersResponse } from '@agency/contracts';
import { LETTERS } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest } from '../../http/errors';
import { findTag, membershipCondition } from '../tags/service';
import { toListItem, type ClientData } from './mapping';
import { letterCondition, searchCondition, searchTokens } from './search';
import { Params } from './sql';

export interface ListFilters {
  search?: string;
  letter?: string;
  favorites?: boolean;
  tag?: string;
}

/** The WHERE of a list over clients c (with f, the user's favorites, left-joined). */
export async function listConditions(q: Queryable, ctx: { accountId: string; userId: string }, f: ListFilters, p: Params) {
  const account = p.add(ctx.accountId);
  const where = [`c.account_id = ${account}`];
  if (f.letter) where.push(letterCondition(f.letter, p));
  const tokens = searchTokens(f.search ?? '');
  if (tokens.length) where.push(searchCondition(account, tokens, p));
  if (f.favorites) where.push('f.user_id is not null');
  if (f.tag) where.push(membershipCondition(await findTag(q, ctx.accountId, f.tag), p));
  const from = `clients c left join client_favorites f on f.client_id = c.id and f.user_id = ${p.add(ctx.userId)}`;
  return { from, where: where.join(' and ') };
}

const encodeCursor = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && /^[0-9a-f-]{36}$/.test(v[1])) return [v[0], v[1]];
  } catch {
    // answered below
  }
  throw badRequest('The list cursor is not valid');
}

/** Keyset pages in sort-key order; the total only on the first page. */
export async function listClients(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  query: ListFilters & { after?: string; limit: number },
): Promise<ClientListResponse> {
  const p = new Params();
  const { from, where } = await listConditions(q, ctx, query, p);
  const countParams = [...p.values];
  let pageWhere = where;
  if (query.after) {
    const [key, id] = decodeCursor(query.after);
    pageWhere += ` and (c.sort_key, c.id) > (${p.add(key)}, ${p.add(id)}::uuid)`;
  }
  const rows = await q.query<{ id: string; data: ClientData; sort_key: string; is_favorite: boolean }>(
    `select c.id, c.data, c.sort_key, (f.user_id is not null) as is_favorite from ${from}
      where ${pageWhere} order by c.sort_key, c.id limit ${p.add(query.limit + 1)}`,
    p.values,
  );
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  let total: number | null = null;
  if (!query.after) {
    total = more ? (await q.query<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, countParams))[0].n : page.length;
  }
  const last = page.at(-1);
  return { items: page.map(toListItem), total, nextCursor: more && last ? encodeCursor(last.sort_key, last.id) : null };
}

/** How many clients sort under each letter. */
export async function letterCounts(q: Queryable, accountId: string): Promise<ClientLettersResponse> {
  const rows = await q.query<{ l: string; n: number }>(
    `select case when sort_key >= 'a' and sort_key < '{' then substr(sort_key, 1, 1) else '#' end as l, count(*)::int as n
       from clients where account_id = $1 group by 1`,
    [accountId],
  );
  const counts: Record<string, number> = Object.fromEntries(LETTERS.map((l) => [l, 0]));
  let total = 0;
  for (const r of rows) {
    counts[r.l] = r.n;
    total += r.n;
  }
  return { counts, total };
}
