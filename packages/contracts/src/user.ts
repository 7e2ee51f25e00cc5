import { z } from 'zod';
import { hexColorSchema, idSchema, roleSchema } from './common';

export const PHONE_STATUSES = ['available', 'away', 'lunch', 'break', 'busy', 'training', 'coaching', 'on call', 'offline'] as const;
export const phoneStatusSchema = z.enum(PHONE_STATUSES);
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;
/** The statuses a person can pick from the status menu, in menu order. */
export const SELECTABLE_STATUSES: PhoneStatus[] = ['available', 'away', 'lunch', 'break', 'coaching', 'busy', 'training'];

export const userSchema = z.object({
  id: idSchema,
  role: roleSchema,
  account: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().email(),
  mfaEnabled: z.boolean(),
  themeColor: z.string(),
  extension: z.string().nullable(),
  phoneStatus: phoneStatusSchema,
  coaching: idSchema.nullable(),
  mobileLoggedIn: z.boolean(),
  locations: z.array(idSchema),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);
export const userIdParamSchema = z.object({ id: idSchema });

export const userUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(80),
    lastName: z.string().trim().min(1, 'Last name is required').max(80),
    email: z.string().trim().email('Enter a valid email address').max(254),
    themeColor: hexColorSchema,
    extension: z.string().regex(/^\d{0,6}$/, 'Extension must be up to 6 digits').nullable(),
    role: roleSchema,
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, 'Current password is required'), password: passwordSchema });
export const resetPasswordSchema = z.object({ password: passwordSchema });
export const pictureSchema = z.object({
  avatar: z
    .string()
    .max(400_000, 'Picture is too large')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Picture must be a PNG, JPEG or WEBP image')
    .nullable(),
});

/** A colleague as the peers list shows them. */
export const peerSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  extension: z.string().nullable(),
  phoneStatus: phoneStatusSchema,
  loggedIn: z.boolean(),
  mobileLoggedIn: z.boolean(),
  coaching: idSchema.nullable(),
});
export type Peer = z.infer<typeof peerSchema>;
