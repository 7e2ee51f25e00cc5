import { z } from 'zod';
import { recordMetaShape } from './addresses';

/** The Extra tab: free label and value pairs (Add Misc Value / Edit {label}). */
const miscShape = {
  label: z.string().trim().min(1, 'Label is required').max(100, 'Label must be at most 100 characters'),
  value: z.string().max(5000, 'Value must be at most 5000 characters'),
};
export const miscItemInputSchema = z.object({ ...miscShape, value: miscShape.value.default('') });
export type MiscItemInput = z.input<typeof miscItemInputSchema>;
/** PUT takes any subset (no defaults: what is not sent stays). */
export const miscItemUpdateSchema = z.object(miscShape).partial();

export const miscItemSchema = z.object({ ...recordMetaShape, label: z.string(), value: z.string() });
export type MiscItem = z.infer<typeof miscItemSchema>;
