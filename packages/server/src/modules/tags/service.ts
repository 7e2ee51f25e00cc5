import { randomUUID } from 'node:crypto';
import type { ClientTag, Tag, TagInput } from '@agency/contracts';
import { tagInputSchema } from '@agency/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import { Params, iso } from '../../db/sql';
import type { Sealer } from '../../sealing/crypto';
import { sealedFieldBinding } from '../clientStore/mapping';
import { compileTagQuery, comparesBirthDates, validateTagQuery, type BirthDates } from './query';

export interface TagRow {
  id: string;
  account_id: string;
  name: string;
  description: string;
  query_obj: { value?: unknown; mongodb: string; isValid: boolean } | null;
  type: 'core' | 'tenant';
  is_active: boolean;
  created_at: Date | string;
}
const TAG_COLUMNS = 'id, account_id, name, description, query_obj, type, is_active, created_at';
export const TAG_NOT_FOUND = 'Tag not found';

export async function findTag(q: Queryable, accountId: string, id: string): Promise<TagRow> {
  const [row] = await q.query<TagRow>(`select ${TAG_COLUMNS} from tags where id = $1 and account_id = $2`, [id, accountId]);
  if (!row) throw notFound(TAG_NOT_FOUND);
  return row;
}

export const isDynamic = (t: TagRow) => !!t.query_obj;

/** Whose tags are asked about, and the sealer that opens their birth dates when a query compares them. */
export interface TagScope {
  accountId: string;
  sealer: Sealer;
}

/** The account's birth dates opened, when one of these queries compares them (undefined otherwise). */
export async function birthDatesFor(q: Queryable, scope: TagScope, queries: unknown[]): Promise<BirthDates | undefined> {
  if (!queries.some((m) => comparesBirthDates(m))) return undefined;
  const rows = await q.query<{ id: string; dob: string | null }>(`select id, data->>'dob' as dob from clients where account_id = $1`, [scope.accountId]);
  const dates = rows.map((r) => {
    const us = r.dob ? scope.sealer.open(r.dob, sealedFieldBinding(r.id, 'dob')) : null;
    const m = us?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
    return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
  });
  return { ids: rows.map((r) => r.id), dates };
}

/** The birth dates these tags' queries need (see birthDatesFor). */
export const birthDatesForTags = (q: Queryable, scope: TagScope, tags: TagRow[]) =>
  birthDatesFor(
    q,
    scope,
    tags.flatMap((t) => (t.query_obj && t.is_active ? [t.query_obj.mongodb] : [])),
  );

/**
 * Whether client c carries the tag. Static: an active assignment. Dynamic: the query matches
 * and the client has not opted out; a paused (inactive) dynamic tag matches nobody.
 */
export function membershipCondition(tag: TagRow, p: Params, alias = 'c', birthDates?: BirthDates): string {
  if (tag.query_obj && !tag.is_active) return 'false';
  const t = p.add(tag.id);
  if (!tag.query_obj) return `exists (select 1 from client_tags ct where ct.client_id = ${alias}.id and ct.tag_id = ${t} and ct.is_active)`;
  return `(${compileTagQuery(tag.query_obj.mongodb, p, alias, birthDates)} and not exists (select 1 from client_tags ct where ct.client_id = ${alias}.id and ct.tag_id = ${t} and not ct.is_active))`;
}

async function countMembers(q: Queryable, scope: TagScope, tag: TagRow, birthDates?: BirthDates): Promise<number> {
  const p = new Params();
  const cond = membershipCondition(tag, p, 'c', birthDates ?? (await birthDatesForTags(q, scope, [tag])));
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n from clients c where c.account_id = ${p.add(tag.account_id)} and ${cond}`, p.values);
  return n;
}

/** How many of the account's clients a dynamic query matches now (before any opt-outs: the tag does not exist yet). */
export async function countQueryMatches(q: Queryable, scope: TagScope, mongodb: string): Promise<number> {
  const p = new Params();
  const account = p.add(scope.accountId);
  const cond = compileTagQuery(mongodb, p, 'c', await birthDatesFor(q, scope, [mongodb]));
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n from clients c where c.account_id = ${account} and ${cond}`, p.values);
  return n;
}

/** A tag as answered with its member count; `birthDates`, when given, are the account's already opened. */
export async function toTag(q: Queryable, scope: TagScope, row: TagRow, staticCounts?: Map<string, number>, birthDates?: BirthDates): Promise<Tag> {
  const assigned = row.query_obj ? await countMembers(q, scope, row, birthDates) : (staticCounts?.get(row.id) ?? (await countMembers(q, scope, row)));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    queryObj: row.query_obj ? { value: row.query_obj.value, mongodb: row.query_obj.mongodb, isValid: row.query_obj.isValid ?? true } : null,
    type: row.type,
    format: row.query_obj ? 'dynamic' : 'simple',
    assigned,
    isActive: row.is_active,
    status: 'active',
    createdAt: iso(row.created_at)!,
  };
}

