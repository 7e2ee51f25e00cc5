import { z } from 'zod';
import { idSchema } from './common';

export const accountSummarySchema = z.object({ id: idSchema, name: z.string(), dbName: z.string() });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountSchema = accountSummarySchema.extend({
  mfaRequired: z.boolean(),
  timezone: z.string(),
  gatheringForms: z.string(),
  serviceReviewEnabled: z.boolean(),
  messagingEnabled: z.boolean(),
  callQueueEnabled: z.boolean(),
  stripePaymentMethodId: z.string().nullable(),
  twilioPhoneNumber: z.string().nullable(),
  locationCount: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;
