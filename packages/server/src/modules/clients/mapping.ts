import { CO_FIELDS, PERSON_FIELDS, SEALED_CLIENT_FIELDS, SELF_EMPLOYED, clientSchema, maskId, maskSsn, type Client, type ClientInputParsed, type ClientListItem } from '@agency/contracts';
import type { Sealer } from './crypto';
import { letterOf } from './search';
import { iso } from './sql';

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

const COMPUTED = new Set(['id', 'ssn', 'coSSN', 'hasDual', 'createdAt', 'updatedAt']);
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

export function toClient(row: ClientRow): Client {
  const d = row.data ?? {};
  const out: Record<string, unknown> = { id: row.id };
  for (const k of DATA_KEYS) out[k] = d[k] ?? (LIST_KEYS.has(k) ? [] : null);
  out.ssn = d.ssnLast4 ? maskSsn(String(d.ssnLast4)) : null;
  out.coSSN = d.coSSNLast4 ? maskSsn(String(d.coSSNLast4)) : null;
  for (const f of SEALED_CLIENT_FIELDS) out[f] = d[lastFourKey(f)] ? maskId(String(d[lastFourKey(f)])) : null;
  out.hasDual = hasSecondary(d);
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

/** The person and SSN state of a client, as the service changes it. */
export interface ClientState {
  data: ClientData;
  ssnEnc: string | null;
  coSsnEnc: string | null;
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
export function applyInput(state: ClientState, input: Partial<ClientInputParsed>, sealer: Sealer): ClientState {
  const data: ClientData = { ...state.data };
  let { ssnEnc, coSsnEnc } = state;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'room') continue;
    if (key === 'ssn' || key === 'coSSN') {
      const sealed = value === null ? null : sealer.seal(String(value));
      const last4 = value === null ? null : String(value).slice(-4);
      if (key === 'ssn') ssnEnc = sealed;
      else coSsnEnc = sealed;
      if (last4) data[SSN_LAST4[key]] = last4;
      else delete data[SSN_LAST4[key]];
      continue;
    }
    if (isEmpty(value)) delete data[key];
    else data[key] = value;
  }
  applySelfEmployedRule(data);
  return { data, ssnEnc, coSsnEnc };
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
  if (data.coSSNLast4) data.ssnLast4 = data.coSSNLast4;
  else delete data.ssnLast4;
  delete data.coSSNLast4;
  return { data, ssnEnc: state.coSsnEnc, coSsnEnc: null };
}

/** Clears every co field (delete of a secondary). */
export function clearSecondary(state: ClientState): ClientState {
  const data: ClientData = { ...state.data };
  for (const f of PERSON_FIELDS) delete data[CO_FIELDS[f]];
  delete data.coSSNLast4;
  return { data, ssnEnc: state.ssnEnc, coSsnEnc: null };
}

/** A person's fields under primary names, taken from either side of a client. */
export function personOf(state: ClientState, level: 'primary' | 'secondary'): { fields: ClientData; ssnEnc: string | null; ssnLast4: unknown } {
  const fields: ClientData = {};
  for (const f of PERSON_FIELDS) {
    if (f === 'ssn') continue;
    const v = state.data[level === 'primary' ? f : CO_FIELDS[f]];
    if (!isEmpty(v)) fields[f] = v;
  }
  return level === 'primary'
    ? { fields, ssnEnc: state.ssnEnc, ssnLast4: state.data.ssnLast4 }
    : { fields, ssnEnc: state.coSsnEnc, ssnLast4: state.data.coSSNLast4 };
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
  const last4Key = level === 'primary' ? 'ssnLast4' : 'coSSNLast4';
  if (person.ssnLast4) data[last4Key] = person.ssnLast4;
  else delete data[last4Key];
  return level === 'primary' ? { data, ssnEnc: person.ssnEnc, coSsnEnc: state.coSsnEnc } : { data, ssnEnc: state.ssnEnc, coSsnEnc: person.ssnEnc };
}

export { isEmpty };
/** Household fields (not part of a person). */
export const HOUSEHOLD_KEYS = DATA_KEYS.filter((k) => !(PERSON_FIELDS as string[]).includes(k) && !(Object.values(CO_FIELDS) as string[]).includes(k));
