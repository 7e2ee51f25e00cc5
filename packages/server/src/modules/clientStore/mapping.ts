import {
  CO_FIELDS,
  PERSON_FIELDS,
  SEALED_CLIENT_FIELDS,
  SELF_EMPLOYED,
  ageInYears,
  clientSchema,
  maskSealed,
  maskSsn,
  type Client,
  type ClientInputParsed,
  type ClientListItem,
} from '@agency/contracts';
import type { Sealer } from '../../sealing/crypto';
import { letterOf } from './search';
import { iso } from '../../db/sql';

export type ClientData = Record<string, unknown>;

export interface ClientRow {
  id: string;
  account_id: string;
  data: ClientData;
  ssn_enc: string | null;
  co_ssn_enc: string | null;
  sort_key: string;
  created_at: Date | string;
  updated_at: Date | string;
}
export const CLIENT_COLUMNS = 'c.id, c.account_id, c.data, c.ssn_enc, c.co_ssn_enc, c.sort_key, c.created_at, c.updated_at';

const COMPUTED = new Set(['id', 'ssn', 'coSSN', 'hasDual', 'age', 'coAge', 'createdAt', 'updatedAt']);
/** Keys kept in clients.data. */
export const DATA_KEYS = Object.keys(clientSchema.shape).filter((k) => !COMPUTED.has(k));
const LIST_KEYS = new Set(['doctors', 'rx', 'coDoctors', 'coRx', 'optOut']);
/** Last four digits of the sealed SSNs, kept in data for masking. */
export const SSN_LAST4 = { ssn: 'ssnLast4', coSSN: 'coSSNLast4' } as const;

/** Where the last four characters of a sealed identity number are kept in data, for its mask. */
const lastFourKey = (field: string) => `${field}Last4`;
/** A sealed identity number opens only in its own client and field. */
export const sealedFieldBinding = (clientId: string, field: string) => `clients:${clientId}:${field}`;

/**
 * A stored client's data with its identity numbers opened: in memory they are plain fields, so
 * edits, splits, merges and promotions move them like any other; saving seals them again for the
 * row they land in.
 */
export function openedData(row: Pick<ClientRow, 'id' | 'data'>, sealer: Sealer): ClientData {
  const data: ClientData = { ...(row.data ?? {}) };
  for (const f of SEALED_CLIENT_FIELDS) {
    const v = data[f];
    delete data[lastFourKey(f)];
    if (typeof v === 'string' && v) data[f] = sealer.open(v, sealedFieldBinding(row.id, f));
  }
  return data;
}

/** Data as stored: identity numbers sealed for this row, with their last four characters for the masks. */
export function sealedData(clientId: string, data: ClientData, sealer: Sealer): ClientData {
  const stored: ClientData = { ...data };
  for (const f of SEALED_CLIENT_FIELDS) {
    const v = stored[f];
    delete stored[lastFourKey(f)];
    if (typeof v !== 'string' || !v) continue;
    stored[lastFourKey(f)] = v.slice(-4);
    stored[f] = sealer.seal(v, sealedFieldBinding(clientId, f));
  }
  return stored;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export const hasSecondary = (d: ClientData) => !isEmpty(d.coFirstName) || !isEmpty(d.coLastName) || !isEmpty(d.coPreferredFirstName);

/** A stored client as answered: sealed fields masked, each person's age worked out from the sealed birth date. */
export function toClient(row: ClientRow, sealer: Sealer): Client {
  const d = row.data ?? {};
  const birth = (f: 'dob' | 'coDOB') => (typeof d[f] === 'string' && d[f] ? sealer.open(d[f] as string, sealedFieldBinding(row.id, f)) : null);
  const out: Record<string, unknown> = { id: row.id };
  for (const k of DATA_KEYS) out[k] = d[k] ?? (LIST_KEYS.has(k) ? [] : null);
  out.ssn = d.ssnLast4 ? maskSsn(String(d.ssnLast4)) : null;
  out.coSSN = d.coSSNLast4 ? maskSsn(String(d.coSSNLast4)) : null;
  for (const f of SEALED_CLIENT_FIELDS) out[f] = d[lastFourKey(f)] ? maskSealed(f, String(d[lastFourKey(f)])) : null;
  out.hasDual = hasSecondary(d);
  out.age = ageInYears(birth('dob'), (d.dod as string | undefined) ?? null);
  out.coAge = ageInYears(birth('coDOB'), (d.coDOD as string | undefined) ?? null);
  out.createdAt = iso(row.created_at);
  out.updatedAt = iso(row.updated_at);
  return out as Client;
}

export function toListItem(row: { id: string; data: ClientData; sort_key: string; is_favorite?: boolean }): ClientListItem {
  const d = row.data ?? {};
  const s = (k: string) => (d[k] === undefined || d[k] === null ? null : String(d[k]));
  return {
    id: row.id,
    firstName: s('firstName'),
    preferredFirstName: s('preferredFirstName'),
    lastName: s('lastName'),
    companyName: s('companyName'),
    coFirstName: s('coFirstName'),
    coPreferredFirstName: s('coPreferredFirstName'),
    coLastName: s('coLastName'),
    email: s('email'),
    phone: s('phone'),
    mobilePhone: s('mobilePhone'),
    coMobilePhone: s('coMobilePhone'),
    hasDual: hasSecondary(d),
    isFavorite: !!row.is_favorite,
    letter: letterOf(row.sort_key),
  };
}

/**
 * A client as the service changes it: data with its identity numbers open, and the two SSNs open.
 * Only saving seals them, for the row they are saved in.
 */
export interface ClientState {
  data: ClientData;
  ssn: string | null;
  coSsn: string | null;
}

/** The self-employed rule: employees and business type belong to the self-employed, an employer to the employed. */
function applySelfEmployedRule(d: ClientData) {
  for (const [occ, employer, employees, businessType] of [
    ['occupation', 'employerName', 'employees', 'businessType'],
    ['coOccupation', 'coEmployerName', 'coEmployees', 'coBusinessType'],
  ]) {
    if (d[occ] === SELF_EMPLOYED) delete d[employer];
    else {
      delete d[employees];
      delete d[businessType];
    }
  }
}

/** Applies parsed input (undefined: unchanged; null: cleared) to a client's state. */
export function applyInput(state: ClientState, input: Partial<ClientInputParsed>): ClientState {
  const data: ClientData = { ...state.data };
  let { ssn, coSsn } = state;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'room') continue;
    if (key === 'ssn') ssn = value === null ? null : String(value);
    else if (key === 'coSSN') coSsn = value === null ? null : String(value);
    else if (isEmpty(value)) delete data[key];
    else data[key] = value;
  }
  applySelfEmployedRule(data);
  return { data, ssn, coSsn };
}

