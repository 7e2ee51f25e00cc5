import {
  clientInputSchema,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  maskSealed,
  SEALED_CLIENT_FIELDS,
  type ImportField,
  type ImportPreview,
  type ImportResult,
  type ImportRowResult,
  type SealedClientField,
} from '@agency/contracts';
import type { z } from 'zod';
import type { importRequestSchema } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { badRequest } from '../../http/errors';
import { addActivity } from './activity/service';
import type { Sealer } from '../../sealing/crypto';
import { csvLine, csvRecords } from './csv';
import { findDuplicates } from './duplicates';
import { listConditions, type ListFilters } from './list';
import { isEmpty, type ClientData } from '../clientStore/mapping';
import { kindOf } from './records/kinds';
import { insertRecord, mergeRecord, newRecordId } from './records/service';
import { fold } from '../clientStore/search';
import { Params } from '../../db/sql';
import { createClient, updateClient } from './service';
import { loadClient, stateOf } from '../clientStore/store';

type ImportRequest = z.output<typeof importRequestSchema>;
const ADDRESS_FIELDS: ImportField[] = ['address', 'address2', 'city', 'county', 'state', 'zipcode'];
const EXTRA_FIELDS: ImportField[] = [...ADDRESS_FIELDS, 'tags', 'note'];

const SYNONYMS: Record<string, ImportField> = {
  first: 'firstName',
  firstname: 'firstName',
  givenname: 'firstName',
  name: 'firstName',
  last: 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  preferred: 'preferredFirstName',
  nickname: 'preferredFirstName',
  preferredname: 'preferredFirstName',
  company: 'companyName',
  business: 'companyName',
  companyname: 'companyName',
  organization: 'companyName',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phone: 'phone',
  homephone: 'phone',
  telephone: 'phone',
  home: 'phone',
  mobile: 'mobilePhone',
  mobilephone: 'mobilePhone',
  cell: 'mobilePhone',
  cellphone: 'mobilePhone',
  birthday: 'dob',
  birthdate: 'dob',
  dateofbirth: 'dob',
  dob: 'dob',
  zip: 'zipcode',
  zipcode: 'zipcode',
  postalcode: 'zipcode',
  street: 'address',
  address1: 'address',
  streetaddress: 'address',
  spousefirstname: 'coFirstName',
  spouselastname: 'coLastName',
  spouseemail: 'coEmail',
  spousemobile: 'coMobilePhone',
  spousephone: 'coPhone',
  referral: 'affliateVia',
  referralsource: 'affliateVia',
  source: 'affliateVia',
  howdidyouhear: 'affliateVia',
  referraldate: 'aflliateOn',
  notes: 'note',
  comment: 'note',
  comments: 'note',
  tag: 'tags',
  labels: 'tags',
};

export function suggestMapping(headers: string[]): Record<string, string> {
  const byKey = new Map(IMPORT_FIELDS.map((f) => [f.toLowerCase(), f]));
  const out: Record<string, string> = {};
  const used = new Set<string>();
  for (const h of headers) {
    const key = fold(h).replace(/[^a-z0-9]/g, '');
    const field = byKey.get(key) ?? SYNONYMS[key];
    if (field && !used.has(field)) {
      out[h] = field;
      used.add(field);
    }
  }
  return out;
}

function readCsv(csv: string): string[][] {
  let rows: string[][];
  try {
    const { header, rows: data } = csvRecords(csv);
    rows = [header, ...data];
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : 'The file is not valid CSV');
  }
  if (rows.length < 2) throw badRequest('The file has no rows under its header');
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw badRequest(`The file has more than ${IMPORT_MAX_ROWS} rows`);
  return rows;
}

export function previewImport(csv: string): ImportPreview {
  const rows = readCsv(csv);
  const headers = rows[0].map((h) => h.trim());
  return { headers, sample: rows.slice(1, 6), rows: rows.length - 1, suggestedMapping: suggestMapping(headers) };
}

class DryRun extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

