import { randomUUID } from 'node:crypto';
import type { Sealer } from '../../sealing/crypto';
import { PERSON_FIELDS, type Client, type ClientLevel, type MergeRequest, type SplitEntity, type SplitRequest } from '@agency/contracts';
import type { z } from 'zod';
import type { mergeRequestSchema, splitRequestSchema } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest } from '../../http/errors';
import { addActivity } from './activity/service';
import {
  clearSecondary,
  hasSecondary,
  HOUSEHOLD_KEYS,
  isEmpty,
  personOf,
  placePerson,
  promoteSecondary,
  type ClientData,
  type ClientState,
} from '../clientStore/mapping';
import { displayName } from '../clientStore/search';
import { insertClient, loadClient, saveClient, stateOf } from '../clientStore/store';
import { newRecordId, recordBinding } from './records/service';
import { movePersonReviews } from '../reviews/service';

type SplitInput = z.output<typeof splitRequestSchema>;
type MergeInput = z.output<typeof mergeRequestSchema>;
export type { SplitRequest, MergeRequest };

const RECORD_ENTITIES: Partial<Record<SplitEntity, string>> = {
  addresses: 'address',
  dependents: 'dependent',
  policies: 'policy',
  quotes: 'quote',
  paymentMethods: 'paymentMethod',
  miscItems: 'misc',
  links: 'link',
};

/** Household fields a new contact split out of a household starts with. */
function householdOf(d: ClientData, person: ClientData): ClientData {
  const out: ClientData = {};
  for (const k of HOUSEHOLD_KEYS) if (!isEmpty(d[k]) && k !== 'optOut') out[k] = d[k];
  const numbers = new Set([person.phone, person.mobilePhone].filter(Boolean));
  const optOut = (Array.isArray(d.optOut) ? d.optOut : []).filter((o: { by?: string }) => numbers.has(o.by));
  if (optOut.length) out.optOut = optOut;
  return out;
}

/** A copy of a record for another contact: a new id, and its sealed numbers sealed again for that id. */
async function copyRecord(
  q: Queryable,
  sealer: Sealer,
  c: { itemId: string; fromId: string; toId: string; accountId: string; kind: string },
): Promise<unknown[]> {
  const [source] = await q.query<{ secret: string | null }>(
    'select secret from client_records where id = $1 and client_id = $2 and account_id = $3 and kind = $4',
    [c.itemId, c.fromId, c.accountId, c.kind],
  );
  if (!source) return [];
  const id = newRecordId();
  const secret = source.secret ? sealer.seal(sealer.open(source.secret, recordBinding(c.itemId)), recordBinding(id)) : null;
  return q.query(
    `insert into client_records (id, account_id, client_id, kind, data, secret, created_by, created_at)
     select $2, account_id, $3, kind, data, $4, created_by, created_at from client_records where id = $1 returning id`,
    [c.itemId, id, c.toId, secret],
  );
}

async function applyItemActions(q: Queryable, accountId: string, fromId: string, toId: string, items: SplitInput['items'], sealer: Sealer) {
  for (const [entity, actions] of Object.entries(items) as Array<[SplitEntity, Record<string, 'keep' | 'copy' | 'move'>]>) {
    for (const [itemId, action] of Object.entries(actions ?? {})) {
      if (action === 'keep') continue;
      const recordKind = RECORD_ENTITIES[entity];
      let found: unknown[] = [];
      if (recordKind) {
        found =
          action === 'move'
            ? await q.query(
                'update client_records set client_id = $4, updated_at = now() where id = $1 and client_id = $2 and account_id = $3 and kind = $5 returning id',
                [itemId, fromId, accountId, toId, recordKind],
              )
            : await copyRecord(q, sealer, { itemId, fromId, toId, accountId, kind: recordKind });
      } else if (entity === 'tags') {
        found = await q.query(
          `insert into client_tags (account_id, client_id, tag_id, is_active)
           select account_id, $4, tag_id, is_active from client_tags where tag_id = $1 and client_id = $2 and account_id = $3
           on conflict (client_id, tag_id) do update set is_active = excluded.is_active returning tag_id`,
          [itemId, fromId, accountId, toId],
        );
        if (action === 'move') await q.query('delete from client_tags where tag_id = $1 and client_id = $2', [itemId, fromId]);
      } else if (entity === 'activity') {
        found =
          action === 'move'
            ? await q.query('update client_activity set client_id = $4 where id = $1 and client_id = $2 and account_id = $3 returning id', [
                itemId,
                fromId,
                accountId,
                toId,
              ])
            : await q.query(
                `insert into client_activity (id, account_id, client_id, type, note, is_sticky, image, thumbnail, user_id, data, created_at, updated_at)
                 select $5, account_id, $4, type, note, is_sticky, image, thumbnail, user_id, data, created_at, updated_at from client_activity
                  where id = $1 and client_id = $2 and account_id = $3 returning id`,
                [itemId, fromId, accountId, toId, randomUUID()],
              );
      } else if (entity === 'followUps') {
        // a follow-up is one piece of work: copy acts as move
        found = await q.query('update followups set client_id = $4 where id = $1 and client_id = $2 and account_id = $3 returning id', [
          itemId,
          fromId,
          accountId,
          toId,
        ]);
      }
      if (!found.length) throw badRequest(`The ${entity} item ${itemId} does not belong to this contact`);
    }
  }
}

