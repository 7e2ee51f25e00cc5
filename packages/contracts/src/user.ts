import { z } from 'zod';
import { hexColorSchema, idSchema, roleSchema } from './common';
import { PHONE_STATUSES, EXTENSION_MESSAGE, NPN_MESSAGE, USER_PHONE_MESSAGE, GROUP_MESSAGE, EMPLOYEE_ROLES } from './constants/user';
export const phoneStatusSchema = z.enum(PHONE_STATUSES);
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

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
  /** The user's account locations (the spec's accountLocations). */
  locations: z.array(idSchema),
  /** Digits, 11 for US numbers. */
  phone: z.string().nullable().optional(),
  /** National Producer Number. */
  npn: z.string().nullable().optional(),
  /** Ring and team groups the user belongs to. */
  groups: z.array(z.string()).optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);
export const userIdParamSchema = z.object({ id: idSchema });

const avatarSchema = z
  .string()
  .max(400_000, 'Picture is too large')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Picture must be a PNG, JPEG or WEBP image')
  .nullable();
const extensionSchema = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, EXTENSION_MESSAGE)
  .nullable();
const npnSchema = z
  .string()
  .trim()
  .regex(/^\d{0,10}$/, NPN_MESSAGE)
  .nullable();
/** A phone as typed (+1 (222) 333-4444): stored as digits, 10 digits taken as a US number; empty clears it. */
const userPhoneSchema = z
  .string()
  .nullable()
  .transform((s, ctx) => {
    if (s === null || !s.trim()) return null;
    let digits = s.replace(/\D/g, '');
    if (digits.length === 10) digits = `1${digits}`;
    if (digits.length !== 11) {
      ctx.addIssue({ code: 'custom', message: USER_PHONE_MESSAGE });
      return z.NEVER;
    }
    return digits;
  });
const groupsSchema = z.array(z.string().trim().min(1, GROUP_MESSAGE).max(40, GROUP_MESSAGE)).max(20, 'At most 20 groups');
const firstNameSchema = z.string().trim().min(1, 'First name is required').max(80);
const lastNameSchema = z.string().trim().min(1, 'Last name is required').max(80);
const emailSchema = z.string().trim().email('Enter a valid email address').max(254);

/**
 * PUT /users/{id}: the user's fields (spec 002 "Update employee"). groups, accountLocations and role
 * are set by admin roles only; the rest also by the user for themselves.
 */
export const userUpdateSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    themeColor: hexColorSchema,
    extension: extensionSchema,
    role: roleSchema,
    phone: userPhoneSchema,
    avatar: avatarSchema,
    npn: npnSchema,
    groups: groupsSchema,
    accountLocations: z.array(idSchema).max(100),
    /** Needed (with currentCode when MFA is on) when people change their own email. */
    currentPassword: z.string().max(200),
    currentCode: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .partial()
  .strict();
export type UserUpdate = z.input<typeof userUpdateSchema>;
export type UserUpdateParsed = z.output<typeof userUpdateSchema>;

/**
 * POST /accounts/{accountId}/users: a new employee, with the field names the spec sends
 * (spec 002 "Create employee"). The new user gets a mail to choose a password.
 */
export const employeeCreateSchema = z
  .object({
    userFirstName: firstNameSchema,
    userLastName: lastNameSchema,
    userEmail: emailSchema,
    userPhone: userPhoneSchema.optional(),
    userExtension: extensionSchema.optional(),
    userAvatar: avatarSchema.optional(),
    userGroups: groupsSchema.optional(),
    userNPN: npnSchema.optional(),
    userRole: z.enum(EMPLOYEE_ROLES).default('employee'),
    userAccountLocations: z.array(idSchema).max(100).optional(),
  })
  .strict();
export type EmployeeCreate = z.input<typeof employeeCreateSchema>;
export type EmployeeCreateParsed = z.output<typeof employeeCreateSchema>;
export const accountUserParamsSchema = z.object({ accountId: idSchema, userId: idSchema });

export const passwordSchema = z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters');
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, 'Current password is required'), password: passwordSchema });
export const resetPasswordSchema = z.object({ password: passwordSchema });
export const pictureSchema = z.object({ avatar: avatarSchema });

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
