import type { Client, ClientInputParsed } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import type { Sealer } from '../../sealing/crypto';
import { applyInput, clearSecondary, hasSecondary, promoteSecondary, type ClientState } from '../clientStore/mapping';
import { insertClient, loadClient, saveClient, stateOf } from '../clientStore/store';
export { touchLastContact } from '../clientStore/store';
import { checkLocation, locationOfPhone } from '../locations/service';
import { dropPersonReviews, movePersonReviews } from '../reviews/service';
import { isAccountUser } from '../users/membership';

/**
 * The default location follows the default phone (Update Default Location): a phone of the account
 * with a location sets both, clearing the phone clears both. A location sent alone must be the account's.
 */
async function withLocation(q: Queryable, accountId: string, input: Partial<ClientInputParsed>): Promise<Partial<ClientInputParsed>> {
  if (input.accountPhone !== undefined) {
    return { ...input, location: input.accountPhone ? await locationOfPhone(q, accountId, input.accountPhone) : null };
  }
  await checkLocation(q, accountId, input.location);
  return input;
}

/** The references a client's fields make must stay inside the account. */
async function checkReferences(q: Queryable, accountId: string, clientId: string | null, input: Partial<ClientInputParsed>) {
  if (input.managedBy) {
    if (!(await isAccountUser(q, accountId, input.managedBy))) throw badRequest('Managed by must be a user of this account');
  }
  if (input.affliateContact) {
    if (input.affliateContact === clientId) throw badRequest('A contact cannot refer itself');
    const [c] = await q.query('select 1 from clients where id = $1 and account_id = $2', [input.affliateContact, accountId]);
    if (!c) throw badRequest('Referred by must be a contact of this account');
  }
}

function withManagedOn(before: ClientState['data'], input: Partial<ClientInputParsed>): Partial<ClientInputParsed> {
  if (input.managedBy !== undefined && input.managedBy !== before.managedBy && input.managedOn === undefined) {
    return { ...input, managedOn: input.managedBy ? new Date().toISOString() : null };
  }
  return input;
}

export async function createClient(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  input: ClientInputParsed & { room?: string },
  sealer: Sealer,
): Promise<Client> {
  await checkReferences(q, ctx.accountId, null, input);
  const state = applyInput({ data: {}, ssn: null, coSsn: null }, withManagedOn({}, await withLocation(q, ctx.accountId, input)));
  const client = await insertClient(q, ctx.accountId, ctx.userId, state, sealer);
  if (input.room) {
    const rows = await q.query('update sms_rooms set client_id = $1 where id = $2 and account_id = $3 returning id', [client.id, input.room, ctx.accountId]);
    if (!rows.length) throw notFound('Room not found');
  }
  return client;
}

export async function updateClient(q: Queryable, accountId: string, id: string, input: Partial<ClientInputParsed>, sealer: Sealer): Promise<Client> {
  const row = await loadClient(q, accountId, id, true);
  await checkReferences(q, accountId, id, input);
  const state = applyInput(stateOf(row, sealer), withManagedOn(row.data, await withLocation(q, accountId, input)));
  return saveClient(q, accountId, id, state, sealer);
}

/**
 * Delete by level. Primary: a client with a secondary keeps living with the secondary promoted;
 * a single client is deleted with everything it holds. Secondary: the co fields are cleared.
 */
export async function deleteClient(
  q: Queryable,
  accountId: string,
  id: string,
  level: 'primary' | 'secondary',
  sealer: Sealer,
): Promise<{ message: string; client: Client | null }> {
  const row = await loadClient(q, accountId, id, true);
  const state = stateOf(row, sealer);
  if (level === 'secondary') {
    if (!hasSecondary(state.data)) throw badRequest('This contact has no secondary applicant');
    await dropPersonReviews(q, accountId, id, 'secondary');
    return { message: 'Secondary removed', client: await saveClient(q, accountId, id, clearSecondary(state), sealer) };
  }
  if (hasSecondary(state.data)) {
    await dropPersonReviews(q, accountId, id, 'primary');
    await movePersonReviews(q, accountId, { id, level: 'secondary' }, { id, level: 'primary' });
    return { message: 'Primary removed', client: await saveClient(q, accountId, id, promoteSecondary(state), sealer) };
  }
  await q.query('delete from clients where id = $1 and account_id = $2', [id, accountId]);
  return { message: 'Client removed', client: null };
}
