import type { z } from 'zod';
import {
  addressInputSchema,
  addressSchema,
  addressUpdateSchema,
  dependentInputSchema,
  dependentSchema,
  dependentUpdateSchema,
  linkInputSchema,
  linkSchema,
  linkUpdateSchema,
  ageInYears,
  maskId,
  maskSealedDate,
  maskSsn,
  miscItemInputSchema,
  miscItemSchema,
  miscItemUpdateSchema,
  paymentMethodInputSchema,
  paymentMethodSchema,
  paymentMethodUpdateSchema,
  policyInputSchema,
  policySchema,
  policyUpdateSchema,
  quoteInputSchema,
  quoteSchema,
} from '@agency/contracts';

/**
 * The kinds of client sub-records kept in client_records. Each kind names its path segment, its
 * schemas, the fields sealed into `secret` (with the last four digits kept in data for masking)
 * and the order lists show it in.
 */
export interface RecordKind {
  kind: 'address' | 'dependent' | 'policy' | 'quote' | 'paymentMethod' | 'misc' | 'link';
  segment: string;
  /** For messages: 'Address not found'. */
  label: string;
  create: z.ZodType;
  update: z.ZodType;
  output: z.ZodType;
  /** Sealed fields → the data key of their last four digits. */
  secrets: Record<string, string>;
  orderBy: string;
  /** Masked values of sealed fields, from data. */
  masks?: (data: Record<string, unknown>) => Record<string, string | null>;
  /** Fields answered from the opened sealed ones (a dependent's age from its birth date). */
  derived?: (secrets: Record<string, string>) => Record<string, unknown>;
  /** Fields the output defaults (besides null). */
  defaults?: Record<string, unknown>;
}

const maskDigits = (last4: unknown) => (last4 ? `****${String(last4)}` : null);

export const RECORD_KINDS: RecordKind[] = [
  {
    kind: 'address',
    segment: 'addresses',
    label: 'Address',
    create: addressInputSchema,
    update: addressUpdateSchema,
    output: addressSchema,
    secrets: {},
    orderBy: `array_position(array['Physical', 'Mailing', 'Previous', 'Other'], r.data->>'type'), r.created_at`,
    defaults: { pinned: false, type: 'Physical' },
  },
  {
    kind: 'dependent',
    segment: 'dependents',
    label: 'Dependent',
    create: dependentInputSchema,
    update: dependentUpdateSchema,
    output: dependentSchema,
    secrets: { ssn: 'ssnLast4', dlId: 'dlIdLast4', dob: 'dobLast4' },
    orderBy: 'r.created_at',
    masks: (d) => ({
      ssn: d.ssnLast4 ? maskSsn(String(d.ssnLast4)) : null,
      dlId: d.dlIdLast4 ? maskId(String(d.dlIdLast4)) : null,
      dob: d.dobLast4 ? maskSealedDate(String(d.dobLast4)) : null,
    }),
    derived: (s) => ({ age: ageInYears(s.dob ?? null) }),
  },
  {
    kind: 'policy',
    segment: 'policies',
    label: 'Policy',
    create: policyInputSchema,
    update: policyUpdateSchema,
    output: policySchema,
    secrets: {},
    orderBy: 'r.created_at',
  },
  {
    kind: 'quote',
    segment: 'quotes',
    label: 'Record',
    create: quoteInputSchema,
    update: quoteInputSchema,
    output: quoteSchema,
    secrets: {},
    orderBy: 'r.created_at',
  },
  {
    kind: 'paymentMethod',
    segment: 'paymentMethods',
    label: 'Payment method',
    create: paymentMethodInputSchema,
    update: paymentMethodUpdateSchema,
    output: paymentMethodSchema,
    secrets: { account: 'accountLast4', routing: 'routingLast4' },
    orderBy: 'r.created_at',
    masks: (d) => ({ account: maskDigits(d.accountLast4), routing: maskDigits(d.routingLast4) }),
  },
  {
    kind: 'misc',
    segment: 'misc',
    label: 'Item',
    create: miscItemInputSchema,
    update: miscItemUpdateSchema,
    output: miscItemSchema,
    secrets: {},
    orderBy: 'r.created_at',
    defaults: { value: '' },
  },
  {
    kind: 'link',
    segment: 'links',
    label: 'Link',
    create: linkInputSchema,
    update: linkUpdateSchema,
    output: linkSchema,
    secrets: {},
    orderBy: 'r.created_at',
    defaults: { description: '' },
  },
];

export const kindOf = (kind: RecordKind['kind']) => RECORD_KINDS.find((k) => k.kind === kind)!;
