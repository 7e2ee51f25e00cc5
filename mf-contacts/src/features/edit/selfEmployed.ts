import { SELF_EMPLOYED } from '@agency/contracts';

/** The self-employed rule of the edit form, for either person (prefix '' or 'co'). */
export interface EmploymentFields {
  occupation?: string | null;
  employerName?: string | null;
  employees?: number | null;
  businessType?: string | null;
}

export const isSelfEmployed = (v: EmploymentFields) => v.occupation === SELF_EMPLOYED;

/**
 * Ticking sets the occupation to Self Employed and clears employer, employees (0) and business type;
 * unticking clears the occupation, employees and business type (they show only when self-employed).
 */
export function selfEmployedChange(checked: boolean): EmploymentFields {
  return checked ? { occupation: SELF_EMPLOYED, employerName: '', employees: 0, businessType: '' } : { occupation: '', employees: null, businessType: '' };
}
