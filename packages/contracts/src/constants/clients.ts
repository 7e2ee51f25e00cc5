/** Client records' option lists, person fields and sealed-field masks (the schemas are in ../clients). */
import { maskSealedDate, maskId } from './clientFields';
import type { PersonField, SealedClientField } from '../clients';

// ---------------------------------------------------------------------------------------------
// Option lists (spec 001 section 9)
// ---------------------------------------------------------------------------------------------
export const GENDERS = ['Male', 'Female', 'Other', 'Not Specified'] as const;
export const RELATIONSHIP_STATUSES = ['Married', 'Divorced', 'Domestic Partner', 'Widowed', 'Boyfriend', 'Girlfriend', 'Parent', 'Child'] as const;
export const MILITARY_STATUSES = ['Past', 'Present', 'None'] as const;
export const HEALTH_HISTORIES = ['poor', 'good', 'excellent'] as const;
/** sturdentVisa is spelled as the wire sends it. */
export const IMMIGRANT_STATUSES = ['na', 'greenCard', 'sturdentVisa'] as const;
export const CLIENT_LEVELS = ['primary', 'secondary'] as const;
/** Occupation written by the self-employed checkbox. */
export const SELF_EMPLOYED = 'Self Employed';
// ---------------------------------------------------------------------------------------------
// The person fields: the primary applicant's, repeated for the secondary with a co prefix
// ---------------------------------------------------------------------------------------------
/** Primary field → secondary (co-applicant) field. ssn, dob and dod take the irregular coSSN, coDOB, coDOD. */
export const CO_FIELDS = {
  companyName: 'coCompanyName',
  firstName: 'coFirstName',
  preferredFirstName: 'coPreferredFirstName',
  lastName: 'coLastName',
  suffix: 'coSuffix',
  status: 'coStatus',
  email: 'coEmail',
  phone: 'coPhone',
  mobilePhone: 'coMobilePhone',
  gender: 'coGender',
  ssn: 'coSSN',
  dob: 'coDOB',
  dod: 'coDOD',
  height: 'coHeight',
  weight: 'coWeight',
  militaryStatus: 'coMilitaryStatus',
  income: 'coIncome',
  occupation: 'coOccupation',
  occupationHireDate: 'coOccupationHireDate',
  employerName: 'coEmployerName',
  businessType: 'coBusinessType',
  employees: 'coEmployees',
  dlId: 'coDlId',
  dlState: 'coDlState',
  smoker: 'coSmoker',
  taxNumClaimed: 'coTaxNumClaimed',
  healthHistory: 'coHealthHistory',
  lifePreferredBenefitAmount: 'coLifePreferredBenefitAmount',
  lifeMonthlyPremiumBudget: 'coLifeMonthlyPremiumBudget',
  healthNetwork: 'coHealthNetwork',
  healthMemberId: 'coHealthMemberId',
  healthPlanName: 'coHealthPlanName',
  healthMonthlyPremium: 'coHealthMonthlyPremium',
  doctors: 'coDoctors',
  rx: 'coRx',
  healthMBI: 'coHealthMBI',
  healthMedicaid: 'coHealthMedicaid',
  immigrant: 'coImmigrant',
  immigrantCardNumber: 'coImmigrantCardNumber',
  immigrantCardExpiration: 'coImmigrantCardExpiration',
} as const;
export const PERSON_FIELDS = Object.keys(CO_FIELDS) as PersonField[];
/** Height as the feet-and-inches mask writes it: 5'10". */
export const HEIGHT_RE = /^\d{1,2}'(\d{1,2}")?$/;
// ---------------------------------------------------------------------------------------------
// The list: search, letters, favorites, tag; keyset pages
// ---------------------------------------------------------------------------------------------
export const LETTERS = ['#', ...'abcdefghijklmnopqrstuvwxyz'.split('')] as const;
/** POST /clients/{id}/reveal: the full SSN of a person; the reveal is recorded in the activity. */
/**
 * Person fields sealed at rest besides the SSN, masked in every answer, list and export (identity
 * numbers as ****1234, the date of birth to its year), and revealed one at a time like the SSN:
 * date of birth, driver's licence, member, MBI, Medicaid and immigration card numbers, for both
 * applicants.
 */
export const SEALED_PERSON_FIELDS = [
  'dob',
  'dlId',
  'healthMemberId',
  'healthMBI',
  'healthMedicaid',
  'immigrantCardNumber',
] as const satisfies readonly PersonField[];
export const SEALED_CLIENT_FIELDS = [...SEALED_PERSON_FIELDS, ...SEALED_PERSON_FIELDS.map((f) => CO_FIELDS[f])] as const;
/** A sealed client field's mask from its last four characters. */
export const maskSealed = (field: SealedClientField, last4: string) => (field === 'dob' || field === 'coDOB' ? maskSealedDate(last4) : maskId(last4));
/** What the reveal and its audit record call each sealed field. */
export const SEALED_FIELD_LABELS: Record<(typeof SEALED_PERSON_FIELDS)[number] | 'ssn', string> = {
  ssn: 'SSN',
  dob: 'Date of birth',
  dlId: "Driver's license",
  healthMemberId: 'Member ID',
  healthMBI: 'MBI',
  healthMedicaid: 'Medicaid',
  immigrantCardNumber: 'Card number',
};
export const REVEALABLE_CLIENT_FIELDS = ['ssn', 'coSSN', ...SEALED_CLIENT_FIELDS] as const;
