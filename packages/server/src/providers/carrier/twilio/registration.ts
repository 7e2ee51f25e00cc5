import type { RegistrationFailure, RegistrationStep } from '@agency/contracts';
import type { BrandFiling, Filed, ProfileFiling, RegistrationCarrier, ReviewState } from '../registration';
import type { TwilioClient } from './client';

/**
 * Registration through Twilio's Trust Hub, as its ISV onboarding guide has it: a secondary customer
 * profile (business information, authorised representatives and the address, evaluated and
 * submitted), then an A2P messaging profile (a trust product) and the brand registration at The
 * Campaign Registry. The app asks how each review stands until it ends.
 */

/** Twilio's policies: the secondary customer profile, and the A2P messaging profile. */
export const SECONDARY_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

export interface TwilioRegistrationConfig {
  /** The agency software's own approved primary customer profile (TWILIO_PRIMARY_PROFILE_SID), assigned to every secondary one. */
  primaryProfileSid?: string;
}

/** Where each Trust Hub field is asked for in the wizard. */
const FIELDS: Record<string, [RegistrationStep, string]> = {
  business_name: ['business', 'businessName'],
  business_identity: ['business', 'identity'],
  business_type: ['business', 'businessType'],
  business_industry: ['business', 'industry'],
  business_registration_identifier: ['business', 'idType'],
  business_registration_number: ['business', 'registrationNumber'],
  business_regions_of_operation: ['business', 'operations'],
  website_url: ['business', 'websiteUrl'],
  social_media_profile_urls: ['business', 'socialMediaUrl'],
  first_name: ['rep1', 'firstName'],
  last_name: ['rep1', 'lastName'],
  email: ['rep1', 'email'],
  phone_number: ['rep1', 'phoneNumber'],
  business_title: ['rep1', 'businessTitle'],
  job_position: ['rep1', 'jobPosition'],
  customer_name: ['address', 'legalName'],
  street: ['address', 'address'],
  street_secondary: ['address', 'address2'],
  city: ['address', 'city'],
  region: ['address', 'state'],
  postal_code: ['address', 'zipcode'],
  address_sids: ['address', 'address'],
};

/** The step a Trust Hub requirement or object belongs to. */
function stepOf(name: string): RegistrationStep {
  if (/representative_2/.test(name)) return 'rep2';
  if (/representative/.test(name)) return 'rep1';
  if (/address/.test(name)) return 'address';
  if (/business/.test(name)) return 'business';
  return 'review';
}

type Loose = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** An evaluation's (or a rejection's) findings, each beside the field of the wizard to fix. */
export function failuresOf(items: unknown[]): RegistrationFailure[] {
  const out: RegistrationFailure[] = [];
  for (const raw of items) {
    const item = (raw ?? {}) as Loose;
    const group = text(item.requirement_name) || text(item.object_type);
    const fields = [...((item.invalid as Loose[] | undefined) ?? []), ...((item.fields as Loose[] | undefined) ?? [])];
    for (const f of fields) {
      const name = text(f.object_field) || text(f.field);
      const [step, field] = FIELDS[name] ?? [stepOf(group), name];
      out.push({
        step: step === 'rep1' && stepOf(group) === 'rep2' ? 'rep2' : step,
        field,
        failureReason: text(f.failure_reason) || text(f.message) || 'Refused by the carrier',
      });
    }
    if (!fields.length && item.passed !== true) {
      const reason = text(item.failure_reason) || text(item.message) || text(item.description);
      if (reason) out.push({ step: stepOf(group), field: '', failureReason: reason });
    }
  }
  return out;
}

const REVIEWING: Record<string, ReviewState['state']> = {
  draft: 'pending-review',
  'pending-review': 'pending-review',
  'in-review': 'in-review',
  'twilio-approved': 'approved',
  'twilio-rejected': 'rejected',
};

