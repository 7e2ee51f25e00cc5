import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import type { AuditAbout } from '../audit/trail';
import type { ClientRow } from '../clientStore/mapping';
import { displayName } from '../clientStore/search';

/** A user's display name for activity entries. */
export async function actorName(deps: AppDeps, req: FastifyRequest): Promise<string> {
  const a = auth(req);
  const [u] = await deps.db.query<{ first_name: string; last_name: string }>('select first_name, last_name from users where id = $1', [a.userId]);
  return u ? `${u.first_name} ${u.last_name}` : 'A user';
}

/** A contact as a record of the audit trail, named as it is now. */
export const contactAbout = (row: Pick<ClientRow, 'id' | 'data'>): AuditAbout => ({
  type: 'contact',
  id: row.id,
  label: displayName(row.data ?? {}) || 'A contact',
});
