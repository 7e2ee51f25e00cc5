import { z } from 'zod';
import { FIELD_REQUIRED } from './locations';

/*
 * A location's business registration for texting (A2P 10DLC, spec 002 "Locations" and section 5):
 * address, business, authorised representatives, the evaluation and submission of the business
 * profile, then the brand. Under /accounts/{accountId}/locations/{locationId}/...
 */

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export const IDENTITIES = ['direct_customer', 'isv_reseller_or_partner', 'unknown'] as const;
export const BUSINESS_TYPES = [
  'Sole Proprietorship',
  'Partnership',
  'Limited Liability Corporation',
  'Co-operative',
  'Non-profit Corporation',
  'Corporation',
] as const;
export const INDUSTRIES = [
  'AUTOMOTIVE',
  'AGRICULTURE',
  'BANKING',
  'CONSUMER',
  'EDUCATION',
  'ENGINEERING',
  'ENERGY',
  'OIL_AND_GAS',
  'FAST_MOVING_CONSUMER_GOODS',
  'FINANCIAL',
  'FINTECH',
  'FOOD_AND_BEVERAGE',
  'GOVERNMENT',
  'HEALTHCARE',
  'HOSPITALITY',
  'INSURANCE',
  'LEGAL',
  'MANUFACTURING',
  'MEDIA',
  'ONLINE',
  'PROFESSIONAL_SERVICES',
  'RAW_MATERIALS',
  'REAL_ESTATE',
  'RELIGION',
  'RETAIL',
  'JEWELRY',
  'TECHNOLOGY',
  'TELECOMMUNICATIONS',
  'TRANSPORTATION',
  'TRAVEL',
  'NOT_FOR_PROFIT',
] as const;
export const ID_TYPES = ['EIN', 'DUNS', 'CCN', 'OTHER'] as const;
export const REGIONS = ['AFRICA', 'ASIA', 'EUROPE', 'LATIN_AMERICA', 'USA_AND_CANADA'] as const;
export const JOB_POSITIONS = ['Director', 'GM', 'VP', 'CEO', 'CFO', 'General Counsel', 'Other'] as const;
export const BRAND_TYPES = ['public', 'private', 'nonprofit', 'government'] as const;
export const STOCK_EXCHANGES = ['NYSE', 'NASDAQ'] as const;

const required = (max: number) => z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(max, `At most ${max} characters`);
const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional().default('');
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: FIELD_REQUIRED });
const url = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Enter a full address starting with http:// or https://');

export const registrationAddressSchema = z.object({
  legalName: required(100),
  address: required(200),
  address2: optional(200),
  city: required(100),
  state: choice(US_STATES),
  zipcode: required(10).refine((v) => /^\d{5}(-\d{4})?$/.test(v), 'Zip code must be 5 digits (or 5+4)'),
  emergencyEnabled: z.boolean().default(false),
});
export type RegistrationAddress = z.output<typeof registrationAddressSchema>;
export type RegistrationAddressInput = z.input<typeof registrationAddressSchema>;

export const registrationBusinessSchema = z.object({
  businessName: required(100),
  /** Fixed to direct_customer (locked on the form). */
  identity: z.literal('direct_customer').default('direct_customer'),
  businessType: choice(BUSINESS_TYPES),
  industry: choice(INDUSTRIES),
  idType: choice(ID_TYPES),
  idTypeOther: optional(100),
  registrationNumber: required(40),
  /** Fixed to USA_AND_CANADA (locked on the form). */
  operations: z.literal('USA_AND_CANADA').default('USA_AND_CANADA'),
  websiteUrl: url(300).refine((v) => v !== '', FIELD_REQUIRED),
  socialMediaUrl: url(300).optional().default(''),
});
export type RegistrationBusiness = z.output<typeof registrationBusinessSchema>;
export type RegistrationBusinessInput = z.input<typeof registrationBusinessSchema>;

export const registrationRepSchema = z.object({
  firstName: required(60),
  lastName: required(60),
  email: required(200).pipe(z.email('Enter a valid email address')),
  businessTitle: required(100),
  jobPosition: choice(JOB_POSITIONS),
  /** Sent with a leading plus (+15125550100). */
  phoneNumber: required(20).refine((v) => /^\+\d{11,15}$/.test(v), 'Phone number must start with + and the country code'),
});
export type RegistrationRep = z.output<typeof registrationRepSchema>;
export type RegistrationRepInput = z.input<typeof registrationRepSchema>;

