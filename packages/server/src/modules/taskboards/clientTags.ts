import type { TaskBoardTag } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { camelizeRow, matchesQuery } from './clientQuery';

export interface ClientRef {
  id: string;
  name: string;
}

/**
 * What the task boards need to know about clients and their tags. Everything the boards read from
 * the contacts module's tables goes through here, so this is the one place to change with them.
 */
export interface ClientTagSource {
  /** The clients of the account among these ids, with their names; unknown ids are left out. */
  findClients(q: Queryable, accountId: string, ids: string[]): Promise<ClientRef[]>;
  /**
   * Which of these tags each client holds now: static assignments, and dynamic tags whose query
   * the client matches (unless switched off for that client). Only clients holding one are listed.
   * With `clientIds`, only those clients are looked at.
   */
  holders(q: Queryable, accountId: string, tagIds: string[], clientIds?: string[]): Promise<Map<string, Set<string>>>;
  /** The tags of the account among these ids. */
  tags(q: Queryable, accountId: string, ids: string[]): Promise<TaskBoardTag[]>;
}

interface TagRow {
  id: string;
  name: string;
  query_obj: unknown;
}

const clientName = (r: { first_name?: unknown; last_name?: unknown }) => [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || 'Unnamed client';

export const sqlClientTagSource: ClientTagSource = {
  async findClients(q, accountId, ids) {
    if (!ids.length) return [];
    const rows = await q.query<{ id: string; first_name: string; last_name: string }>(
      'select id, first_name, last_name from clients where account_id = $1 and id = any($2::uuid[])',
      [accountId, ids],
    );
    return rows.map((r) => ({ id: r.id, name: clientName(r) }));
  },

  async tags(q, accountId, ids) {
    if (!ids.length) return [];
    return q.query<TaskBoardTag>('select id, name from tags where account_id = $1 and id = any($2::uuid[]) order by name', [accountId, ids]);
  },

  async holders(q, accountId, tagIds, clientIds) {
    const result = new Map<string, Set<string>>();
    if (!tagIds.length || (clientIds && !clientIds.length)) return result;
    const add = (clientId: string, tagId: string) => {
      if (!result.has(clientId)) result.set(clientId, new Set());
      result.get(clientId)!.add(tagId);
    };
    const tags = await q.query<TagRow>('select id, name, query_obj from tags where account_id = $1 and id = any($2::uuid[])', [accountId, tagIds]);
    const staticIds = tags.filter((t) => !isDynamic(t.query_obj)).map((t) => t.id);
    const dynamic = tags.filter((t) => isDynamic(t.query_obj));
    if (staticIds.length) {
      const rows = await q.query<{ client_id: string; tag_id: string }>(
        `select ct.client_id, ct.tag_id from client_tags ct
          where ct.account_id = $1 and ct.tag_id = any($2::uuid[]) and ct.is_active
            ${clientIds ? 'and ct.client_id = any($3::uuid[])' : ''}`,
        clientIds ? [accountId, staticIds, clientIds] : [accountId, staticIds],
      );
      for (const r of rows) add(r.client_id, r.tag_id);
    }
    if (dynamic.length) {
      const clients = await q.query<{ doc: Record<string, unknown> }>(
        `select to_jsonb(c) as doc from clients c where c.account_id = $1 ${clientIds ? 'and c.id = any($2::uuid[])' : ''}`,
        clientIds ? [accountId, clientIds] : [accountId],
      );
      const off = await q.query<{ client_id: string; tag_id: string }>(
        `select client_id, tag_id from client_tags where account_id = $1 and tag_id = any($2::uuid[]) and not is_active`,
        [accountId, dynamic.map((t) => t.id)],
      );
      const switchedOff = new Set(off.map((r) => `${r.client_id}:${r.tag_id}`));
      for (const { doc } of clients) {
        const client = camelizeRow(doc);
        const id = String(client.id);
        for (const t of dynamic) {
          if (!switchedOff.has(`${id}:${t.id}`) && matchesQuery(client, parseQuery(t.query_obj))) add(id, t.id);
        }
      }
    }
    return result;
  },
};

function parseQuery(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const isDynamic = (raw: unknown) => {
  const q = parseQuery(raw);
  return !!q && typeof q === 'object' && Object.keys(q).length > 0;
};
