import type { ClientListResponse, ClientLettersResponse } from '@agency/contracts';
import { LETTERS } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest } from '../../http/errors';
import { birthDatesForTags, findTag, membershipCondition } from '../tags/service';
import type { Sealer } from '../../sealing/crypto';
import { toListItem, type ClientData } from '../clientStore/mapping';
import { letterCondition, searchCondition, searchMatches, searchTokens } from '../clientStore/search';
import { Params } from '../../db/sql';

export interface ListFilters {
  search?: string;
  letter?: string;
  favorites?: boolean;
  tag?: string;
  single?: boolean;
}

/** The WHERE of a list over clients c (with f, the user's favorites, left-joined). */
export async function listConditions(q: Queryable, ctx: { accountId: string; userId: string }, f: ListFilters, p: Params, sealer: Sealer) {
  const account = p.add(ctx.accountId);
  const where = [`c.account_id = ${account}`];
  if (f.letter) where.push(letterCondition(f.letter, p));
  const tokens = searchTokens(f.search ?? '');
  if (tokens.length) where.push(searchCondition(account, tokens, p));
  if (f.favorites) where.push('f.user_id is not null');
  if (f.single) where.push(`coalesce(c.data->>'coFirstName', c.data->>'coLastName', c.data->>'coPreferredFirstName') is null`);
  if (f.tag) {
    const tag = await findTag(q, ctx.accountId, f.tag);
    where.push(membershipCondition(tag, p, 'c', await birthDatesForTags(q, { accountId: ctx.accountId, sealer }, [tag])));
  }
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

type Row = { id: string; data: ClientData; sort_key: string; is_favorite: boolean };

/**
 * Keyset pages in sort-key order; the total only on the first page. Three shapes: the whole list
 * or one letter (the sort index; totals from the per-letter counts), a search alone (paged on the
 * term index, then the page's clients read by id), and any other mix (the general join).
 */
export async function listClients(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  query: ListFilters & { after?: string; offset?: number; limit: number },
  sealer: Sealer,
): Promise<ClientListResponse> {
  const cursor = query.after ? decodeCursor(query.after) : null;
  const skip = !cursor && query.offset ? ` offset ${Math.floor(query.offset)}` : '';
  const tokens = searchTokens(query.search ?? '');
  const onlySearch = tokens.length > 0 && !query.letter && !query.favorites && !query.tag && !query.single;
  const p = new Params();
  let rows: Row[];
  let count: (() => Promise<number>) | null = null;

  if (onlySearch) {
    const account = p.add(ctx.accountId);
    const countParams = () => {
      const cp = new Params();
      return { sql: searchMatches(cp.add(ctx.accountId), tokens, cp), values: cp.values };
    };
    const after = cursor ? ` and (t.sort_key, t.client_id) > (${p.add(cursor[0])}, ${p.add(cursor[1])}::uuid)` : '';
    const matches = searchMatches(account, tokens, p, after).replace(/^select t\.client_id/, 'select t.client_id, t.sort_key');
    rows = await q.query<Row>(
      `select m.client_id as id, c.data, m.sort_key, (f.user_id is not null) as is_favorite
         from (${matches} order by t.sort_key, t.client_id limit ${p.add(query.limit + 1)}${skip}) m
         join clients c on c.id = m.client_id
         left join client_favorites f on f.client_id = m.client_id and f.user_id = ${p.add(ctx.userId)}
        order by m.sort_key, m.client_id`,
      p.values,
    );
    count = async () => {
      const c = countParams();
      return (await q.query<{ n: number }>(`select count(*)::int as n from (${c.sql}) x`, c.values))[0].n;
    };
  } else {
    const { from, where } = await listConditions(q, ctx, query, p, sealer);
    const countValues = [...p.values];
    const pageWhere = cursor ? `${where} and (c.sort_key, c.id) > (${p.add(cursor[0])}, ${p.add(cursor[1])}::uuid)` : where;
    rows = await q.query<Row>(
      `select c.id, c.data, c.sort_key, (f.user_id is not null) as is_favorite from ${from}
        where ${pageWhere} order by c.sort_key, c.id limit ${p.add(query.limit + 1)}${skip}`,
      p.values,
    );
    const plain = !tokens.length && !query.favorites && !query.tag && !query.single;
    count = plain
      ? async () => {
          const counts = (await letterCounts(q, ctx.accountId)).counts;
          return query.letter ? (counts[query.letter] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
        }
      : async () => (await q.query<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, countValues))[0].n;
  }

  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const total = cursor ? null : more || skip ? await count() : page.length;
  const last = page.at(-1);
  return { items: page.map(toListItem), total, nextCursor: more && last ? encodeCursor(last.sort_key, last.id) : null };
}

/** How many clients sort under each letter. */
export async function letterCounts(q: Queryable, accountId: string): Promise<ClientLettersResponse> {
  // kept by triggers on clients (migration 013)
  const rows = await q.query<{ l: string; n: number }>('select letter as l, n from client_letter_counts where account_id = $1', [accountId]);
  const counts: Record<string, number> = Object.fromEntries(LETTERS.map((l) => [l, 0]));
  let total = 0;
  for (const r of rows) {
    counts[r.l] = r.n;
    total += r.n;
  }
  return { counts, total };
}
