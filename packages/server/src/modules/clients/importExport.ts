import {
  clientInputSchema,
  IMPORT_BATCH_ROWS,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  maskSealed,
  SEALED_CLIENT_FIELDS,
  type ClientDuplicate,
  type ClientInputParsed,
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
import { duplicateKeys, findDuplicates, firstDuplicates, matchOf } from './duplicates';
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

/** A row read from the file: what it would write, or why it cannot be imported. */
interface ValidRow {
  row: number;
  data: ClientInputParsed;
  address: Record<string, unknown> | null;
  tagNames: string[];
  missingTags: string[];
  note: string | null;
}
type PreparedRow = { row: number; error: string } | ValidRow;

function prepareRow(row: number, cells: string[], columns: Array<ImportField | null>, tagsByName: Map<string, string>): PreparedRow {
  const raw: Record<string, string> = {};
  columns.forEach((f, i) => {
    if (f && cells[i] !== undefined && cells[i].trim() !== '') raw[f] = cells[i].trim();
  });
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([k]) => !EXTRA_FIELDS.includes(k as ImportField)));
  const parsed = clientInputSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { row, error: `${issue.path.join('.')}: ${issue.message}` };
  }
  if (!raw.firstName && !raw.lastName && !raw.companyName) return { row, error: 'A row needs a first name, last name or company' };
  const address = Object.fromEntries(ADDRESS_FIELDS.filter((f) => raw[f]).map((f) => [f, raw[f]]));
  const addressParsed = Object.keys(address).length ? kindOf('address').create.safeParse({ type: 'Physical', ...address }) : null;
  if (addressParsed && !addressParsed.success) return { row, error: addressParsed.error.issues[0].message };
  const tagNames = (raw.tags ?? '')
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    row,
    data: parsed.data,
    address: addressParsed ? (addressParsed.data as Record<string, unknown>) : null,
    tagNames,
    missingTags: tagNames.filter((t) => !tagsByName.has(t.toLowerCase())),
    note: raw.note ? raw.note.slice(0, 5000) : null,
  };
}

/** The client a row duplicates: `id` null for a client only this dry run created, `row` the file's row that created it. */
type Duplicate = { id: string | null; name: string; matchedOn: ClientDuplicate['matchedOn']; row: number | null };

/** Where the rows go: the database in transactions of IMPORT_BATCH_ROWS rows, or, in a dry run, nowhere. */
interface RowSink {
  duplicate(data: ClientInputParsed): Promise<Duplicate | null>;
  /** Fills what the duplicate lacks; answers the client's id (null in a dry run). */
  merge(dup: Duplicate, row: ValidRow): Promise<string | null>;
  create(row: ValidRow): Promise<string | null>;
}

const errorRow = (row: number, reason: string): ImportRowResult => ({ row, status: 'error', reason, clientId: null, duplicateOf: null, duplicateOfRow: null });

async function importRow(p: PreparedRow, sink: RowSink, req: ImportRequest): Promise<ImportRowResult> {
  if ('error' in p) return errorRow(p.row, p.error);
  const dup = await sink.duplicate(p.data);
  const action = req.duplicateActions?.[String(p.row)] ?? req.onDuplicate;
  const duplicateOf = dup?.id ?? null;
  const duplicateOfRow = dup?.row ?? null;
  let reason: string | null = p.missingTags.length ? `Unknown tags not assigned: ${p.missingTags.join(', ')}` : null;
  if (dup && action === 'skip') {
    const how = [dup.matchedOn === 'email' ? 'email' : 'phone', dup.row === null ? null : `row ${dup.row}`].filter(Boolean).join(', ');
    return { row: p.row, status: 'skipped', reason: `Duplicate of ${dup.name} (${how})`, clientId: null, duplicateOf, duplicateOfRow };
  }
  if (dup && action === 'merge') return { row: p.row, status: 'merged', reason, clientId: await sink.merge(dup, p), duplicateOf, duplicateOfRow };
  if (dup) reason = [`Created although it matches ${dup.name}`, reason].filter(Boolean).join('; ');
  return { row: p.row, status: 'created', reason, clientId: await sink.create(p), duplicateOf, duplicateOfRow };
}