export function createTwilioRegistration(client: () => Promise<TwilioClient>, config: TwilioRegistrationConfig = {}): RegistrationCarrier {
  return {
    async fileProfile(f: ProfileFiling): Promise<Filed> {
      const c = await client();
      const hub = c.trusthub.v1;
      const profile = await hub.customerProfiles.create({ friendlyName: f.friendlyName, email: f.email, policySid: SECONDARY_PROFILE_POLICY });
      const b = f.business;
      const business = await hub.endUsers.create({
        friendlyName: `${f.friendlyName} business information`,
        type: 'customer_profile_business_information',
        attributes: {
          business_name: b.businessName,
          business_identity: b.identity,
          business_type: b.businessType,
          business_industry: b.industry,
          business_registration_identifier: b.idType === 'OTHER' ? 'Other' : b.idType,
          business_registration_number: b.registrationNumber,
          business_regions_of_operation: b.operations,
          website_url: b.websiteUrl,
          ...(b.socialMediaUrl ? { social_media_profile_urls: b.socialMediaUrl } : {}),
        },
      });
      const reps = [];
      for (const [i, rep] of [f.rep1, f.rep2].entries()) {
        if (!rep) continue;
        reps.push(
          await hub.endUsers.create({
            friendlyName: `${rep.firstName} ${rep.lastName}`,
            type: `authorized_representative_${i + 1}`,
            attributes: {
              first_name: rep.firstName,
              last_name: rep.lastName,
              email: rep.email,
              phone_number: rep.phoneNumber,
              business_title: rep.businessTitle,
              job_position: rep.jobPosition,
            },
          }),
        );
      }
      const a = f.address;
      const address = await c.addresses.create({
        customerName: a.legalName,
        street: a.address,
        ...(a.address2 ? { streetSecondary: a.address2 } : {}),
        city: a.city,
        region: a.state,
        postalCode: a.zipcode,
        isoCountry: 'US',
        emergencyEnabled: a.emergencyEnabled,
      });
      const document = await hub.supportingDocuments.create({
        friendlyName: `${f.friendlyName} address`,
        type: 'customer_profile_address',
        attributes: { address_sids: address.sid },
      });
      const assigned = [...(config.primaryProfileSid ? [config.primaryProfileSid] : []), business.sid, ...reps.map((r) => r.sid), document.sid];
      for (const objectSid of assigned) await hub.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid });
      const evaluation = await hub.customerProfiles(profile.sid).customerProfilesEvaluations.create({ policySid: SECONDARY_PROFILE_POLICY });
      if (evaluation.status !== 'compliant') return { sid: null, failures: failuresOf(evaluation.results) };
      await hub.customerProfiles(profile.sid).update({ status: 'pending-review' });
      return { sid: profile.sid, failures: [] };
    },

    async profileReview(sid) {
      const c = await client();
      const profile = await c.trusthub.v1.customerProfiles(sid).fetch();
      const state = REVIEWING[profile.status] ?? 'pending-review';
      if (state !== 'rejected') return { state } as ReviewState;
      let failures = failuresOf(profile.errors ?? []);
      if (!failures.length) {
        const [latest] = await c.trusthub.v1.customerProfiles(sid).customerProfilesEvaluations.list({ limit: 1 });
        failures = failuresOf(latest?.results ?? []);
      }
      return {
        state: 'rejected',
        failures: failures.length ? failures : [{ step: 'review', field: '', failureReason: 'The carrier refused the business profile.' }],
      };
    },

    async fileBrand(f: BrandFiling): Promise<Filed> {
      const c = await client();
      const hub = c.trusthub.v1;
      const product = await hub.trustProducts.create({
        friendlyName: `${f.friendlyName} A2P messaging profile`,
        email: f.email,
        policySid: A2P_PROFILE_POLICY,
      });
      const info = await hub.endUsers.create({
        friendlyName: `${f.friendlyName} messaging profile information`,
        type: 'us_a2p_messaging_profile_information',
        attributes: {
          company_type: f.brandType === 'nonprofit' ? 'non-profit' : f.brandType,
          ...(f.brandType === 'public' ? { stock_exchange: f.stockExchange, stock_ticker: f.stockTicker } : {}),
        },
      });
      for (const objectSid of [info.sid, f.profileSid]) await hub.trustProducts(product.sid).trustProductsEntityAssignments.create({ objectSid });
      const evaluation = await hub.trustProducts(product.sid).trustProductsEvaluations.create({ policySid: A2P_PROFILE_POLICY });
      if (evaluation.status !== 'compliant') return { sid: null, failures: failuresOf(evaluation.results).map((x) => ({ ...x, step: 'brand' })) };
      await hub.trustProducts(product.sid).update({ status: 'pending-review' });
      const brand = await c.messaging.v1.brandRegistrations.create({
        customerProfileBundleSid: f.profileSid,
        a2PProfileBundleSid: product.sid,
        brandType: 'STANDARD',
      });
      return { sid: brand.sid, failures: [] };
    },

    async brandReview(sid) {
      const c = await client();
      const brand = await c.messaging.v1.brandRegistrations(sid).fetch();
      if (brand.status === 'APPROVED') return { state: 'approved' };
      if (brand.status === 'IN_REVIEW') return { state: 'in-review' };
      if (brand.status !== 'FAILED' && brand.status !== 'SUSPENDED') return { state: 'pending-review' };
      const failures = ((brand.errors ?? []) as Loose[]).map((e) => ({
        step: 'brand' as const,
        field: 'brandType',
        failureReason: text(e.description) || text(e.message) || String(e.code ?? ''),
      }));
      const reason = brand.failureReason;
      return {
        state: 'rejected',
        failures: failures.filter((x) => x.failureReason).length
          ? failures
          : [{ step: 'brand', field: 'brandType', failureReason: reason || 'The brand registration failed.' }],
      };
    },
  };
}