/** One person of a two-person household becomes a contact of its own. */
export async function splitClient(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  id: string,
  input: SplitInput,
  sealer: Sealer,
): Promise<{ newClient: Client; client: Client }> {
  const row = await loadClient(q, ctx.accountId, id, true);
  const state = stateOf(row, sealer);
  if (!hasSecondary(state.data)) throw badRequest('Only a contact with a co-applicant can be split');
  const person = personOf(state, input.type);
  const newState = placePerson({ data: householdOf(state.data, person.fields), ssn: null, coSsn: null }, 'primary', person);
  const remaining = input.type === 'secondary' ? clearSecondary(state) : promoteSecondary(state);
  const newClient = await insertClient(q, ctx.accountId, ctx.userId, newState, sealer);
  const client = await saveClient(q, ctx.accountId, id, remaining, sealer);
  await applyItemActions(q, ctx.accountId, id, newClient.id, input.items, sealer);
  // referrals that named the person who left follow them
  const movedLevel: ClientLevel = input.type;
  await repointReferrals(q, ctx.accountId, { id, level: movedLevel }, { id: newClient.id, level: 'primary' });
  if (input.type === 'primary') await repointReferrals(q, ctx.accountId, { id, level: 'secondary' }, { id, level: 'primary' });
  await movePersonReviews(q, ctx.accountId, { id, level: movedLevel }, { id: newClient.id, level: 'primary' });
  if (input.type === 'primary') await movePersonReviews(q, ctx.accountId, { id, level: 'secondary' }, { id, level: 'primary' });
  await addActivity(q, { accountId: ctx.accountId, clientId: newClient.id, userId: ctx.userId, type: 'system', note: `Split from ${displayName(row.data)}` });
  return { newClient, client };
}

/** Points referrals that named one person of a contact at another person (or contact). */
async function repointReferrals(q: Queryable, accountId: string, from: { id: string; level: ClientLevel | null }, to: { id: string; level: ClientLevel }) {
  await q.query(
    `update clients set data = data || jsonb_build_object('affliateContact', $3::text, 'affliateContactLevel', $4::text)
      where account_id = $1 and data->>'affliateContact' = $2 and ($5::text is null or coalesce(data->>'affliateContactLevel', 'primary') = $5)`,
    [accountId, from.id, to.id, to.level, from.level],
  );
}

/** The person after a combine: per field the chosen side; without a choice the target's value, or the source's when the target's is empty. */
function combinePeople(target: ReturnType<typeof personOf>, source: ReturnType<typeof personOf>, choices: MergeInput['combineData']) {
  const fields: ClientData = {};
  for (const f of PERSON_FIELDS) {
    if (f === 'ssn') continue;
    const choice = choices[f];
    const v = choice === 'source' ? source.fields[f] : choice === 'target' ? target.fields[f] : isEmpty(target.fields[f]) ? source.fields[f] : target.fields[f];
    if (!isEmpty(v)) fields[f] = v;
  }
  const ssnFromSource = choices.ssn === 'source' || (choices.ssn === undefined && !target.ssn);
  return { fields, ssn: ssnFromSource ? source.ssn : target.ssn };
}

function mergeHousehold(target: ClientData, source: ClientData): ClientData {
  const out: ClientData = { ...target };
  for (const k of HOUSEHOLD_KEYS) if (isEmpty(out[k]) && !isEmpty(source[k])) out[k] = source[k];
  if (source.lastContactedOn && String(source.lastContactedOn) > String(target.lastContactedOn ?? '')) out.lastContactedOn = source.lastContactedOn;
  const optOut = [...(Array.isArray(target.optOut) ? target.optOut : []), ...(Array.isArray(source.optOut) ? source.optOut : [])] as Array<{ by: string }>;
  const seen = new Set<string>();
  const unique = optOut.filter((o) => !seen.has(o.by) && !!seen.add(o.by));
  if (unique.length) out.optOut = unique;
  if (source.extended || target.extended) out.extended = { ...((source.extended as object) ?? {}), ...((target.extended as object) ?? {}) };
  return out;
}

