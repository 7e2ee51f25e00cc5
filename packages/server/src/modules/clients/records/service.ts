import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/index';
import { badRequest, notFound } from '../../../http/errors';
import type { Sealer } from '../../../sealing/crypto';
import { iso } from '../../../db/sql';
import type { RecordKind } from './kinds';
import { isAccountUser } from '../../users/membership';

export interface RecordRow {
  id: string;
  account_id: string;
  client_id: string;
  kind: RecordKind['kind'];
  data: Record<string, unknown>;
  secret: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
export const RECORD_COLUMNS = 'r.id, r.account_id, r.client_id, r.kind, r.data, r.secret, r.created_at, r.updated_at';

/** A record as the API answers it: every field of its schema (null when unset), sealed ones masked. */
export function toRecord(k: RecordKind, row: RecordRow, sealer: Sealer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = (k.output as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  for (const key of Object.keys(shape)) out[key] = null;
  Object.assign(out, k.defaults ?? {});
  for (const [key, v] of Object.entries(row.data ?? {})) if (!key.endsWith('Last4')) out[key] = v;
  Object.assign(out, k.masks?.(row.data ?? {}) ?? {});
  if (k.derived) Object.assign(out, k.derived(openSecrets(sealer, row)));
  out.id = row.id;
  out.client = row.client_id;
  out.createdAt = iso(row.created_at);
  out.updatedAt = iso(row.updated_at);
  return out;
}

export async function listRecords(q: Queryable, k: RecordKind, accountId: string, clientId: string, where = '', params: unknown[] = []): Promise<RecordRow[]> {
  return q.query<RecordRow>(
    `select ${RECORD_COLUMNS} from client_records r where r.account_id = $1 and r.client_id = $2 and r.kind = $3 ${where} order by ${k.orderBy}`,
    [accountId, clientId, k.kind, ...params],
  );
}

export async function findRecord(q: Queryable, k: RecordKind, accountId: string, clientId: string, id: string, lock = false): Promise<RecordRow> {
  const [row] = await q.query<RecordRow>(
    `select ${RECORD_COLUMNS} from client_records r where r.id = $1 and r.client_id = $2 and r.account_id = $3 and r.kind = $4${lock ? ' for update' : ''}`,
    [id, clientId, accountId, k.kind],
  );
  if (!row) throw notFound(`${k.label} not found`);
  return row;
}

/** A record's sealed numbers open only in that record. */
export const recordBinding = (recordId: string) => `client_records:${recordId}`;
/** A new record's id, known before its numbers are sealed for it. */
export const newRecordId = () => randomUUID();

/**
 * Merges parsed input into a record's data and secret (undefined: unchanged; null or '': cleared).
 * `before.id` is the record's id (a new one's from newRecordId): the secret is bound to it.
 */
export function mergeRecord(
  k: RecordKind,
  sealer: Sealer,
  before: { id: string; data: Record<string, unknown>; secret: string | null },
  input: Record<string, unknown>,
  replace = false,
): { id: string; data: Record<string, unknown>; secret: string | null } {
  const data: Record<string, unknown> = replace ? Object.fromEntries(Object.entries(before.data).filter(([key]) => key.endsWith('Last4'))) : { ...before.data };
  const secrets: Record<string, string> = before.secret ? JSON.parse(sealer.open(before.secret, recordBinding(before.id))) : {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const last4Key = k.secrets[key];
    if (last4Key) {
      if (value === null || value === '') {
        delete secrets[key];
        delete data[last4Key];
      } else {
        secrets[key] = String(value);
        data[last4Key] = String(value).slice(-4);
      }
    } else if (value === null || value === '') delete data[key];
    else data[key] = value;
  }
  return { id: before.id, data, secret: Object.keys(secrets).length ? sealer.seal(JSON.stringify(secrets), recordBinding(before.id)) : null };
}

export function openSecrets(sealer: Sealer, row: { id: string; secret: string | null }): Record<string, string> {
  return row.secret ? JSON.parse(sealer.open(row.secret, recordBinding(row.id))) : {};
}

export async function insertRecord(
  q: Queryable,
  k: RecordKind,
  accountId: string,
  clientId: string,
  userId: string | null,
  value: { id: string; data: Record<string, unknown>; secret: string | null },
): Promise<RecordRow> {
  const [row] = await q.query<RecordRow>(
    `insert into client_records as r (id, account_id, client_id, kind, data, secret, created_by) values ($1, $2, $3, $4, $5, $6, $7)
     returning ${RECORD_COLUMNS}`,
    [value.id, accountId, clientId, k.kind, JSON.stringify(value.data), value.secret, userId],
  );
  return row;
}

export async function updateRecord(q: Queryable, row: RecordRow, value: { data: Record<string, unknown>; secret: string | null }): Promise<RecordRow> {
  const [out] = await q.query<RecordRow>(`update client_records r set data = $2, secret = $3, updated_at = now() where r.id = $1 returning ${RECORD_COLUMNS}`, [
    row.id,
    JSON.stringify(value.data),
    value.secret,
  ]);
  return out;
}

/** Rules that reach outside the record: policy references stay in the account and the client. */
export async function checkRecordRules(
  q: Queryable,
  k: RecordKind,
  ctx: { accountId: string; clientId: string },
  before: Record<string, unknown>,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (k.kind !== 'policy') return input;
  const out = { ...input };
  if (typeof input.managedBy === 'string') {
    if (!(await isAccountUser(q, ctx.accountId, input.managedBy))) throw badRequest('Managed by must be a user of this account');
  }
  if (input.managedBy !== undefined && input.managedBy !== before.managedBy) out.managedOn = input.managedBy ? new Date().toISOString() : null;
  if (typeof input.paymentMethod === 'string' && input.paymentMethod !== 'other') {
    const [pm] = await q.query(`select 1 from client_records where id = $1 and client_id = $2 and account_id = $3 and kind = 'paymentMethod'`, [
      input.paymentMethod,
      ctx.clientId,
      ctx.accountId,
    ]);
    if (!pm) throw badRequest("Payment method must be one of the client's saved payment methods or 'other'");
  }
  return out;
}
