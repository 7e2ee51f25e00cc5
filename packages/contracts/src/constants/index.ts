/**
 * Plain values without schemas: constants, messages and helpers, one file per area beside this one.
 * Nothing under constants/ may import zod or a module that builds schemas: the public pages and the
 * dashboard import only these, so they load no schema library (the package is sideEffects: false,
 * so the bundler leaves out every schema module whose exports an app does not use).
 */

export const ROLES = ['super', 'owner', 'admin', 'employee'] as const;
export const ADMIN_ROLES: readonly (typeof ROLES)[number][] = ['super', 'owner', 'admin'];
/** Platform-wide work (trainings for every agency). */
export const SUPER_ROLES: readonly (typeof ROLES)[number][] = ['super'];
export const isAdminRole = (role: string | undefined | null): boolean => !!role && (ADMIN_ROLES as readonly string[]).includes(role.toLowerCase());

const ROLE_RANK: Record<(typeof ROLES)[number], number> = { employee: 0, admin: 1, owner: 2, super: 3 };
/** A role's rank: nobody acts on (changes, deletes, ghosts) someone of a higher rank. */
export const roleRank = (role: string): number => ROLE_RANK[role.toLowerCase() as (typeof ROLES)[number]] ?? -1;
/** Ghosting: super, owner and admin act as another user of the account who is not above them. */
export const canGhost = (real: { id: string; role: string }, target: { id: string; role: string }): boolean =>
  isAdminRole(real.role) && real.id !== target.id && roleRank(target.role) <= roleRank(real.role);

export const DEFAULT_THEME_COLOR = '#19d0de';

/** Error messages the client reacts to by their exact text. */
/** Idle time after which the screen signs out (spec 000: 4 h) and the server refuses the session. */
export const SESSION_IDLE_MS = 4 * 3600_000;

export const AUTH_MESSAGES = {
  sessionInvalid: 'Session Invalid',
  mfaRequired: '2fa required',
  invalidLogin: 'Invalid email and password combination',
  unauthorized: 'Unauthorized',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  invalidCode: 'Invalid code',
  /** A session that must enrol in MFA before anything else (super users, accounts requiring MFA). */
  mfaSetupRequired: 'Multi-factor authentication is required. Please set it up to continue.',
} as const;

/** How many digits a mailed password reset code has (10^8 codes: 30 wrong codes an hour at one person stay hopeless). */
export const RESET_CODE_DIGITS = 8;
/** The code as the pages and mails name it. */
export const RESET_CODE_NAME = `an ${RESET_CODE_DIGITS}-digit code`;
/** A mailed reset code. */
export const RESET_DIGITS_PATTERN = new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`);
/** A reset code or a welcome link's token (128 bits, base64url). */
export const RESET_CODE_PATTERN = new RegExp(`^(\\d{${RESET_CODE_DIGITS}}|[A-Za-z0-9_-]{22})$`);
/** What the reset pages and the API say when the code is not one. */
export const RESET_CODE_REQUIRED = `Enter the ${RESET_CODE_DIGITS}-digit code`;
export const isWelcomeToken = (code: string) => /^[A-Za-z0-9_-]{22}$/.test(code);

/** The most stars a service review gives. */
export const MAX_RATING = 5;

/** The catalogue's service review wording (spec 001 section 8) and the public page's own. */
export const REVIEW_MESSAGES = {
  requestFailed: 'Unable to create service review request',
  noRoom: 'Unable to request a service a review.  Error was logged with support.',
  empty: 'No requests found',
  disabled: 'Service reviews are turned off for this account',
  notFound: 'This review link is not valid',
  alreadyAnswered: 'Thank you, this review was already submitted',
  tooMany: 'Too many requests. Please try again later.',
  ratingRequired: 'Pick a rating from 1 to 5 stars',
} as const;

/** The longest feedback a client may write. */
export const REVIEW_FEEDBACK_MAX = 2000;
// campaignSchedule is exported by the package's index only: it needs moment-timezone and every
// zone's data, and an app that bundles constants/ whole (the shell provides @agency/contracts to
// remotes released before) would otherwise load it with these plain values.
export * from './campaigns';
export * from './clientFields';
export * from './clients';
export * from './config';
export * from './followups';
export * from './metrics';
export * from './phone';
export * from './reviews';
export * from './sms';
export * from './trainings';
export * from './user';
export * from './setup';