/** Imports (or, with dryRun, rehearses inside a transaction that is rolled back) every row of a CSV. */
export async function importClients(db: Db, ctx: { accountId: string; userId: string }, req: ImportRequest, sealer: Sealer): Promise<ImportResult> {
  const rows = readCsv(req.csv);
  const headers = rows[0].map((h) => h.trim());
  const unknownHeaders = Object.keys(req.mapping).filter((h) => !headers.includes(h));
  if (unknownHeaders.length) throw badRequest(`The mapping names columns the file does not have: ${unknownHeaders.join(', ')}`);
  const columns = headers.map((h) => (req.mapping[h] || null) as ImportField | null);
  if (!columns.some(Boolean)) throw badRequest('Map at least one column to a contact field');
  const run = async (q: Queryable): Promise<ImportResult> => {
    const tagRows = await q.query<{ id: string; name: string }>('select id, name from tags where account_id = $1 and query_obj is null', [ctx.accountId]);
    const tagsByName = new Map(tagRows.map((t) => [t.name.toLowerCase(), t.id]));
    const results: ImportRowResult[] = [];
    // the clients this run created, by id → row, to name a duplicate inside the file by its row
    const rowOfClient = new Map<string, number>();
    for (let r = 1; r < rows.length; r++) {
      const cells = rows[r];
      const raw: Record<string, string> = {};
      columns.forEach((f, i) => {
        if (f && cells[i] !== undefined && cells[i].trim() !== '') raw[f] = cells[i].trim();
      });
      const fields: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([k]) => !EXTRA_FIELDS.includes(k as ImportField)));
      const parsed = clientInputSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        results.push({ row: r, status: 'error', reason: `${issue.path.join('.')}: ${issue.message}`, clientId: null, duplicateOf: null, duplicateOfRow: null });
        continue;
      }
      if (!raw.firstName && !raw.lastName && !raw.companyName) {
        results.push({
          row: r,
          status: 'error',
          reason: 'A row needs a first name, last name or company',
          clientId: null,
          duplicateOf: null,
          duplicateOfRow: null,
        });
        continue;
      }
      const address = Object.fromEntries(ADDRESS_FIELDS.filter((f) => raw[f]).map((f) => [f, raw[f]]));
      const addressParsed = Object.keys(address).length ? kindOf('address').create.safeParse({ type: 'Physical', ...address }) : null;
      if (addressParsed && !addressParsed.success) {
        results.push({ row: r, status: 'error', reason: addressParsed.error.issues[0].message, clientId: null, duplicateOf: null, duplicateOfRow: null });
        continue;
      }
      const tagNames = (raw.tags ?? '')
        .split(/[;,]/)
        .map((t) => t.trim())
        .filter(Boolean);
      const missingTags = tagNames.filter((t) => !tagsByName.has(t.toLowerCase()));
      const data = parsed.data;
      const [dup] = await findDuplicates(q, ctx.accountId, { mobilePhone: data.mobilePhone, phone: data.phone, email: data.email });
      let status: ImportRowResult['status'] = 'created';
      let clientId: string;
      let reason: string | null = missingTags.length ? `Unknown tags not assigned: ${missingTags.join(', ')}` : null;
      const action = req.duplicateActions?.[String(r)] ?? req.onDuplicate;
      const dupRow = dup ? (rowOfClient.get(dup.id) ?? null) : null;
      // a client created by this dry run is rolled back: name its row instead
      const duplicateOf = dup && !(req.dryRun && dupRow !== null) ? dup.id : null;
      if (dup && action === 'skip') {
        const how = [dup.matchedOn === 'email' ? 'email' : 'phone', dupRow === null ? null : `row ${dupRow}`].filter(Boolean).join(', ');
        results.push({ row: r, status: 'skipped', reason: `Duplicate of ${dup.name} (${how})`, clientId: null, duplicateOf, duplicateOfRow: dupRow });
        continue;
      }
      if (dup && action === 'merge') {
        // fill what the existing client lacks; never overwrite what it has
        const existing = stateOf(await loadClient(q, ctx.accountId, dup.id), sealer);
        const fill = Object.fromEntries(Object.entries(data).filter(([k, v]) => v !== undefined && isEmpty((existing.data as ClientData)[k])));
        clientId = (await updateClient(q, ctx.accountId, dup.id, fill, sealer)).id;
        status = 'merged';
      } else {
        clientId = (await createClient(q, ctx, data, sealer)).id;
        if (dup) reason = [`Created although it matches ${dup.name}`, reason].filter(Boolean).join('; ');
      }
      if (addressParsed?.success) {
        const k = kindOf('address');
        await insertRecord(
          q,
          k,
          ctx.accountId,
          clientId,
          ctx.userId,
          mergeRecord(k, sealer, { id: newRecordId(), data: {}, secret: null }, addressParsed.data as Record<string, unknown>),
        );
      }
      for (const name of tagNames) {
        const tagId = tagsByName.get(name.toLowerCase());
        if (tagId) {
          await q.query(
            'insert into client_tags (account_id, client_id, tag_id) values ($1, $2, $3) on conflict (client_id, tag_id) do update set is_active = true',
            [ctx.accountId, clientId, tagId],
          );
        }
      }
      if (raw.note) await addActivity(q, { accountId: ctx.accountId, clientId, userId: ctx.userId, type: 'note', note: raw.note.slice(0, 5000) });
      if (status === 'created') rowOfClient.set(clientId, r);
      results.push({ row: r, status, reason, clientId: req.dryRun ? null : clientId, duplicateOf, duplicateOfRow: dupRow });
    }
    const count = (s: ImportRowResult['status']) => results.filter((x) => x.status === s).length;
    return {
      dryRun: req.dryRun,
      total: rows.length - 1,
      created: count('created'),
      merged: count('merged'),
      skipped: count('skipped'),
      failed: count('error'),
      rows: results,
    };
  };
  try {
    return await db.tx(async (q) => {
      const result = await run(q);
      if (req.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
}

export const EXPORT_COLUMNS = [
  'id',
  'firstName',
  'preferredFirstName',
  'lastName',
  'companyName',
  'email',
  'phone',
  'mobilePhone',
  'gender',
  'dob',
  'occupation',
  'coFirstName',
  'coLastName',
  'coEmail',
  'coMobilePhone',
  'coDOB',
  'affliateVia',
  'aflliateOn',
  'createdAt',
] as const;

/** A stored field as the export writes it: sealed ones (the dates of birth) masked, like every answer. */
function exported(data: ClientData, key: string): unknown {
  if (!(SEALED_CLIENT_FIELDS as readonly string[]).includes(key)) return data[key];
  const last4 = data[`${key}Last4`];
  return last4 ? maskSealed(key as SealedClientField, String(last4)) : null;
}

/** The list (same filters) as CSV, read in keyset batches. */
export async function exportClients(
  q: Queryable,
  ctx: { accountId: string; userId: string },
  filters: ListFilters,
  sealer: Sealer,
): Promise<{ csv: string; count: number }> {
  let out = csvLine([...EXPORT_COLUMNS]);
  let count = 0;
  let after: [string, string] | null = null;
  for (;;) {
    const p = new Params();
    const { from, where } = await listConditions(q, ctx, filters, p, sealer);
    const page: string = after ? ` and (c.sort_key, c.id) > (${p.add(after[0])}, ${p.add(after[1])}::uuid)` : '';
    const rows = await q.query<{ id: string; data: ClientData; sort_key: string; created_at: Date | string }>(
      `select c.id, c.data, c.sort_key, c.created_at from ${from} where ${where}${page} order by c.sort_key, c.id limit 2000`,
      p.values,
    );
    for (const r of rows) {
      out += csvLine(EXPORT_COLUMNS.map((k) => (k === 'id' ? r.id : k === 'createdAt' ? new Date(r.created_at).toISOString() : exported(r.data, k))));
    }
    count += rows.length;
    if (rows.length < 2000) break;
    const last = rows[rows.length - 1];
    after = [last.sort_key, last.id];
  }
  return { csv: out, count };
}
