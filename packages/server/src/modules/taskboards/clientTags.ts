import type { TaskBoardTag } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { displayName, type SearchableClient } from '../clientStore/search';
import { Params } from '../../db/sql';
import type { Sealer } from '../../sealing/crypto';
import { birthDatesForTags, membershipCondition, type TagRow } from '../tags/service';

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
   * the client matches (unless opted out). Only clients holding one are listed. With
   * `clientIds`, only those clients are looked at.
   */
  holders(q: Queryable, accountId: string, tagIds: string[], clientIds?: string[]): Promise<Map<string, Set<string>>>;
  /** The tags of the account among these ids. */
  tags(q: Queryable, accountId: string, ids: string[]): Promise<TaskBoardTag[]>;
}

const TAG_COLUMNS = 'id, account_id, name, description, query_obj, type, is_active, created_at';

/**
 * The contacts module's tables, read with its own rules for names and tag membership. A tag whose
 * query compares birth dates needs `sealer` to open them; without one such a tag cannot be asked.
 */
export const clientTagSource = (sealer?: Sealer): ClientTagSource => ({
  async findClients(q, accountId, ids) {
    if (!ids.length) return [];
    const rows = await q.query<{ id: string; data: SearchableClient }>('select id, data from clients where account_id = $1 and id = any($2::uuid[])', [
      accountId,
      ids,
    ]);
    return rows.map((r) => ({ id: r.id, name: displayName(r.data ?? {}) || 'Unnamed client' }));
  },

  async tags(q, accountId, ids) {
    if (!ids.length) return [];
    return q.query<TaskBoardTag>('select id, name from tags where account_id = $1 and id = any($2::uuid[]) order by name', [accountId, ids]);
  },

  async holders(q, accountId, tagIds, clientIds) {
    const result = new Map<string, Set<string>>();
    if (!tagIds.length || (clientIds && !clientIds.length)) return result;
    const tags = await q.query<TagRow>(`select ${TAG_COLUMNS} from tags where account_id = $1 and id = any($2::uuid[])`, [accountId, tagIds]);
    for (const tag of tags) {
      const p = new Params();
      const account = p.add(accountId);
      const only = clientIds ? ` and c.id = any(${p.add(clientIds)}::uuid[])` : '';
      const cond = membershipCondition(tag, p, 'c', sealer && (await birthDatesForTags(q, { accountId, sealer }, [tag])));
      const rows = await q.query<{ id: string }>(`select c.id from clients c where c.account_id = ${account}${only} and ${cond}`, p.values);
      for (const { id } of rows) {
        if (!result.has(id)) result.set(id, new Set());
        result.get(id)!.add(tag.id);
      }
    }
    return result;
  },
});

/** The contacts tables for boards whose tags compare no birth dates. */
export const sqlClientTagSource = clientTagSource();
