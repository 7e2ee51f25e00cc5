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
import { evaluateProfile, reviewProfile } from '../../providers/registration/local';

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
  const [loc] = await q.query<{ id: string }>(`select id from account_locations where id = $1 and account_id = $2${lock ? ' for update' : ''}`, [locationId, accountId]);
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

/** Submits a compliant profile for review: pending-review now, then in review, then approved or rejected. */
export async function submitProfile(db: Db, accountId: string, locationId: string): Promise<{ status: string; evaluation: Evaluation }> {
  return db.tx(async (q) => {
    const r = await rowOf(q, accountId, locationId, true);
    assertEditable(r);
    const failures = evaluateProfile(r);
    const evaluation: Evaluation = { status: failures.length ? 'noncompliant' : 'compliant', results: byStep(failures) };
    if (failures.length) return { status: r.profile_status, evaluation };
    await q.query(`update location_registrations set profile_failures = '[]'::jsonb, submitted_at = now(), updated_at = now() where location_id = $1`, [locationId]);
    await q.query(
      `update account_locations set profile_status = 'pending-review', trust_bundle_sid = coalesce(trust_bundle_sid, $2), updated_at = now() where id = $1`,
      [locationId, sid('BU')],
    );
    return { status: 'pending-review', evaluation };
  });
}

/**
 * One step of a review: a pending profile goes into review; one in review is decided (approved, or
 * rejected with the reasons kept beside their fields). A brand pending review is decided too.
 * Answers whether another step is due.
 */
export async function advanceReview(db: Db, data: ReviewData): Promise<boolean> {
  return db.tx(async (q) => {
    const [loc] = await q.query<{ account_id: string }>('select account_id from account_locations where id = $1 for update', [data.locationId]);
    if (!loc || loc.account_id !== data.accountId) return false;
    const r = await rowOf(q, data.accountId, data.locationId);
    if (data.what === 'brand') {
      if (r.brand_status !== 'pending') return false;
      await q.query(`update location_registrations set trust_bundle_status = 'twilio-approved', updated_at = now() where location_id = $1`, [data.locationId]);
      await q.query(`update account_locations set brand_status = 'approved', updated_at = now() where id = $1`, [data.locationId]);
      return false;
    }
    if (r.profile_status === 'pending-review') {
      await q.query(`update account_locations set profile_status = 'in-review', updated_at = now() where id = $1`, [data.locationId]);
      return true;
    }
    if (r.profile_status !== 'in-review') return false;
    const failures = reviewProfile(r);
    await q.query(`update location_registrations set profile_failures = $2, updated_at = now() where location_id = $1`, [data.locationId, JSON.stringify(failures)]);
    await q.query(`update account_locations set profile_status = $2, updated_at = now() where id = $1`, [data.locationId, failures.length ? 'rejected' : 'approved']);
    return false;
  });
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

/** Submits the brand of an approved profile; it is reviewed like the profile. */
export async function submitBrand(db: Db, accountId: string, locationId: string, input: RegistrationBrandInput): Promise<BrandView> {
  await db.tx(async (q) => {
    const r = await rowOf(q, accountId, locationId, true);
    if (r.profile_status !== 'approved') throw conflict(REGISTRATION_MESSAGES.profileFirst);
    if (r.brand_status && r.brand_status !== 'not-submitted' && r.brand_status !== 'failed') throw conflict(REGISTRATION_MESSAGES.brandSubmitted);
    const brand = { brandType: input.brandType, stockExchange: input.brandType === 'public' ? (input.stockExchange ?? null) : null, stockTicker: input.brandType === 'public' ? (input.stockTicker ?? null) : null };
    await q.query(`update location_registrations set brand = $2, brand_failures = '[]'::jsonb, trust_bundle_status = 'in-review', updated_at = now() where location_id = $1`, [
      locationId,
      JSON.stringify(brand),
    ]);
    await q.query(`update account_locations set brand_status = 'pending', brand_sid = coalesce(brand_sid, $2), updated_at = now() where id = $1`, [locationId, sid('BN')]);
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
