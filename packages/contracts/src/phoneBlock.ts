import { z } from 'zod';
import { idSchema } from './common';
import { userRefSchema } from './clientFields';

/** Blocked numbers: GET /phone/block?sort=-createdAt, POST /phone/block, DELETE /phone/block/{id}. */
export const blockedNumberInputSchema = z.object({
  /** 11 digits (the plus sign removed), e.g. 12223334444. */
  phoneNumber: z
    .string()
    .transform((s) => s.replace(/[\s()+-]/g, ''))
    .refine((s) => /^\d{11}$/.test(s), '11 digits (ie; 12223334444)'),
  reason: z.string().trim().max(500, 'Reasons must be at most 500 characters').default(''),
});
export type BlockedNumberInput = z.input<typeof blockedNumberInputSchema>;
export const blockedNumberSchema = z.object({
  id: idSchema,
  phoneNumber: z.string(),
  reason: z.string(),
  addedBy: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type BlockedNumber = z.infer<typeof blockedNumberSchema>;
export const blockedListQuerySchema = z.object({ sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt') });
/** Success toast of a block. */
export const blockedNumberAdded = (formattedNumber: string) => `${formattedNumber} added to block list`;
