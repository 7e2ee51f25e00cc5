import { z } from 'zod';
import { centsInput, clearableInput, dateInput, idInput, INVALID, textInput } from './clientFields';
import { recordMetaShape } from './addresses';

export const POLICY_NOTES_MAX = 250;

export const policyInputSchema = z.object({
  /** Smart value PolicyType. */
  type: textInput(100, 'Type'),
  /** Smart value PolicyCompany. */
  company: textInput(100, 'Company'),
  plan: textInput(100, 'Plan'),
  idNumber: textInput(60, 'Policy number'),
  /** Smart value PolicyEnrolledVia. */
  enrolledVia: textInput(100, 'Enrolled via'),
  issueDate: dateInput,
  effectiveDate: dateInput,
  termDate: dateInput,
  /** Cents. */
  premium: centsInput,
  link: textInput(2000, 'Link'),
  /** A saved payment method's id, or 'other'. */
  paymentMethod: clearableInput(
    (s) => (s === 'other' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ? s.toLowerCase() : INVALID),
    "Payment method must be a saved payment method or 'other'",
  ),
  /** Smart value PaymentMethodOther: a description only, never real payment information. */
  paymentMethodOther: textInput(100, 'Payment method'),
  managedBy: idInput('Managed by'),
  notes: textInput(POLICY_NOTES_MAX, 'Policy notes'),
});
export type PolicyInput = z.input<typeof policyInputSchema>;
export const policyUpdateSchema = policyInputSchema.partial();

export const policySchema = z.object({
  ...recordMetaShape,
  type: z.string().nullable(),
  company: z.string().nullable(),
  plan: z.string().nullable(),
  idNumber: z.string().nullable(),
  enrolledVia: z.string().nullable(),
  issueDate: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  termDate: z.string().nullable(),
  premium: z.number().nullable(),
  link: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentMethodOther: z.string().nullable(),
  managedBy: z.string().nullable(),
  /** Set when managedBy changes. */
  managedOn: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Policy = z.infer<typeof policySchema>;
