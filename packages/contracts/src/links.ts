import { z } from 'zod';
import { recordMetaShape } from './addresses';

/** A client's link (Tags tab). The URL opens as is when it starts with http, otherwise it is prefixed with the host. */
const linkShape = {
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  url: z
    .string()
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'URL must be at most 2000 characters')
    .refine((u) => !/^\s*(javascript|data|vbscript):/i.test(u), 'This kind of link is not allowed'),
  icon: z.string().trim().max(60).nullable().optional(),
};
export const linkInputSchema = z.object({ ...linkShape, description: linkShape.description.default('') });
export type LinkInput = z.input<typeof linkInputSchema>;
/** PUT takes any subset (no defaults: what is not sent stays). */
export const linkUpdateSchema = z.object(linkShape).partial();

export const linkSchema = z.object({
  ...recordMetaShape,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
});
export type Link = z.infer<typeof linkSchema>;
