import { randomUUID } from 'node:crypto';
import { PHONE_MESSAGES } from '@agency/contracts';
import type { Location, LocationCreate, LocationUpdate, PhoneCreate, PhoneNumber, PhoneUpdate } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import { assertWithinPlan } from '../billing/limits';
import { copyRegistration } from '../registration/service';
import type { NumberCarrier } from '../../providers/carrier/index';
import { recordAudit, type AuditWho } from '../audit/trail';
import { heldElsewhere, NUMBER_MESSAGES, phoneAbout } from '../numberOwnership/ownership';

export const LOCATION_NOT_FOUND = 'Location not found';
export const PHONE_NOT_FOUND = 'Phone number not found';
export const PHONE_EXISTS = 'This phone number is already on the account';
export const FOREIGN_LOCATION = 'Location must be a location of this account';

/**
 * The account a /accounts/{accountId}/... request may act on: the caller's own, or any existing
 * account for a super user. Anyone else asking about another account is refused.
 */

interface LocationRow {
  id: string;
  name: string;
  timezone: string;
  call_flow: string | null;
  office_hours: string | null;
  messages: string | null;
  profile_status: Location['profileStatus'];
  brand_status: string | null;
  address_sid: string | null;
  business_sid: string | null;
  rep1_sid: string | null;
  rep2_sid: string | null;
  brand_sid: string | null;
  trust_bundle_sid: string | null;
}

const toLocation = (r: LocationRow): Location => ({
  id: r.id,
  name: r.name,
  timezone: r.timezone,
  callFlow: r.call_flow,
  officeHours: r.office_hours,
  messages: r.messages,
  profileStatus: r.profile_status,
  brandStatus: r.brand_status,
  addressSid: r.address_sid,
  businessSid: r.business_sid,
  rep1Sid: r.rep1_sid,
  rep2Sid: r.rep2_sid,
  brandSid: r.brand_sid,
  trustBundleSid: r.trust_bundle_sid,
});

export async function listLocations(q: Queryable, accountId: string): Promise<Location[]> {
  const rows = await q.query<LocationRow>('select * from account_locations where account_id = $1 order by lower(name), id', [accountId]);
  return rows.map(toLocation);
}

export async function getLocation(q: Queryable, accountId: string, id: string): Promise<Location> {
  const [row] = await q.query<LocationRow>('select * from account_locations where id = $1 and account_id = $2', [id, accountId]);
  if (!row) throw notFound(LOCATION_NOT_FOUND);
  return toLocation(row);
}

export async function countLocations(q: Queryable, accountId: string): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from account_locations where account_id = $1', [accountId]);
  return n;
}