export async function listTags(q: Queryable, scope: TagScope, sort: string, limit: number): Promise<Tag[]> {
  const { accountId } = scope;
  const rows = await q.query<TagRow>(`select ${TAG_COLUMNS} from tags where account_id = $1`, [accountId]);
  const counts = new Map(
    (
      await q.query<{ tag_id: string; n: number }>('select tag_id, count(*)::int as n from client_tags where account_id = $1 and is_active group by tag_id', [
        accountId,
      ])
    ).map((r) => [r.tag_id, r.n]),
  );
  const tags: Tag[] = [];
  // the birth dates are opened once for every tag that compares them, not once per tag
  const birthDates = await birthDatesForTags(q, scope, rows);
  for (const r of rows) tags.push(await toTag(q, scope, r, new Map([[r.id, counts.get(r.id) ?? 0]]), birthDates));
  const desc = sort.startsWith('-');
  const key = sort.replace(/^-/, '') as 'name' | 'createdAt' | 'assigned';
  tags.sort((a, b) => {
    const c =
      key === 'assigned'
        ? a.assigned - b.assigned
        : key === 'createdAt'
          ? a.createdAt.localeCompare(b.createdAt)
          : a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    return desc ? -c : c;
  });
  return tags.slice(0, limit);
}

/** A dynamic tag's query must compile before it is stored. */
function checkQuery(queryObj: TagInput['queryObj']) {
  if (queryObj) validateTagQuery(queryObj.mongodb);
}

type TagInputParsed = z.output<typeof tagInputSchema>;

export async function createTag(q: Queryable, scope: TagScope, input: TagInputParsed): Promise<Tag> {
  const { accountId } = scope;
  checkQuery(input.queryObj);
  const id = randomUUID();
  try {
    await q.query('insert into tags (id, account_id, name, description, query_obj, is_active) values ($1, $2, $3, $4, $5, $6)', [
      id,
      accountId,
      input.name,
      input.description,
      input.queryObj ? JSON.stringify(input.queryObj) : null,
      input.isActive,
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(`A tag named ${input.name} already exists`);
    throw err;
  }
  return toTag(q, scope, await findTag(q, accountId, id));
}

export async function updateTag(q: Queryable, scope: TagScope, id: string, input: Partial<TagInputParsed>): Promise<Tag> {
  const { accountId } = scope;
  const tag = await findTag(q, accountId, id);
  checkQuery(input.queryObj);
  const next = {
    name: input.name ?? tag.name,
    description: input.description ?? tag.description,
    query_obj: input.queryObj === undefined ? tag.query_obj : input.queryObj,
    is_active: input.isActive ?? tag.is_active,
  };
  if (!!tag.query_obj !== !!next.query_obj) {
    // a tag changing format starts over: static assignments and dynamic opt-outs mean different things
    await q.query('delete from client_tags where tag_id = $1', [id]);
  }
  try {
    await q.query('update tags set name = $3, description = $4, query_obj = $5, is_active = $6 where id = $1 and account_id = $2', [
      id,
      accountId,
      next.name,
      next.description,
      next.query_obj ? JSON.stringify(next.query_obj) : null,
      next.is_active,
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(`A tag named ${next.name} already exists`);
    throw err;
  }
  return toTag(q, scope, await findTag(q, accountId, id));
}

export async function deleteTag(q: Queryable, accountId: string, id: string): Promise<void> {
  const tag = await findTag(q, accountId, id);
  if (tag.type === 'core') throw badRequest('Core tags cannot be deleted');
  await q.query('delete from tags where id = $1 and account_id = $2', [id, accountId]);
}

/** The tags one client carries: its static tags, and the dynamic tags it matches (opted out or not). */
export async function clientTags(q: Queryable, scope: TagScope, clientId: string): Promise<ClientTag[]> {
  const { accountId } = scope;
  const rows = await q.query<TagRow & { assigned: boolean | null }>(
    `select t.id, t.account_id, t.name, t.description, t.query_obj, t.type, t.is_active, t.created_at, ct.is_active as assigned
       from tags t left join client_tags ct on ct.tag_id = t.id and ct.client_id = $2
      where t.account_id = $1 order by lower(t.name)`,
    [accountId, clientId],
  );
  const dynamic = rows.filter((r) => r.query_obj && r.is_active);
  const matches = new Map<string, boolean>();
  if (dynamic.length) {
    const p = new Params();
    const birthDates = await birthDatesForTags(q, scope, dynamic);
    const cols = dynamic.map((t, i) => `(${compileTagQuery(t.query_obj!.mongodb, p, 'c', birthDates)}) as m${i}`).join(', ');
    const [m] = await q.query<Record<string, boolean>>(`select ${cols} from clients c where c.id = ${p.add(clientId)}`, p.values);
    dynamic.forEach((t, i) => matches.set(t.id, !!m?.[`m${i}`]));
  }
  const out: ClientTag[] = [];
  for (const r of rows) {
    if (r.query_obj) {
      if (!matches.get(r.id)) continue;
      out.push({ id: r.id, name: r.name, format: 'dynamic', isActive: r.assigned !== false, matches: true });
    } else if (r.assigned) {
      out.push({ id: r.id, name: r.name, format: 'simple', isActive: true, matches: false });
    }
  }
  return out;
}

export async function assignClientTags(q: Queryable, accountId: string, clientId: string, toggles: Array<{ id: string; isActive: boolean }>) {
  for (const { id, isActive } of toggles) {
    const tag = await findTag(q, accountId, id);
    const keepRow = isDynamic(tag) ? !isActive : isActive;
    if (keepRow) {
      await q.query(
        `insert into client_tags (account_id, client_id, tag_id, is_active) values ($1, $2, $3, $4)
         on conflict (client_id, tag_id) do update set is_active = excluded.is_active`,
        [accountId, clientId, id, isActive],
      );
    } else {
      await q.query('delete from client_tags where client_id = $1 and tag_id = $2', [clientId, id]);
    }
  }
}
