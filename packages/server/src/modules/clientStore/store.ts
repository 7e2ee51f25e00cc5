import { randomUUID } from 'node:crypto';
import type { Client } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { notFound } from '../../http/errors';
import type { Sealer } from '../../sealing/crypto';
import { CLIENT_COLUMNS, openState, storedState, toClient, type ClientRow, type ClientState } from './mapping';
import { sortKey, writeTerms, type SearchableClient } from './search';

export const CLIENT_NOT_FOUND = 'Client not found';

/** A client of the account, or 404 (another account's id is answered the same as a missing one). */
export async function loadClient(q: Queryable, accountId: string, id: string, lock = false): Promise<ClientRow> {
  const [row] = await q.query<ClientRow>(`select ${CLIENT_COLUMNS} from clients c where c.id = $1 and c.account_id = $2${lock ? ' for update' : ''}`, [
    id,
    accountId,
  ]);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

export const stateOf = (row: ClientRow, sealer: Sealer): ClientState => openState(row, sealer);

/** Writes a client's state with its sort key and search terms; answers the stored client. */
export async function saveClient(q: Queryable, accountId: string, id: string, state: ClientState, sealer: Sealer): Promise<Client> {
  const stored = storedState(id, state, sealer);
  const [row] = await q.query<ClientRow>(
    `update clients c set data = $3, ssn_enc = $4, co_ssn_enc = $5, sort_key = $6, updated_at = now()
      where c.id = $1 and c.account_id = $2 returning ${CLIENT_COLUMNS}`,
    [id, accountId, JSON.stringify(stored.data), stored.ssnEnc, stored.coSsnEnc, sortKey(state.data as SearchableClient)],
  );
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  await writeTerms(q, accountId, id, state.data as SearchableClient);
  return toClient(row, sealer);
}

export async function insertClient(
  q: Queryable,
  accountId: string,
  createdBy: string | null,
  state: ClientState,
  sealer: Sealer,
  id: string = randomUUID(),
): Promise<Client> {
  await q.query(`insert into clients (id, account_id, created_by) values ($1, $2, $3)`, [id, accountId, createdBy]);
  return saveClient(q, accountId, id, state, sealer);
}

/** Marks a client as contacted now (notes, answered calls either way, texts sent and received): their Last Contact. */
export async function touchLastContact(q: Queryable, accountId: string, id: string): Promise<void> {
  await q.query(`update clients set data = data || jsonb_build_object('lastContactedOn', $3::text) where id = $1 and account_id = $2`, [
    id,
    accountId,
    new Date().toISOString(),
  ]);
}