/** Creates a location; copyFrom takes over another location's business registration (address, business, reps). */
export async function createLocation(q: Queryable, accountId: string, input: LocationCreate): Promise<string> {
  const id = randomUUID();
  let from: Pick<LocationRow, 'address_sid' | 'business_sid' | 'rep1_sid' | 'rep2_sid'> = {
    address_sid: null,
    business_sid: null,
    rep1_sid: null,
    rep2_sid: null,
  };
  if (input.copyFrom) {
    const [row] = await q.query<LocationRow>('select * from account_locations where id = $1 and account_id = $2', [input.copyFrom, accountId]);
    if (!row) throw badRequest(FOREIGN_LOCATION);
    from = row;
  }
  await assertWithinPlan(q, accountId, 'locations');
  await q.query(
    `insert into account_locations (id, account_id, name, timezone, address_sid, business_sid, rep1_sid, rep2_sid)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, accountId, input.name.trim(), input.timezone.trim(), from.address_sid, from.business_sid, from.rep1_sid, from.rep2_sid],
  );
  if (input.copyFrom) await copyRegistration(q, input.copyFrom, id, accountId);
  return id;
}

/** Saves what the body names: name, timezone, office hours or message settings (JSON strings, already checked). */
export async function updateLocation(q: Queryable, accountId: string, id: string, input: LocationUpdate): Promise<Location> {
  const columns: Array<[string, string]> = [];
  if (input.name !== undefined) columns.push(['name', input.name.trim()]);
  if (input.timezone !== undefined) columns.push(['timezone', input.timezone.trim()]);
  if (input.officeHours !== undefined) columns.push(['office_hours', input.officeHours]);
  if (input.messages !== undefined) columns.push(['messages', input.messages]);
  if (input.callFlow !== undefined) columns.push(['call_flow', input.callFlow]);
  const set = columns.map(([c], i) => `${c} = $${i + 3}`).join(', ');
  const rows = await q.query(`update account_locations set ${set}, updated_at = now() where id = $1 and account_id = $2 returning id`, [
    id,
    accountId,
    ...columns.map(([, v]) => v),
  ]);
  if (!rows.length) throw notFound(LOCATION_NOT_FOUND);
  return getLocation(q, accountId, id);
}

interface PhoneRow {
  id: string;
  sid: string | null;
  phone_number: string;
  friendly_name: string;
  location_id: string | null;
  location_name: string | null;
  messaging_service_sid: string | null;
  is_default: boolean;
  status: string;
  origin: string;
}

const PHONE_SELECT = `select p.id, p.sid, p.phone_number, p.friendly_name, p.location_id, l.name as location_name,
    p.messaging_service_sid, p.is_default, p.status, p.origin
  from account_phones p left join account_locations l on l.id = p.location_id and l.account_id = p.account_id`;

const toPhone = (r: PhoneRow): PhoneNumber => ({
  id: r.id,
  sid: r.sid,
  phoneNumber: r.phone_number,
  friendlyName: r.friendly_name,
  location: r.location_id && r.location_name !== null ? { id: r.location_id, name: r.location_name } : null,
  messagingServiceSid: r.messaging_service_sid,
  isDefault: r.is_default,
  status: r.status,
  origin: r.origin,
});

/** The account's numbers: defaults first, then by location and friendly name. */
export async function listPhones(q: Queryable, accountId: string): Promise<PhoneNumber[]> {
  const rows = await q.query<PhoneRow>(
    `${PHONE_SELECT} where p.account_id = $1 order by p.is_default desc, lower(l.name) nulls last, lower(p.friendly_name), p.phone_number`,
    [accountId],
  );
  return rows.map(toPhone);
}

export async function getPhone(q: Queryable, accountId: string, id: string): Promise<PhoneNumber> {
  const [row] = await q.query<PhoneRow>(`${PHONE_SELECT} where p.id = $1 and p.account_id = $2`, [id, accountId]);
  if (!row) throw notFound(PHONE_NOT_FOUND);
  return toPhone(row);
}

/** A location id given in input must be one of the account's. */
export async function checkLocation(q: Queryable, accountId: string, locationId: string | null | undefined) {
  if (!locationId) return;
  const [row] = await q.query('select 1 from account_locations where id = $1 and account_id = $2', [locationId, accountId]);
  if (!row) throw badRequest(FOREIGN_LOCATION);
}

async function checkUniqueNumber(q: Queryable, accountId: string, phoneNumber: string, exceptId: string | null) {
  const [row] = await q.query(
    "select 1 from account_phones where account_id = $1 and regexp_replace(phone_number, '\\D', '', 'g') = $2 and status <> 'released' and id is distinct from $3",
    [accountId, phoneNumber, exceptId],
  );
  if (row) throw conflict(PHONE_EXISTS);
  if (await heldElsewhere(q, accountId, phoneNumber)) throw conflict(NUMBER_MESSAGES.taken);
}

/** One default number per location (and one among the numbers without a location). */
async function keepOneDefault(q: Queryable, accountId: string, id: string) {
  await q.query(
    `update account_phones set is_default = false, updated_at = now()
      where account_id = $1 and id <> $2 and is_default
        and location_id is not distinct from (select location_id from account_phones where id = $2)`,
    [accountId, id],
  );
}

type ParsedCreate = Omit<PhoneCreate, 'phoneNumber'> & { phoneNumber: string };
type ParsedUpdate = Omit<PhoneUpdate, 'phoneNumber'> & { phoneNumber?: string };

/**
 * Before a number is added by hand: its status and SID are the carrier's, so the caller gives
 * only the SID of a number under the agency's carrier account, and the carrier must confirm it
 * (the SID names this very number). Asked outside the transaction that adds it.
 */
export async function provePhone(carrier: Pick<NumberCarrier, 'lookupNumber'>, accountId: string, input: ParsedCreate): Promise<string> {
  if (input.status) throw badRequest(NUMBER_MESSAGES.carrierFields);
  if (!input.phoneSid) throw badRequest(NUMBER_MESSAGES.carrierFields);
  const found = await carrier.lookupNumber(input.phoneSid, accountId);
  if (!found || found.phoneNumber !== input.phoneNumber) throw badRequest(NUMBER_MESSAGES.notProved);
  return found.sid;
}

/** Adds a number the carrier confirmed (provePhone) to the account, in use, and records it. */
export async function createPhone(q: Queryable, who: AuditWho, accountId: string, input: ParsedCreate, provedSid: string): Promise<PhoneNumber> {
  if (input.account && input.account !== accountId) throw badRequest('Account does not match the path');
  await checkLocation(q, accountId, input.location);
  await checkUniqueNumber(q, accountId, input.phoneNumber, null);
  if (input.messagingServiceSid) {
    const [service] = await q.query('select 1 from messaging_services where sid = $1 and account_id = $2', [input.messagingServiceSid, accountId]);
    if (!service) throw badRequest('Campaign must be a campaign of this account');
  }
  await assertWithinPlan(q, accountId, 'phoneNumbers');
  const id = randomUUID();
  await q.query(
    `insert into account_phones (id, account_id, sid, phone_number, friendly_name, location_id, messaging_service_sid, is_default, status, origin)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'in-use', 'verified')`,
    [id, accountId, provedSid, input.phoneNumber, input.friendlyName ?? '', input.location ?? null, input.messagingServiceSid || null, !!input.isDefault],
  );
  if (input.isDefault) await keepOneDefault(q, accountId, id);
  const phone = await getPhone(q, accountId, id);
  await recordAudit(q, who, 'numberAdded', phoneAbout(phone), 'proved by its SID at the carrier');
  if (phone.isDefault) await recordAudit(q, who, 'numberDefaultChanged', phoneAbout(phone));
  await q.query('update accounts set twilio_phone_number = $2 where id = $1 and twilio_phone_number is null', [accountId, phone.phoneNumber]);
  return phone;
}

export async function updatePhone(q: Queryable, who: AuditWho, accountId: string, id: string, input: ParsedUpdate): Promise<PhoneNumber> {
  const before = await getPhone(q, accountId, id);
  // The number and its SID are the carrier's: they do not change under an existing number.
  if (input.phoneNumber !== undefined && input.phoneNumber !== before.phoneNumber) throw badRequest(NUMBER_MESSAGES.numberFixed);
  if (input.phoneSid !== undefined && (input.phoneSid || null) !== before.sid) throw badRequest(NUMBER_MESSAGES.carrierFields);
  if (input.isDefault && before.status !== 'in-use') throw conflict(NUMBER_MESSAGES.notInUseDefault);
  await checkLocation(q, accountId, input.location);
  if (input.messagingServiceSid) await checkMessagingService(q, accountId, id, input.messagingServiceSid);
  const sets: string[] = [];
  const values: unknown[] = [id, accountId];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (input.friendlyName !== undefined) set('friendly_name', input.friendlyName ?? '');
  if (input.location !== undefined) set('location_id', input.location);
  if (input.messagingServiceSid !== undefined) set('messaging_service_sid', input.messagingServiceSid || null);
  if (input.isDefault !== undefined) set('is_default', input.isDefault);
  if (sets.length) await q.query(`update account_phones set ${sets.join(', ')}, updated_at = now() where id = $1 and account_id = $2`, values);
  if (input.isDefault) await keepOneDefault(q, accountId, id);
  const after = await getPhone(q, accountId, id);
  if (after.isDefault !== before.isDefault)
    await recordAudit(q, who, 'numberDefaultChanged', phoneAbout(after), after.isDefault ? 'made the default' : 'no longer the default');
  return after;
}

/** A campaign assigned to a number must be the account's, and a number still porting in takes none. */
async function checkMessagingService(q: Queryable, accountId: string, phoneId: string, sid: string): Promise<void> {
  const [service] = await q.query('select 1 from messaging_services where sid = $1 and account_id = $2', [sid, accountId]);
  if (!service) throw badRequest('Campaign must be a campaign of this account');
  const [phone] = await q.query<{ status: string; messaging_service_sid: string | null }>(
    'select status, messaging_service_sid from account_phones where id = $1',
    [phoneId],
  );
  if (phone?.status === 'porting-in' && phone.messaging_service_sid !== sid) throw conflict(PHONE_MESSAGES.portingIn);
}

/** The location a client's default phone puts it in; refuses a number of another account or one without a location. */
export async function locationOfPhone(q: Queryable, accountId: string, phoneId: string): Promise<string> {
  const [row] = await q.query<{ location_id: string | null }>('select location_id from account_phones where id = $1 and account_id = $2', [phoneId, accountId]);
  if (!row) throw badRequest('Default location phone must be a phone number of this account');
  if (!row.location_id) throw badRequest('Default location phone must have a location');
  return row.location_id;
}

/** A location's name, or null when it is gone or belongs elsewhere. */
export async function locationName(q: Queryable, accountId: string, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await q.query<{ name: string }>('select name from account_locations where id = $1 and account_id = $2', [id, accountId]);
  return row?.name ?? null;
}
