import { z } from 'zod';
import { idSchema } from './common';
import {
  boolInput,
  centsInput,
  dateInput,
  emailInput,
  enumInput,
  idInput,
  INVALID,
  clearableInput,
  intInput,
  listInput,
  phoneInput,
  sealedDateInput,
  sealedTextInput,
  ssnInput,
  stateInput,
  textInput,
  userRefSchema,
} from './clientFields';
import {
  GENDERS,
  RELATIONSHIP_STATUSES,
  MILITARY_STATUSES,
  HEALTH_HISTORIES,
  IMMIGRANT_STATUSES,
  CLIENT_LEVELS,
  CO_FIELDS,
  HEIGHT_RE,
  LETTERS,
  SEALED_CLIENT_FIELDS,
  REVEALABLE_CLIENT_FIELDS,
} from './constants/clients';
export type ClientLevel = (typeof CLIENT_LEVELS)[number];
export type PersonField = keyof typeof CO_FIELDS;
export type CoField = (typeof CO_FIELDS)[PersonField];

const personInputShape = {
  companyName: textInput(200, 'Company'),
  firstName: textInput(100, 'First name'),
  preferredFirstName: textInput(100, 'Preferred first name'),
  lastName: textInput(100, 'Last name'),
  suffix: textInput(20, 'Suffix'),
  status: enumInput(RELATIONSHIP_STATUSES, 'Relationship status'),
  email: emailInput,
  phone: phoneInput,
  mobilePhone: phoneInput,
  gender: enumInput(GENDERS, 'Gender'),
  ssn: ssnInput,
  dob: sealedDateInput,
  dod: dateInput,
  height: clearableInput((s) => (HEIGHT_RE.test(s) ? s : INVALID), 'Height must be feet and inches, like 5\'10"'),
  weight: intInput(0, 2000),
  militaryStatus: enumInput(MILITARY_STATUSES, 'Military status'),
  income: centsInput,
  occupation: textInput(100, 'Occupation'),
  occupationHireDate: dateInput,
  employerName: textInput(200, 'Employer'),
  businessType: textInput(100, 'Business type'),
  employees: intInput(0, 10_000_000),
  dlId: sealedTextInput(40, "Driver's license"),
  dlState: stateInput,
  smoker: boolInput,
  taxNumClaimed: intInput(0, 99),
  healthHistory: enumInput(HEALTH_HISTORIES, 'Health history'),
  lifePreferredBenefitAmount: centsInput,
  lifeMonthlyPremiumBudget: centsInput,
  healthNetwork: textInput(100, 'Health network'),
  healthMemberId: sealedTextInput(60, 'Member id'),
  healthPlanName: textInput(100, 'Plan name'),
  healthMonthlyPremium: centsInput,
  doctors: listInput(),
  rx: listInput(),
  healthMBI: sealedTextInput(20, 'MBI'),
  healthMedicaid: sealedTextInput(40, 'Medicaid'),
  immigrant: enumInput(IMMIGRANT_STATUSES, 'Immigrant status'),
  immigrantCardNumber: sealedTextInput(40, 'Card number'),
  immigrantCardExpiration: dateInput,
};

const personOutputShape = {
  companyName: z.string().nullable(),
  firstName: z.string().nullable(),
  preferredFirstName: z.string().nullable(),
  lastName: z.string().nullable(),
  suffix: z.string().nullable(),
  status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  /** Masked (***-**-1234); the full value comes from POST /clients/{id}/reveal. */
  ssn: z.string().nullable(),
  /** Masked to its year; the full date comes from POST /clients/{id}/reveal, the age is in `age`. */
  dob: z.string().nullable(),
  dod: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.number().nullable(),
  militaryStatus: z.enum(MILITARY_STATUSES).nullable(),
  income: z.number().nullable(),
  occupation: z.string().nullable(),
  occupationHireDate: z.string().nullable(),
  employerName: z.string().nullable(),
  businessType: z.string().nullable(),
  employees: z.number().nullable(),
  dlId: z.string().nullable(),
  dlState: z.string().nullable(),
  smoker: z.boolean().nullable(),
  taxNumClaimed: z.number().nullable(),
  healthHistory: z.enum(HEALTH_HISTORIES).nullable(),
  lifePreferredBenefitAmount: z.number().nullable(),
  lifeMonthlyPremiumBudget: z.number().nullable(),
  healthNetwork: z.string().nullable(),
  healthMemberId: z.string().nullable(),
  healthPlanName: z.string().nullable(),
  healthMonthlyPremium: z.number().nullable(),
  doctors: z.array(z.string()),
  rx: z.array(z.string()),
  healthMBI: z.string().nullable(),
  healthMedicaid: z.string().nullable(),
  immigrant: z.enum(IMMIGRANT_STATUSES).nullable(),
  immigrantCardNumber: z.string().nullable(),
  immigrantCardExpiration: z.string().nullable(),
};

