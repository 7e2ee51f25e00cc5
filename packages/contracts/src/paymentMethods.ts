import { z } from 'zod';
import { clearableInput, INVALID, secretDigitsInput, stateInput, textInput, zipInput } from './clientFields';
import { recordMetaShape } from './addresses';

/**
 * A client's saved payment method. Bank account, card and routing numbers are encrypted at rest
 * and answered masked (****1234); POST .../paymentMethods/{id}/reveal answers them in full and is
 * recorded in the activity. Card security codes are never stored (PCI DSS): there is no field
 * for them, and a cvc sent along is dropped.
 */
export const PAYMENT_TYPES = ['checking', 'savings', 'credit card', 'debit card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const BANK_PAYMENT_TYPES: readonly PaymentType[] = ['checking', 'savings'];
export const CARD_PAYMENT_TYPES: readonly PaymentType[] = ['credit card', 'debit card'];
export const isCardType = (t: string | null | undefined) => (CARD_PAYMENT_TYPES as readonly string[]).includes(t ?? '');
/** Shown next to the card form. */
export const CVC_NOTICE = 'For your client\u2019s security the card security code (CVC) is never stored.';
/** Helper text of the policy's 'other' payment method. */
export const PAYMENT_OTHER_HELP = 'Do not enter actual payment information here.';

export const CARD_EXPIRY_YEARS = 20;
/** Card expiry years offered: the current year through the next 19. */
export const cardExpiryYears = (now = new Date()) => Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => now.getFullYear() + i);

const paymentShape = {
  type: z.enum(PAYMENT_TYPES, { error: `Payment type must be one of: ${PAYMENT_TYPES.join(', ')}` }),
  /** Name on the account or card. */
  name: textInput(200, 'Name'),
  /** Routing number: checking and savings only. A masked value (with *) means unchanged. */
  routing: secretDigitsInput(9, 9, 'Routing number'),
  /** Bank account or card number. A masked value (with *) means unchanged. */
  account: secretDigitsInput(4, 19, 'Account number'),
  /** Card expiry MM/yyyy: cards only. */
  expDate: clearableInput((s) => (/^(0[1-9]|1[0-2])\/\d{4}$/.test(s) ? s : INVALID), 'Expiry must be MM/yyyy'),
  /** Cardholder (or account holder) address. */
  address: textInput(200, 'Address'),
  city: textInput(100, 'City'),
  state: stateInput,
  zipcode: zipInput,
  isBusinessAccount: z.boolean().nullable().optional(),
};

export const paymentMethodInputSchema = z
  .object(paymentShape)
  .refine((p) => !(isCardType(p.type) && p.routing), { message: 'Cards have no routing number', path: ['routing'] })
  .refine((p) => !(!isCardType(p.type) && p.expDate), { message: 'Only cards have an expiry date', path: ['expDate'] });
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;
export const paymentMethodUpdateSchema = z.object(paymentShape).partial();
export type PaymentMethodUpdate = z.input<typeof paymentMethodUpdateSchema>;

export const paymentMethodSchema = z.object({
  ...recordMetaShape,
  type: z.enum(PAYMENT_TYPES),
  name: z.string().nullable(),
  /** Masked: ****1234. */
  routing: z.string().nullable(),
  /** Masked: ****1234. */
  account: z.string().nullable(),
  expDate: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  isBusinessAccount: z.boolean().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodRevealSchema = z.object({ routing: z.string().nullable(), account: z.string().nullable() });
export type PaymentMethodReveal = z.infer<typeof paymentMethodRevealSchema>;
