import { z } from 'zod';
import { idSchema } from './common';
import { stateInput, textInput, zipInput } from './clientFields';

/** Address types, always shown in this order. */
export const ADDRESS_TYPES = ['Physical', 'Mailing', 'Previous', 'Other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Fields every client sub-record carries. */
export const recordMetaShape = {
  id: idSchema,
  client: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
};

const addressShape = {
  type: z.enum(ADDRESS_TYPES, { error: `Address type must be one of: ${ADDRESS_TYPES.join(', ')}` }),
  address: textInput(200, 'Address'),
  address2: textInput(200, 'Address 2'),
  city: textInput(100, 'City'),
  county: textInput(100, 'County'),
  state: stateInput,
  zipcode: zipInput,
  country: textInput(60, 'Country'),
  /** Pinned addresses show under the contact cards; toggled through an update. */
  pinned: z.boolean().optional(),
};
export const addressInputSchema = z.object({ ...addressShape, type: addressShape.type.default('Physical') });
export type AddressInput = z.input<typeof addressInputSchema>;
/** PUT takes any subset of the fields (no defaults: what is not sent stays). */
export const addressUpdateSchema = z.object(addressShape).partial();
export type AddressUpdate = z.input<typeof addressUpdateSchema>;

export const addressSchema = z.object({
  ...recordMetaShape,
  type: z.enum(ADDRESS_TYPES),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  pinned: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
