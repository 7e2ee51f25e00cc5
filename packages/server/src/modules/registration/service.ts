import { randomBytes } from 'node:crypto';
import type {
  BrandView,
  Evaluation,
  Registration,
  RegistrationAddress,
  RegistrationBrandInput,
  RegistrationBusiness,
  RegistrationFailure,
  RegistrationRep,
  RegistrationStep,
} from '@agency/contracts';
import { REGISTRATION_STEPS } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { conflict, notFound } from '../../http/errors';
import type { AppDeps } from '../../app';
import type { ProfileFiling } from '../../providers/carrier/index';
import { evaluateProfile } from '../../providers/registration/local';

/** A carrier-style id: a two-letter prefix and 32 hex digits. */
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

interface RegRow {
  location_id: string;
  profile_status: string;
  brand_status: string | null;
  address: RegistrationAddress | null;
  business: RegistrationBusiness | null;
  rep1: RegistrationRep | null;
  rep2: RegistrationRep | null;
  brand: { brandType: BrandView['brandType']; stockExchange: string | null; stockTicker: string | null } | null;
  profile_failures: RegistrationFailure[];
  brand_failures: RegistrationFailure[];
  trust_bundle_status: string | null;
}

export const REGISTRATION_MESSAGES = {
  locked: 'The business profile is being reviewed; it can be changed again once the review ends.',
  approvedLocked: 'The business profile is approved and can no longer be changed.',
  profileFirst: 'The business profile must be approved before the brand is submitted.',
  brandSubmitted: 'The brand has already been submitted.',
};

/** The location's registration row (made on first use); the location must be the account's. */
async function rowOf(q: Queryable, accountId: string, locationId: string, lock = false): Promise<RegRow> {
  const [loc] = await q.query<{ id: string }>(`select id from account_locations where id = $1 and account_id = $2${lock ? ' for update' : ''}`, [
    locationId,
    accountId,
  ]);
  if (!loc) throw notFound('Location not found');
  await q.query('insert into location_registrations (location_id, account_id) values ($1, $2) on conflict (location_id) do nothing', [locationId, accountId]);
  const [row] = await q.query<RegRow>(
    `select r.*, l.profile_status, l.brand_status from location_registrations r join account_locations l on l.id = r.location_id where r.location_id = $1`,
    [locationId],
  );
  return row!;
}

export async function getRegistration(q: Queryable, accountId: string, locationId: string): Promise<Registration> {
  const r = await rowOf(q, accountId, locationId);
  return { address: r.address, business: r.business, rep1: r.rep1, rep2: r.rep2, failures: r.profile_failures };
}

/** A profile step can change before its first submission and after a refusal. */
function assertEditable(r: RegRow) {
  if (r.profile_status === 'approved') throw conflict(REGISTRATION_MESSAGES.approvedLocked);
  if (r.profile_status === 'in-review' || r.profile_status === 'pending-review') throw conflict(REGISTRATION_MESSAGES.locked);
}

const SID_COLUMNS = { address: ['address_sid', 'AD'], business: ['business_sid', 'IT'], rep1: ['rep1_sid', 'IT'], rep2: ['rep2_sid', 'IT'] } as const;

/** Saves one step of the profile; answers its sid (kept across saves). A refusal's reasons for that step go. */
export async function saveStep(
  db: Db,
  accountId: string,
  locationId: string,
  step: 'address' | 'business' | 'rep1' | 'rep2',
  value: RegistrationAddress | RegistrationBusiness | RegistrationRep | null,
): Promise<string> {
  return db.tx(async (q) => {
    const r = await rowOf(q, accountId, locationId, true);
    assertEditable(r);
    const [column, prefix] = SID_COLUMNS[step];
    const failures = r.profile_failures.filter((f) => f.step !== step);
    await q.query(`update location_registrations set ${step} = $2, profile_failures = $3, updated_at = now() where location_id = $1`, [
      locationId,
      value === null ? null : JSON.stringify(value),
      JSON.stringify(failures),
    ]);
    // A second representative is optional: none is recorded as 'n/a'.
    const [row] = await q.query<{ sid: string }>(
      `update account_locations set ${column} = case when $2::text = 'n/a' then 'n/a' when ${column} is null or ${column} = 'n/a' then $3 else ${column} end, updated_at = now()
       where id = $1 returning ${column} as sid`,
      [locationId, value === null ? 'n/a' : 'keep', sid(prefix)],
    );
    return row!.sid;
  });
}

