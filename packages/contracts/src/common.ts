import { z } from 'zod';

export const ROLES = ['super', 'owner', 'admin', 'employee'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
/** The state of an unauthenticated visitor. */
export type SessionRole = Role | 'guest';
export const ADMIN_ROLES: readonly Role[] = ['super', 'owner', 'admin'];
export const isAdminRole = (role: string | undefined | null): boolean =>
  !!role && (ADMIN_ROLES as readonly string[]).includes(role.toLowerCase());

export const idSchema = z.string().uuid();
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
export const messageSchema = z.object({ message: z.string() });

export const hexColorSchema = z.string().regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, 'input is not a valid hex color.');
export const DEFAULT_THEME_COLOR = '#19d0de';