/** A stored client as the service changes it: identity numbers and SSNs opened with their row's binding. */
export function openState(row: ClientRow, sealer: Sealer): ClientState {
  const data = openedData(row, sealer);
  delete data[SSN_LAST4.ssn];
  delete data[SSN_LAST4.coSSN];
  return {
    data,
    ssn: row.ssn_enc ? sealer.open(row.ssn_enc, sealedFieldBinding(row.id, 'ssn')) : null,
    coSsn: row.co_ssn_enc ? sealer.open(row.co_ssn_enc, sealedFieldBinding(row.id, 'coSSN')) : null,
  };
}

/** The columns a state is stored in for row `id`: data with sealed identity numbers and the SSNs' last four, and the sealed SSNs. */
export function storedState(id: string, state: ClientState, sealer: Sealer): { data: ClientData; ssnEnc: string | null; coSsnEnc: string | null } {
  const data = sealedData(id, state.data, sealer);
  delete data[SSN_LAST4.ssn];
  delete data[SSN_LAST4.coSSN];
  if (state.ssn) data[SSN_LAST4.ssn] = state.ssn.slice(-4);
  if (state.coSsn) data[SSN_LAST4.coSSN] = state.coSsn.slice(-4);
  return {
    data,
    ssnEnc: state.ssn ? sealer.seal(state.ssn, sealedFieldBinding(id, 'ssn')) : null,
    coSsnEnc: state.coSsn ? sealer.seal(state.coSsn, sealedFieldBinding(id, 'coSSN')) : null,
  };
}

/** Moves the secondary into the primary's place and clears the co fields (delete of a primary with a secondary). */
export function promoteSecondary(state: ClientState): ClientState {
  const data: ClientData = { ...state.data };
  for (const f of PERSON_FIELDS) {
    const co = CO_FIELDS[f];
    if (f === 'ssn') continue;
    if (isEmpty(data[co])) delete data[f];
    else data[f] = data[co];
    delete data[co];
  }
  return { data, ssn: state.coSsn, coSsn: null };
}

/** Clears every co field (delete of a secondary). */
export function clearSecondary(state: ClientState): ClientState {
  const data: ClientData = { ...state.data };
  for (const f of PERSON_FIELDS) delete data[CO_FIELDS[f]];
  return { data, ssn: state.ssn, coSsn: null };
}

/** A person's fields under primary names, taken from either side of a client. */
export function personOf(state: ClientState, level: 'primary' | 'secondary'): { fields: ClientData; ssn: string | null } {
  const fields: ClientData = {};
  for (const f of PERSON_FIELDS) {
    if (f === 'ssn') continue;
    const v = state.data[level === 'primary' ? f : CO_FIELDS[f]];
    if (!isEmpty(v)) fields[f] = v;
  }
  return { fields, ssn: level === 'primary' ? state.ssn : state.coSsn };
}

/** Writes a person (primary names) into one side of a state, replacing what was there. */
export function placePerson(state: ClientState, level: 'primary' | 'secondary', person: ReturnType<typeof personOf>): ClientState {
  const data: ClientData = { ...state.data };
  for (const f of PERSON_FIELDS) {
    if (f === 'ssn') continue;
    const key = level === 'primary' ? f : CO_FIELDS[f];
    if (isEmpty(person.fields[f])) delete data[key];
    else data[key] = person.fields[f];
  }
  return level === 'primary' ? { data, ssn: person.ssn, coSsn: state.coSsn } : { data, ssn: state.ssn, coSsn: person.ssn };
}

export { isEmpty };
/** Household fields (not part of a person). */
export const HOUSEHOLD_KEYS = DATA_KEYS.filter((k) => !(PERSON_FIELDS as string[]).includes(k) && !(Object.values(CO_FIELDS) as string[]).includes(k));
