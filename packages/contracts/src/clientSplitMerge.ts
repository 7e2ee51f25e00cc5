import { z } from 'zod';
import { idSchema } from './common';
import { clientSchema } from './clients';
import { CLIENT_LEVELS, PERSON_FIELDS } from './constants/clients';

/**
 * PUT /clients/{id}/split: one person of a two-person household becomes a contact of its own.
 * type 'secondary': the co-applicant becomes the new contact's primary; the original keeps its primary.
 * type 'primary': the primary becomes the new contact; the original's co-applicant is promoted to primary.
 * Each sub-record is kept on the original (keep, the default), copied to the new contact (copy),
 * or moved to it (move). The new contact inherits the household fields (referral, managed by,
 * default location, household income).
 */
export const SPLIT_ACTIONS = ['keep', 'copy', 'move'] as const;
export type SplitAction = (typeof SPLIT_ACTIONS)[number];
export const SPLIT_ENTITIES = [
  'addresses',
  'dependents',
  'policies',
  'quotes',
  'paymentMethods',
  'miscItems',
  'links',
  'tags',
  'activity',
  'followUps',
] as const;
export type SplitEntity = (typeof SPLIT_ENTITIES)[number];

const actionMap = z.record(idSchema, z.enum(SPLIT_ACTIONS, { error: 'Split actions are keep, copy or move' }));
export const splitRequestSchema = z.object({
  type: z.enum(CLIENT_LEVELS, { error: 'Split type must be primary or secondary' }),
  /** entity → record id → action; records not named are kept. Follow-ups cannot be copied (copy acts as move). */
  items: z.partialRecord(z.enum(SPLIT_ENTITIES), actionMap).default({}),
});
export type SplitRequest = z.input<typeof splitRequestSchema>;
export const splitResponseSchema = z.object({ newClient: clientSchema, client: clientSchema });
export type SplitResponse = z.infer<typeof splitResponseSchema>;

/**
 * PUT /clients/{id}/mergeWith/{otherId}: the contact {id} (source) merges into {otherId} (target),
 * which survives; every sub-record of the source moves to the target and the source is deleted.
 * mergeAs:
 * - 'secondary': the source's person becomes the target's co-applicant (both must be single);
 * - 'primary': the source's person becomes the target's primary, the target's primary its co-applicant (both single);
 * - 'combine': the source's person and the target's person `combineWithType` are the same person;
 *   combineData picks per person field (primary names, e.g. firstName, ssn) whose value stays:
 *   'source' or 'target'. Fields without a choice keep the target's value, or the source's when the
 *   target's is empty. A source co-applicant moves along when the target has room for it.
 * Household fields keep the target's values and take the source's where the target has none.
 */
export const MERGE_MODES = ['combine', 'primary', 'secondary'] as const;
export type MergeMode = (typeof MERGE_MODES)[number];
export const mergeRequestSchema = z.object({
  mergeAs: z.enum(MERGE_MODES, { error: 'Choose how to merge: combine, primary or secondary' }),
  combineWithType: z.enum(CLIENT_LEVELS).default('primary'),
  combineData: z
    .record(
      z.string().refine((k) => (PERSON_FIELDS as string[]).includes(k), 'Unknown field in the merge choices'),
      z.enum(['source', 'target'], { error: 'Merge choices are source or target' }),
    )
    .default({}),
});
export type MergeRequest = z.input<typeof mergeRequestSchema>;
export const mergeParamsSchema = z.object({ id: idSchema, otherId: idSchema });
export const mergeResponseSchema = z.object({ newClient: clientSchema });
export type MergeResponse = z.infer<typeof mergeResponseSchema>;