const byStep = (failures: RegistrationFailure[]): Evaluation['results'] =>
  REGISTRATION_STEPS.map((step: RegistrationStep) => ({ step, invalid: failures.filter((f) => f.step === step) })).filter((r) => r.invalid.length);

/** The evaluation before a submission: compliant when the profile is complete and well formed. */
export async function evaluate(q: Queryable, accountId: string, locationId: string): Promise<Evaluation> {
  const r = await rowOf(q, accountId, locationId);
  const failures = evaluateProfile(r);
  return { status: failures.length ? 'noncompliant' : 'compliant', results: byStep(failures) };
}

/** The job that moves a submitted profile or brand through its review. */
export const REVIEW_JOB = 'registration-review';
export interface ReviewData {
  accountId: string;
  locationId: string;
  what: 'profile' | 'brand';
}

/** Who files with the carrier: the location's name, and the account's e-mail for the carrier's notices (the representative's without one). */
async function filerOf(q: Queryable, r: RegRow): Promise<{ friendlyName: string; email: string; profileSid: string | null }> {
  const [who] = await q.query<{ name: string; email: string | null; trust_bundle_sid: string | null }>(
    'select l.name, a.email, l.trust_bundle_sid from account_locations l join accounts a on a.id = l.account_id where l.id = $1',
    [r.location_id],
  );
  return { friendlyName: who?.name ?? 'Location', email: who?.email ?? r.rep1?.email ?? '', profileSid: who?.trust_bundle_sid ?? null };
}

/** A profile as the carrier is given it, or null while a step is missing. */
async function filingOf(q: Queryable, r: RegRow): Promise<ProfileFiling | null> {
  if (!r.address || !r.business || !r.rep1) return null;
  const { friendlyName, email } = await filerOf(q, r);
  return { friendlyName, email, address: r.address, business: r.business, rep1: r.rep1, rep2: r.rep2 };
}

/**
 * Submits a compliant profile for review: the carrier files it (its own evaluation may still
 * refuse it, each reason beside its field), and it is pending review until the carrier decides.
 */
export async function submitProfile(
  deps: Pick<AppDeps, 'db' | 'carrier'>,
  accountId: string,
  locationId: string,
): Promise<{ status: string; evaluation: Evaluation }> {
  const { db, carrier } = deps;
  const r = await rowOf(db, accountId, locationId);
  assertEditable(r);
  const failures = evaluateProfile(r);
  const filing = failures.length ? null : await filingOf(db, r);
  if (!filing) return { status: r.profile_status, evaluation: { status: 'noncompliant', results: byStep(failures) } };
  const filed = await carrier.fileProfile(filing);
  if (!filed.sid) return { status: r.profile_status, evaluation: { status: 'noncompliant', results: byStep(filed.failures) } };
  return db.tx(async (q) => {
    const now = await rowOf(q, accountId, locationId, true);
    assertEditable(now);
    await q.query(`update location_registrations set profile_failures = '[]'::jsonb, submitted_at = now(), updated_at = now() where location_id = $1`, [
      locationId,
    ]);
    await q.query(`update account_locations set profile_status = 'pending-review', trust_bundle_sid = $2, updated_at = now() where id = $1`, [
      locationId,
      filed.sid,
    ]);
    return { status: 'pending-review', evaluation: { status: 'compliant', results: [] } };
  });
}

/**
 * One look at a review: the carrier says how the profile (or the brand) stands, and a decision is
 * recorded (approved, or rejected with its reasons beside their fields). Answers whether to look
 * again later.
 */
