import { z } from 'zod';
import { enumInput, sealedDateInput, sealedTextInput, ssnInput, stateInput, textInput } from './clientFields';
import { recordMetaShape } from './addresses';

export const DEPENDENT_GENDERS = ['Male', 'Female', 'Other'] as const;

export const dependentInputSchema = z.object({
  firstName: textInput(100, 'First name'),
  lastName: textInput(100, 'Last name'),
  relationship: textInput(60, 'Relationship'),
  gender: enumInput(DEPENDENT_GENDERS, 'Gender'),
  /** M/d/yyyy or MM/dd/yyyy in. Encrypted at rest; answered masked to its year; a masked value means unchanged. */
  dob: sealedDateInput,
  /** ###-##-####; a masked value means unchanged. Encrypted at rest. */
  ssn: ssnInput,
  /** Encrypted at rest; answered masked (****1234); a masked value means unchanged. */
  dlId: sealedTextInput(40, "Driver's license"),
  dlState: stateInput,
  goodStudent: z.boolean().nullable().optional(),
  notes: textInput(2000, 'Notes'),
});
export type DependentInput = z.input<typeof dependentInputSchema>;
export const dependentUpdateSchema = dependentInputSchema.partial();

export const dependentSchema = z.object({
  ...recordMetaShape,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  relationship: z.string().nullable(),
  gender: z.enum(DEPENDENT_GENDERS).nullable(),
  dob: z.string().nullable(),
  /** Age from the sealed date of birth, in quarter years. */
  age: z.number().nullable(),
  /** Masked ***-**-1234; the full value comes from the reveal call. */
  ssn: z.string().nullable(),
  dlId: z.string().nullable(),
  dlState: z.string().nullable(),
  goodStudent: z.boolean().nullable(),
  notes: z.string().nullable(),
});
export type Dependent = z.infer<typeof dependentSchema>;
/** POST .../dependents/{id}/reveal: which sealed field (the SSN when not said). */
export const dependentRevealSchema = z.object({ field: z.enum(['ssn', 'dlId', 'dob']).default('ssn') }).nullish();