export const registrationBrandSchema = z.object({
  brandType: choice(BRAND_TYPES),
  stockExchange: z.enum(STOCK_EXCHANGES).nullable().optional(),
  stockTicker: z.string().trim().max(10).nullable().optional(),
});
/** A public company names its exchange and ticker (the check the original meant to make). */
export const registrationBrandInputSchema = registrationBrandSchema.superRefine((b, ctx) => {
  if (b.brandType !== 'public') return;
  if (!b.stockExchange) ctx.addIssue({ code: 'custom', path: ['stockExchange'], message: FIELD_REQUIRED });
  if (!b.stockTicker) ctx.addIssue({ code: 'custom', path: ['stockTicker'], message: FIELD_REQUIRED });
});
export type RegistrationBrandInput = z.input<typeof registrationBrandInputSchema>;

/** The steps of the wizard, in order. */
export const REGISTRATION_STEPS = ['general', 'address', 'business', 'rep1', 'rep2', 'review', 'brand'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** Why a submission or an evaluation was refused: the step and field to fix, and the reason. */
export const registrationFailureSchema = z.object({ step: z.enum(REGISTRATION_STEPS), field: z.string(), failureReason: z.string() });
export type RegistrationFailure = z.infer<typeof registrationFailureSchema>;

export const evaluationSchema = z.object({
  /** compliant lets the profile be submitted. */
  status: z.enum(['compliant', 'noncompliant']),
  results: z.array(z.object({ step: z.enum(REGISTRATION_STEPS), invalid: z.array(registrationFailureSchema) })),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const brandViewSchema = z.object({
  brandType: z.enum(BRAND_TYPES).nullable(),
  stockExchange: z.string().nullable(),
  stockTicker: z.string().nullable(),
  /** not-submitted, pending, approved or failed. */
  status: z.string(),
  trustBundleStatus: z.string().nullable(),
  failures: z.array(registrationFailureSchema),
});
export type BrandView = z.infer<typeof brandViewSchema>;

/** What the registration of a location holds, for the wizard (null where a step is not done). */
export const registrationSchema = z.object({
  address: registrationAddressSchema.nullable(),
  business: registrationBusinessSchema.nullable(),
  rep1: registrationRepSchema.nullable(),
  rep2: registrationRepSchema.nullable(),
  /** The last refusal of the profile (after a rejection), each beside its field. */
  failures: z.array(registrationFailureSchema),
});
export type Registration = z.infer<typeof registrationSchema>;

export const repParamsSchema = z.object({ accountId: z.string().uuid(), locationId: z.string().uuid(), level: z.enum(['1', '2']) });

/** The spec's location messages (section 8), word for word. */
export const LOCATION_MESSAGES = {
  saveFailed: (m: string) => `Unable to save location: ${m}`,
  addressLoadFailed: (m: string) => `Unable to get location address: ${m}`,
  addressSaveFailed: (m: string) => `Unable to update address: ${m}`,
  businessLoadFailed: (m: string) => `Unable to get location business info: ${m}`,
  businessSaveFailed: (m: string) => `Unable to update business info: ${m}`,
  repLoadFailed: (m: string) => `Unable to get location rep: ${m}`,
  repSaveFailed: (level: string, m: string) => `Unable to update business authorized ${level}: ${m}`,
  submitFailed: (m: string) => `Unable to get submit for evaluation: ${m}`,
  brandLoadFailed: (m: string) => `Unable to get location brand: ${m}`,
  listFailed: (m: string) => `Unable to get locations: ${m}`,
  evaluationFailed: 'Evaluation Failed.  Please reach out to support.',
  evaluationStatus: (status: string) => `Evaluation failed with status ${status}.  Please fix data or reach out to support for assistance.`,
  approved: 'Your profile submission was approved.',
  inReview: 'Your business profile is in review. Verification can take up to 24 hours.',
  brandApproved: 'Brand was approved',
  brandUnderReview: 'Your brand registration is under review.',
  brandContactSupport: 'There is a problem with your brand registration. Please contact support.',
};

/** The badge of a location card (spec 002 section 4). */
export function locationBadge(l: { profileStatus: string; brandStatus: string | null }): string | null {
  if (l.profileStatus === 'in-review' || l.profileStatus === 'pending-review') return 'Business Profile In Review';
  if (l.profileStatus === 'rejected') return 'Business Profile Rejected';
  const brand = l.brandStatus ?? 'not-submitted';
  if (l.profileStatus === 'approved' && brand === 'not-submitted') return 'Submit Brand';
  if (brand === 'not-submitted') return 'In Progress';
  if (brand !== 'approved') return brand;
  return null;
}
