import { z } from 'zod';
import { idSchema } from './common';
import { FEEDBACK_CATEGORIES } from './constants/trainings';

export const trainingSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  viewedBy: z.array(idSchema),
  createdAt: z.string(),
  tags: z.array(z.string()),
  notify: z.boolean(),
  arcadeId: z.string().nullable(),
  details: z.string(),
});
export type Training = z.infer<typeof trainingSchema>;

export const trainingCreateSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(2000).default(''),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  notify: z.boolean().default(false),
  thumbnail: z
    .string()
    .max(400_000, 'Thumbnail is too large')
    .regex(/^data:image\/(png|jpeg|webp);base64,/, 'Thumbnail must be an image')
    .nullable()
    .default(null),
  arcadeId: z.string().trim().max(100).nullable().default(null),
  details: z.string().max(100_000).default(''),
});
export type TrainingCreate = z.input<typeof trainingCreateSchema>;

export const trainingIdParamSchema = z.object({ id: idSchema });
export const trainingQuerySchema = z.object({ search: z.string().max(200).optional(), count: z.coerce.number().int().min(1).max(500).optional() });
export const trainingListSchema = z.object({ trainings: z.array(trainingSchema), total: z.number().int() });
export const trainingCountSchema = z.object({ count: z.number().int() });
export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  relatedTo: z.string().trim().min(1, 'Choose what it is related to').max(80),
  comments: z.string().trim().min(1, 'Comments are required').max(5000),
});
export type Feedback = z.infer<typeof feedbackSchema>;
