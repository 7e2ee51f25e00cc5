import type { RegistrationAddress, RegistrationBusiness, RegistrationFailure, RegistrationRep } from '@agency/contracts';

/*
 * The local registration provider: the checks a carrier's review of a business profile really
 * makes, so a refusal can be tried and fixed here. The evaluation (before submitting) checks that
 * the profile is complete and well formed; the review (after, over time) refuses what carriers
 * refuse: a website that is not the business's, a sole proprietor with an EIN, a PO Box address.
 */

export interface ProfileData {
  address: RegistrationAddress | null;
  business: RegistrationBusiness | null;
  rep1: RegistrationRep | null;
}

export const FAILURES = {
  missingAddress: 'The business address is missing.',
  missingBusiness: 'The business information is missing.',
  missingRep: 'An authorized representative is required.',
  ein: 'An EIN is 9 digits (12-3456789).',
  duns: 'A DUNS number is 9 digits.',
  website: 'The website does not match the business name.',
  soleProprietorEin: 'A sole proprietor cannot register with an EIN. Choose the business type the EIN was issued to.',
  poBox: 'A PO Box cannot be the business address. Enter the street address of the office.',
};

/** Completeness and form, as the evaluation before a submission checks them. */
export function evaluateProfile(p: ProfileData): RegistrationFailure[] {
  const out: RegistrationFailure[] = [];
  if (!p.address) out.push({ step: 'address', field: 'address', failureReason: FAILURES.missingAddress });
  if (!p.business) out.push({ step: 'business', field: 'businessName', failureReason: FAILURES.missingBusiness });
  if (!p.rep1) out.push({ step: 'rep1', field: 'firstName', failureReason: FAILURES.missingRep });
  const b = p.business;
  if (b?.idType === 'EIN' && !/^\d{2}-?\d{7}$/.test(b.registrationNumber))
    out.push({ step: 'business', field: 'registrationNumber', failureReason: FAILURES.ein });
  if (b?.idType === 'DUNS' && !/^\d{2}-?\d{3}-?\d{4}$/.test(b.registrationNumber))
    out.push({ step: 'business', field: 'registrationNumber', failureReason: FAILURES.duns });
  return out;
}

const NOISE = new Set(['the', 'and', 'llc', 'inc', 'corp', 'corporation', 'company', 'co', 'ltd', 'group', 'services', 'of']);
const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !NOISE.has(w));

/** Whether a website's host names the business (one of its words, or its initials). */
export function websiteMatches(websiteUrl: string, businessName: string): boolean {
  let host: string;
  try {
    host = new URL(websiteUrl).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return false;
  }
  const label = host.split('.').slice(0, -1).join('.');
  const ws = words(businessName);
  const initials = ws.map((w) => w[0]).join('');
  return ws.some((w) => label.includes(w)) || (initials.length >= 2 && label.includes(initials));
}

/** The carrier's review of a submitted profile: its refusals, none when approved. */
export function reviewProfile(p: ProfileData): RegistrationFailure[] {
  const out = evaluateProfile(p);
  const { address, business } = p;
  if (business && !websiteMatches(business.websiteUrl, business.businessName))
    out.push({ step: 'business', field: 'websiteUrl', failureReason: FAILURES.website });
  if (business?.businessType === 'Sole Proprietorship' && business.idType === 'EIN')
    out.push({ step: 'business', field: 'idType', failureReason: FAILURES.soleProprietorEin });
  if (address && /\b(p\.?\s*o\.?\s*box|post office box)\b/i.test(`${address.address} ${address.address2}`))
    out.push({ step: 'address', field: 'address', failureReason: FAILURES.poBox });
  return out;
}
