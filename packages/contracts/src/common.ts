import { z } from 'zod';
import { ROLES } from './constants';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
/** The state of an unauthenticated visitor. */
export type SessionRole = Role | 'guest';

export const idSchema = z.string().uuid();
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
export const messageSchema = z.object({ message: z.string() });

export const hexColorSchema = z.string().regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, 'input is not a valid hex color.');