/** Lets the requests waiting on the database in before the next batch (PGlite runs one query at a time). */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ImportOptions {
  /** Told of a batch that could not be written (its rows and the later ones are reported not imported). */
  onBatchError?: (err: unknown, firstRow: number) => void;
}

/**
 * Imports every row of a CSV in transactions of IMPORT_BATCH_ROWS rows, letting other requests' queries
 * in between two; rows of batches written stay written if a later batch (or the process) fails. A
 * batch that fails is rolled back and reported, with every row after it, as not imported. With dryRun
 * it reports what it would do without writing: existing clients are read, the clients the file itself
 * would create (or fill) are kept in memory to find duplicates inside the file.
 */
export async function importClients(
  db: Db,
  ctx: { accountId: string; userId: string },
  req: ImportRequest,
  sealer: Sealer,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const rows = readCsv(req.csv);
  const headers = rows[0].map((h) => h.trim());
  const unknownHeaders = Object.keys(req.mapping).filter((h) => !headers.includes(h));
  if (unknownHeaders.length) throw badRequest(`The mapping names columns the file does not have: ${unknownHeaders.join(', ')}`);
  const columns = headers.map((h) => (req.mapping[h] || null) as ImportField | null);
  if (!columns.some(Boolean)) throw badRequest('Map at least one column to a contact field');
  const tagRows = await db.query<{ id: string; name: string }>('select id, name from tags where account_id = $1 and query_obj is null', [ctx.accountId]);
  const tagsByName = new Map(tagRows.map((t) => [t.name.toLowerCase(), t.id]));
  const results: ImportRowResult[] = [];
  const sink = req.dryRun ? dryRunSink(db, ctx.accountId, sealer) : null;
  // the clients written batches created, by id → row, to name a duplicate inside the file by its row
  const rowOfClient = new Map<string, number>();
  for (let first = 1; first < rows.length; first += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(first, first + IMPORT_BATCH_ROWS).map((cells, i) => prepareRow(first + i, cells, columns, tagsByName));
    if (sink) {
      await sink.lookUp(batch.filter((p): p is ValidRow => !('error' in p)));
      for (const p of batch) results.push(await importRow(p, sink, req));
    } else {
      try {
        const written = await db.tx((q) => writeBatch(q, batch, ctx, req, sealer, tagsByName, rowOfClient));
        for (const r of written) if (r.status === 'created' && r.clientId) rowOfClient.set(r.clientId, r.row);
        results.push(...written);
      } catch (err) {
        opts.onBatchError?.(err, first);
        const reason = `Not imported: the import stopped at row ${first}; the rows before it were imported`;
        for (let row = first; row < rows.length; row++) results.push(errorRow(row, reason));
        break;
      }
    }
    await giveWay();
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
}

/** One batch in one transaction; `before`: the clients earlier batches created, by id → row. */
async function writeBatch(
  q: Queryable,
  batch: PreparedRow[],
  ctx: { accountId: string; userId: string },
  req: ImportRequest,
  sealer: Sealer,
  tagsByName: Map<string, string>,
  before: ReadonlyMap<string, number>,
): Promise<ImportRowResult[]> {
  const createdHere = new Map<string, number>();
  const extras = async (clientId: string, p: ValidRow) => {
    if (p.address) {
      const k = kindOf('address');
      await insertRecord(q, k, ctx.accountId, clientId, ctx.userId, mergeRecord(k, sealer, { id: newRecordId(), data: {}, secret: null }, p.address));
    }
    for (const name of p.tagNames) {
      const tagId = tagsByName.get(name.toLowerCase());
      if (tagId) {
        await q.query(
          'insert into client_tags (account_id, client_id, tag_id) values ($1, $2, $3) on conflict (client_id, tag_id) do update set is_active = true',
          [ctx.accountId, clientId, tagId],
        );
      }
    }
    if (p.note) await addActivity(q, { accountId: ctx.accountId, clientId, userId: ctx.userId, type: 'note', note: p.note });
    return clientId;
  };
  const sink: RowSink = {
    duplicate: async (data) => {
      const [dup] = await findDuplicates(q, ctx.accountId, { mobilePhone: data.mobilePhone, phone: data.phone, email: data.email });
      return dup ? { id: dup.id, name: dup.name, matchedOn: dup.matchedOn, row: before.get(dup.id) ?? createdHere.get(dup.id) ?? null } : null;
    },
    merge: async (dup, p) => {
      // fill what the existing client lacks; never overwrite what it has
      const existing = stateOf(await loadClient(q, ctx.accountId, dup.id!), sealer);
      const fill = Object.fromEntries(Object.entries(p.data).filter(([k, v]) => v !== undefined && isEmpty((existing.data as ClientData)[k])));
      return extras((await updateClient(q, ctx.accountId, dup.id!, fill, sealer)).id, p);
    },
    create: async (p) => {
      const id = await extras((await createClient(q, ctx, p.data, sealer)).id, p);
      createdHere.set(id, p.row);
      return id;
    },
  };
  const out: ImportRowResult[] = [];
  for (const p of batch) out.push(await importRow(p, sink, req));
  return out;
}

/**
 * A dry run's sink: duplicates among existing clients are read a batch at a time (plain reads, no
 * transaction); the clients the file would create, and what it would fill in existing ones, are kept
 * in memory, indexed by their phones and emails.
 */
function dryRunSink(db: Db, accountId: string, sealer: Sealer): RowSink & { lookUp(rows: ValidRow[]): Promise<void> } {
  type Made = { order: number; id: string | null; row: number | null; data: ClientData };
  const made: Made[] = [];
  const ref = (m: { id: string | null; row: number | null }) => (m.id ? `client ${m.id}` : `row ${m.row}`);
  const byRef = new Map<string, Made>();
  const byKey = new Map<string, Set<Made>>();
  const index = (m: Made) => {
    for (const k of ['mobilePhone', 'phone', 'coMobilePhone', 'coPhone', 'email', 'coEmail']) {
      const v = m.data[k];
      if (v) byKey.set(String(v), (byKey.get(String(v)) ?? new Set()).add(m));
    }
  };
  const inFile = (data: ClientInputParsed): Duplicate | null => {
    const keys = duplicateKeys(data);
    const found = [...keys.phones, ...(keys.email ? [keys.email] : [])].flatMap((k) => [...(byKey.get(k) ?? [])]).sort((a, b) => a.order - b.order);
    for (const m of found) {
      const match = matchOf(m.id ?? '', m.data, keys);
      if (match) return { id: m.id, name: match.name, matchedOn: match.matchedOn, row: m.row };
    }
    return null;
  };
  const fillIn = (m: Made, p: ValidRow) => {
    Object.assign(m.data, Object.fromEntries(Object.entries(p.data).filter(([k, v]) => v !== undefined && isEmpty(m.data[k]))));
    index(m);
  };
  let existing = new Map<ClientInputParsed, ClientDuplicate | null>();
  return {
    lookUp: async (rows) => {
      const found = await firstDuplicates(
        db,
        accountId,
        rows.map((r) => r.data),
      );
      existing = new Map(rows.map((r, i) => [r.data, found[i]]));
    },
    duplicate: async (data) => {
      const dup = existing.get(data);
      return dup ? { id: dup.id, name: dup.name, matchedOn: dup.matchedOn, row: null } : inFile(data);
    },
    merge: async (dup, p) => {
      let m = byRef.get(ref(dup));
      if (!m) {
        const { data } = stateOf(await loadClient(db, accountId, dup.id!), sealer);
        made.push((m = { order: made.length, id: dup.id, row: null, data: { ...data } }));
        byRef.set(ref(m), m);
      }
      fillIn(m, p);
      return null;
    },
    create: async (p) => {
      const m: Made = { order: made.length, id: null, row: p.row, data: { ...p.data } };
      made.push(m);
      byRef.set(ref(m), m);
      index(m);
      return null;
    },
  };
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
