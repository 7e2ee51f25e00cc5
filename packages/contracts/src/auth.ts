import { z } from 'zod';
import { accountSchema, accountSummarySchema } from './account';
import { passwordSchema, userSchema } from './user';
import { RESET_CODE_NAME, RESET_CODE_PATTERN, RESET_CODE_REQUIRED } from './constants';

export const emailParamSchema = z.object({ email: z.string().trim().min(3).max(254) });
/** Before sign-in, what the sign-in page shows to choose the account: its id and name, no more (not its namespace). */
export const authCheckResponseSchema = z.object({ accounts: z.array(accountSummarySchema.pick({ id: true, name: true })) });
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');
export const signInBodySchema = z.object({
  account: z.string().uuid('Choose an account'),
  code: totpCodeSchema.optional(),
  device: z.enum(['desktop', 'mobile']).default('desktop'),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
  account: accountSchema,
  /** The admin's own identity while ghosting another user. */
  ghostedBy: userSchema.nullable(),
  mfaSetupRequired: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const meResponseSchema = sessionSchema.omit({ token: true, expiresAt: true });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const forgotPasswordSchema = z.object({ email: z.string().trim().email('Enter a valid email address') });
/** The answer to a forgot-password request: the same words for any email, and the request's id, which the code is bound to. */
export const forgotPasswordResponseSchema = z.object({ message: z.string(), requestId: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const forgotPasswordVerifySchema = z.object({
  email: z.string().trim().email('Enter a valid email address'),
  /** The mailed code (RESET_CODE_DIGITS digits), or the 128-bit token of a welcome link. */
  code: z.string().regex(RESET_CODE_PATTERN, RESET_CODE_REQUIRED),
  /** The forgot-password request that mailed the code (a welcome link's token needs none). */
  requestId: z.string().max(64).optional(),
  password: passwordSchema,
});
export const mfaInitResponseSchema = z.object({ url: z.string(), code: z.string() });
export type MfaInitResponse = z.infer<typeof mfaInitResponseSchema>;
export const mfaVerifySchema = z.object({ code: totpCodeSchema });

/**
 * Who is asking, confirmed: the current password, and the current code when MFA is on. Asked
 * before MFA is turned off or set up again, and before a person changes their own email.
 */
export const identityConfirmSchema = z.object({
  currentPassword: z.string().max(200).optional(),
  currentCode: totpCodeSchema.optional(),
});
export type IdentityConfirm = z.infer<typeof identityConfirmSchema>;

export const IDENTITY_MESSAGES = {
  passwordNeeded: 'Enter your current password to continue.',
  wrongPassword: 'Your current password is not correct.',
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  mfaStillRequired: 'Multi-factor authentication is required for your account and cannot be turned off.',
  notWhileGhosting: 'Not while acting as another user.',
  mfaTurnedOff: 'Multi-factor authentication is off.',
} as const;

/** The header of the unlock variant of POST /auth: it carries the locked session's token. */
export const UNLOCK_HEADER = 'x-unlock';

/** The answer to every forgot-password request, whether or not the email is known. */
export const FORGOT_PASSWORD_MESSAGE = `If that email belongs to an account, ${RESET_CODE_NAME} is on its way. It expires in 15 minutes.`;
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please sign in.';
export const INVALID_RESET_CODE_MESSAGE = 'That code is invalid or has expired. Please request a new one.';