type CoShape<S> = { [K in keyof S as K extends PersonField ? (typeof CO_FIELDS)[K] : never]: S[K] };
function coShape<S extends Record<PersonField, z.ZodType>>(shape: S): CoShape<S> {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [CO_FIELDS[k as PersonField], v])) as CoShape<S>;
}

// ---------------------------------------------------------------------------------------------
// Household fields (once per client)
// ---------------------------------------------------------------------------------------------
export const optOutEntrySchema = z.object({
  /** The number (digits) that opted out. */
  by: z.string(),
  at: z.string(),
});
export type OptOutEntry = z.infer<typeof optOutEntrySchema>;

const householdInputShape = {
  householdGrossIncome: centsInput,
  /** A user of the account; null clears. managedOn defaults to now when managedBy changes. */
  managedBy: idInput('Managed by'),
  managedOn: clearableInput((s) => (Number.isNaN(Date.parse(s)) ? INVALID : new Date(s).toISOString()), 'Managed on must be a date and time'),
  extended: z.record(z.string().max(60), z.string().max(2000)).nullable().optional(),
  /** A phone number id of the account (Update Default Location); '' or null clears. */
  accountPhone: idInput('Default location phone'),
  /** Set by the server from the accountPhone's location when accountPhone is sent. */
  location: idInput('Location'),
  optOut: z
    .array(
      z.object({
        by: z.string().regex(/^\d{10,15}$/, 'Opt-out numbers are digits'),
        at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Opt-out time must be a date and time'),
      }),
    )
    .max(20)
    .optional(),
  /** Referral (spellings as sent): How did you hear about us? */
  affliateVia: textInput(100, 'Referral source'),
  /** The referring contact's id. */
  affliateContact: idInput('Referred by'),
  /** Which person of the referring contact. */
  affliateContactLevel: enumInput(CLIENT_LEVELS, 'Referred by level'),
  /** Referral date, MM/dd/yyyy. */
  aflliateOn: dateInput,
};

/** Body of POST /clients and PUT /clients/{id}: every field optional; '' or null clears. */
export const clientInputSchema = z.object({
  ...personInputShape,
  ...coShape(personInputShape),
  ...householdInputShape,
});
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientInputParsed = z.output<typeof clientInputSchema>;

/** POST /clients also takes an SMS room to link to the new client (a contact created from an unknown number). */
export const clientCreateSchema = clientInputSchema.extend({ room: idSchema.optional() });
export type ClientCreate = z.input<typeof clientCreateSchema>;