export const MERGE_SELF = 'A contact cannot be merged with itself';
export const MERGE_TARGET_FULL = 'The target contact already has two people: combine with one of them';
export const MERGE_SOURCE_DUAL = 'Split the co-applicant out of this contact first: the target has no room for it';

/** Merges contact `id` (source) into `otherId` (target); the target survives with everything the source held. */
export async function mergeClients(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  id: string,
  otherId: string,
  input: MergeInput,
  sealer: Sealer,
): Promise<Client> {
  if (id === otherId) throw badRequest(MERGE_SELF);
  const sourceRow = await loadClient(q, ctx.accountId, id, true);
  const targetRow = await loadClient(q, ctx.accountId, otherId, true);
  const src = stateOf(sourceRow, sealer);
  const tgt = stateOf(targetRow, sealer);
  const srcDual = hasSecondary(src.data);
  const tgtDual = hasSecondary(tgt.data);
  let next: ClientState;
  // where the source's people end up, for referrals
  const placed: Array<{ from: ClientLevel; to: ClientLevel }> = [];
  const targetMoves: Array<{ from: ClientLevel; to: ClientLevel }> = [];

  if (input.mergeAs === 'secondary' || input.mergeAs === 'primary') {
    if (tgtDual) throw badRequest(MERGE_TARGET_FULL);
    if (srcDual) throw badRequest(MERGE_SOURCE_DUAL);
    if (input.mergeAs === 'secondary') {
      next = placePerson(tgt, 'secondary', personOf(src, 'primary'));
      placed.push({ from: 'primary', to: 'secondary' });
    } else {
      next = placePerson(placePerson(tgt, 'secondary', personOf(tgt, 'primary')), 'primary', personOf(src, 'primary'));
      placed.push({ from: 'primary', to: 'primary' });
      targetMoves.push({ from: 'primary', to: 'secondary' });
    }
  } else {
    const level = input.combineWithType;
    if (level === 'secondary' && !tgtDual) throw badRequest('The target contact has no co-applicant to combine with');
    next = placePerson(tgt, level, combinePeople(personOf(tgt, level), personOf(src, 'primary'), input.combineData));
    placed.push({ from: 'primary', to: level });
    if (srcDual) {
      if (level !== 'primary' || tgtDual) throw badRequest(MERGE_SOURCE_DUAL);
      next = placePerson(next, 'secondary', personOf(src, 'secondary'));
      placed.push({ from: 'secondary', to: 'secondary' });
    }
  }
  next = { ...next, data: mergeHousehold(next.data, src.data) };
  if (next.data.affliateContact === id || next.data.affliateContact === otherId) {
    delete next.data.affliateContact;
    delete next.data.affliateContactLevel;
  }

  // everything the source holds moves to the target
  await q.query('update client_records set client_id = $2 where client_id = $1', [id, otherId]);
  await q.query('update client_activity set client_id = $2 where client_id = $1', [id, otherId]);
  await q.query('update followups set client_id = $2 where client_id = $1', [id, otherId]);
  await q.query('update sms_rooms set client_id = $2 where client_id = $1', [id, otherId]);
  await q.query(
    `insert into client_tags (account_id, client_id, tag_id, is_active) select account_id, $2, tag_id, is_active from client_tags where client_id = $1
     on conflict (client_id, tag_id) do nothing`,
    [id, otherId],
  );
  await q.query(
    `insert into client_favorites (user_id, client_id, account_id, created_at) select user_id, $2, account_id, created_at from client_favorites where client_id = $1
     on conflict do nothing`,
    [id, otherId],
  );
  // referrals naming either contact follow their people (the target's first, so the source's do not get moved twice)
  for (const m of targetMoves) await repointReferrals(q, ctx.accountId, { id: otherId, level: m.from }, { id: otherId, level: m.to });
  for (const m of placed) await repointReferrals(q, ctx.accountId, { id, level: m.from }, { id: otherId, level: m.to });
  // and so do their service reviews
  for (const m of targetMoves) await movePersonReviews(q, ctx.accountId, { id: otherId, level: m.from }, { id: otherId, level: m.to });
  for (const m of placed) await movePersonReviews(q, ctx.accountId, { id, level: m.from }, { id: otherId, level: m.to });
  await q.query('delete from clients where id = $1 and account_id = $2', [id, ctx.accountId]);
  const merged = await saveClient(q, ctx.accountId, otherId, next, sealer);
  await addActivity(q, {
    accountId: ctx.accountId,
    clientId: otherId,
    userId: ctx.userId,
    type: 'system',
    note: `Merged ${displayName(sourceRow.data) || 'a contact'} into this contact`,
  });
  return merged;
}