export async function advanceReview(deps: Pick<AppDeps, 'db' | 'carrier'>, data: ReviewData): Promise<boolean> {
  const { db, carrier } = deps;
  const [loc] = await db.query<{ account_id: string; trust_bundle_sid: string | null; brand_sid: string | null }>(
    'select account_id, trust_bundle_sid, brand_sid from account_locations where id = $1',
    [data.locationId],
  );
  if (!loc || loc.account_id !== data.accountId) return false;
  const r = await rowOf(db, data.accountId, data.locationId);
  if (data.what === 'brand') {
    if (r.brand_status !== 'pending' || !loc.brand_sid) return false;
    const review = await carrier.brandReview(loc.brand_sid);
    if (review.state === 'pending-review' || review.state === 'in-review') return true;
    await db.tx(async (q) => {
      const approved = review.state === 'approved';
      const [moved] = await q.query(
        `update account_locations set brand_status = $2, updated_at = now() where id = $1 and brand_status = 'pending' returning id`,
        [data.locationId, approved ? 'approved' : 'failed'],
      );
      if (!moved) return;
      await q.query(`update location_registrations set trust_bundle_status = $2, brand_failures = $3, updated_at = now() where location_id = $1`, [
        data.locationId,
        approved ? 'twilio-approved' : 'twilio-rejected',
        JSON.stringify(review.state === 'rejected' ? review.failures : []),
      ]);
    });
    return false;
  }
  const known = r.profile_status;
  if ((known !== 'pending-review' && known !== 'in-review') || !loc.trust_bundle_sid) return false;
  const filing = await filingOf(db, r);
  if (!filing) return false;
  const review = await carrier.profileReview(loc.trust_bundle_sid, filing, known);
  if (review.state === known) return true;
  await db.tx(async (q) => {
    const [moved] = await q.query(`update account_locations set profile_status = $2, updated_at = now() where id = $1 and profile_status = $3 returning id`, [
      data.locationId,
      review.state,
      known,
    ]);
    if (moved && review.state === 'rejected') {
      await q.query(`update location_registrations set profile_failures = $2, updated_at = now() where location_id = $1`, [
        data.locationId,
        JSON.stringify(review.failures),
      ]);
    }
  });
  return review.state === 'pending-review' || review.state === 'in-review';
}

export async function getBrand(q: Queryable, accountId: string, locationId: string): Promise<BrandView> {
  const r = await rowOf(q, accountId, locationId);
  return {
    brandType: r.brand?.brandType ?? null,
    stockExchange: r.brand?.stockExchange ?? null,
    stockTicker: r.brand?.stockTicker ?? null,
    status: r.brand_status ?? 'not-submitted',
    trustBundleStatus: r.trust_bundle_status,
    failures: r.brand_failures,
  };
}

/** Submits the brand of an approved profile to the carrier; it is reviewed like the profile. */
export async function submitBrand(
  deps: Pick<AppDeps, 'db' | 'carrier'>,
  accountId: string,
  locationId: string,
  input: RegistrationBrandInput,
): Promise<BrandView> {
  const { db, carrier } = deps;
  const r = await rowOf(db, accountId, locationId);
  if (r.profile_status !== 'approved') throw conflict(REGISTRATION_MESSAGES.profileFirst);
  if (r.brand_status && r.brand_status !== 'not-submitted' && r.brand_status !== 'failed') throw conflict(REGISTRATION_MESSAGES.brandSubmitted);
  const brand = {
    brandType: input.brandType,
    stockExchange: input.brandType === 'public' ? (input.stockExchange ?? null) : null,
    stockTicker: input.brandType === 'public' ? (input.stockTicker ?? null) : null,
  };
  const { friendlyName, email, profileSid } = await filerOf(db, r);
  const filed = await carrier.fileBrand({ friendlyName, email, profileSid: profileSid ?? '', ...brand });
  await db.tx(async (q) => {
    const now = await rowOf(q, accountId, locationId, true);
    if (now.brand_status && now.brand_status !== 'not-submitted' && now.brand_status !== 'failed') throw conflict(REGISTRATION_MESSAGES.brandSubmitted);
    await q.query(`update location_registrations set brand = $2, brand_failures = $3, trust_bundle_status = $4, updated_at = now() where location_id = $1`, [
      locationId,
      JSON.stringify(brand),
      JSON.stringify(filed.failures),
      filed.sid ? 'in-review' : 'twilio-rejected',
    ]);
    await q.query(`update account_locations set brand_status = $2, brand_sid = coalesce($3, brand_sid), updated_at = now() where id = $1`, [
      locationId,
      filed.sid ? 'pending' : 'failed',
      filed.sid,
    ]);
  });
  return getBrand(db, accountId, locationId);
}

/** A new location copying another's registration (create with copyFrom): its steps, not its review. */
export async function copyRegistration(q: Queryable, fromLocationId: string, toLocationId: string, accountId: string): Promise<void> {
  await q.query(
    `insert into location_registrations (location_id, account_id, address, business, rep1, rep2)
     select $2, $3, address, business, rep1, rep2 from location_registrations where location_id = $1 and account_id = $3
     on conflict (location_id) do nothing`,
    [fromLocationId, toLocationId, accountId],
  );
}