export const clientSchema = z.object({
  id: idSchema,
  ...personOutputShape,
  ...coShape(personOutputShape),
  householdGrossIncome: z.number().nullable(),
  managedBy: z.string().nullable(),
  managedOn: z.string().nullable(),
  extended: z.record(z.string(), z.string()).nullable(),
  accountPhone: z.string().nullable(),
  location: z.string().nullable(),
  optOut: z.array(optOutEntrySchema),
  affliateVia: z.string().nullable(),
  affliateContact: z.string().nullable(),
  affliateContactLevel: z.enum(CLIENT_LEVELS).nullable(),
  aflliateOn: z.string().nullable(),
  lastContactedOn: z.string().nullable(),
  /** True when the client already has two people (a co-applicant). */
  hasDual: z.boolean(),
  /** Each person's age from the sealed date of birth (quarter years, until the date of death). */
  age: z.number().nullable(),
  coAge: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientIdParamsSchema = z.object({ id: idSchema });
export const letterSchema = z.enum(LETTERS as unknown as [string, ...string[]]);

export const clientListItemSchema = z.object({
  id: idSchema,
  firstName: z.string().nullable(),
  preferredFirstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  coFirstName: z.string().nullable(),
  coPreferredFirstName: z.string().nullable(),
  coLastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  coMobilePhone: z.string().nullable(),
  hasDual: z.boolean(),
  isFavorite: z.boolean(),
  /** The list letter the row sorts under: '#' or a to z. */
  letter: z.string(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

const boolParam = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/**
 * GET /clients. Rows sort by display name (first name, then last name; company when nameless),
 * case- and accent-insensitively. `search` matches the start of any word of the names, preferred
 * names, co-applicant names, company and email, and phone numbers typed in any format.
 */
export const clientListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  letter: letterSchema.optional(),
  favorites: boolParam.optional(),
  tag: idSchema.optional(),
  /** Only contacts of one person (the merge target picker). */
  single: boolParam.optional(),
  /** The nextCursor of the previous page. */
  after: z.string().max(500).optional(),
  /**
   * Rows to skip instead of a cursor: lets a virtual list fetch the middle of a long letter
   * directly (a scrollbar dragged far). Pages after it continue with nextCursor.
   */
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

export const clientListResponseSchema = z.object({
  items: z.array(clientListItemSchema),
  /** Matching clients; counted on the first page only (null when `after` is given). */
  total: z.number().int().nullable(),
  nextCursor: z.string().nullable(),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** GET /clients/letters: how many clients sort under each letter ('#', a..z). */
export const clientLettersResponseSchema = z.object({ counts: z.record(z.string(), z.number().int()), total: z.number().int() });
export type ClientLettersResponse = z.infer<typeof clientLettersResponseSchema>;

/** GET /clients/duplicates: clients sharing a mobile phone or email (warned about on create). */
export const clientDuplicatesQuerySchema = z.object({
  mobilePhone: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
  /** A client to leave out (the one being edited). */
  exclude: idSchema.optional(),
});
export const clientDuplicateSchema = z.object({
  id: idSchema,
  name: z.string(),
  matchedOn: z.enum(['mobilePhone', 'email']),
  level: z.enum(CLIENT_LEVELS),
});
export type ClientDuplicate = z.infer<typeof clientDuplicateSchema>;
export const clientDuplicatesResponseSchema = z.object({ matches: z.array(clientDuplicateSchema) });

/** DELETE /clients/{id}?level=secondary clears the co-applicant; the default (primary) deletes the client, or promotes its secondary. */
export const clientDeleteQuerySchema = z.object({ level: z.enum(CLIENT_LEVELS).default('primary') });
export const clientDeleteResponseSchema = z.object({
  message: z.string(),
  /** The client as it stands after a promotion or a secondary's removal; null when the client is gone. */
  client: clientSchema.nullable(),
});
export type ClientDeleteResponse = z.infer<typeof clientDeleteResponseSchema>;
export type SealedClientField = (typeof SEALED_CLIENT_FIELDS)[number];
export type RevealableClientField = (typeof REVEALABLE_CLIENT_FIELDS)[number];
export const clientRevealSchema = z.object({ field: z.enum(REVEALABLE_CLIENT_FIELDS) });
export const revealResponseSchema = z.object({ value: z.string().nullable() });
export type RevealResponse = z.infer<typeof revealResponseSchema>;

/** GET /clients/{id}/rooms */
export const clientRoomSchema = z.object({ id: idSchema, phoneNumber: z.string(), client: idSchema.nullable() });
export type ClientRoom = z.infer<typeof clientRoomSchema>;

// ---------------------------------------------------------------------------------------------
// The detail: GET /clients/{id}/full
// ---------------------------------------------------------------------------------------------
export const clientSummarySchema = z.object({
  /** Number of policies. */
  policies: z.number().int(),
  /** Sum of the policies' premiums, in cents. */
  policyPremiums: z.number().int(),
  /** Last contact instant (ISO), or null when unknown. */
  lastContact: z.string().nullable(),
  /** When the client was created (Length Of Service counts from here). */
  createdAt: z.string(),
  managedBy: userRefSchema.nullable(),
  referredBy: z.object({ id: idSchema, name: z.string(), level: z.enum(CLIENT_LEVELS) }).nullable(),
  /** The name of the client's default location (from its default phone number), or null. */
  location: z.string().nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
