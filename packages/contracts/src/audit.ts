import { z } from 'zod';
import { idSchema } from './common';
import type { Role } from './common';

/*
 * The audit trail: one append-only record per event an agency's auditor asks about (who, acting
 * as whom while ghosting, what, which record, when, from which address). Owners read it under
 * GET /accounts/{accountId}/audit and export it as CSV from GET /accounts/{accountId}/audit/export.
 */

/** Who reads the trail: the owner (and super). */
export const AUDIT_ROLES: readonly Role[] = ['super', 'owner'];

/** What happened, grouped the way the page filters it. */
export const AUDIT_CATEGORIES = {
  signIn: 'Sign-in',
  password: 'Passwords',
  mfa: 'MFA',
  employees: 'Employees',
  ghosting: 'Ghosting',
  exports: 'Exports',
  reveals: 'Reveals',
  deletions: 'Deletions',
  settings: 'Settings',
  releases: 'Releases',
  billing: 'Billing',
  numbers: 'Phone numbers',
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AUDIT_CATEGORY_KEYS = Object.keys(AUDIT_CATEGORIES) as AuditCategory[];

/** Every action, its label on the page and in the CSV, and its category. */
export const AUDIT_ACTIONS = {
  signIn: { label: 'Signed in', category: 'signIn' },
  signInFailed: { label: 'Sign-in failed', category: 'signIn' },
  signOut: { label: 'Signed out', category: 'signIn' },
  passwordChanged: { label: 'Password changed', category: 'password' },
  passwordReset: { label: 'Password reset by an administrator', category: 'password' },
  passwordResetByCode: { label: 'Password reset by mailed code', category: 'password' },
  resetCodeFailed: { label: 'Wrong password reset code', category: 'password' },
  resetsPaused: { label: 'Password resets paused', category: 'password' },
  mfaEnabled: { label: 'MFA set up', category: 'mfa' },
  mfaTurnedOff: { label: 'MFA turned off', category: 'mfa' },
  mfaReset: { label: 'MFA reset by an administrator', category: 'mfa' },
  employeeAdded: { label: 'Employee added', category: 'employees' },
  roleChanged: { label: 'Role changed', category: 'employees' },
  emailChanged: { label: 'Email changed', category: 'employees' },
  employeeDeleted: { label: 'Employee deleted', category: 'deletions' },
  ghostStarted: { label: 'Ghosting started', category: 'ghosting' },
  ghostStopped: { label: 'Ghosting stopped', category: 'ghosting' },
  contactsExported: { label: 'Contacts exported', category: 'exports' },
  auditExported: { label: 'Audit log exported', category: 'exports' },
  agencyExported: { label: 'Agency data exported', category: 'exports' },
  fieldRevealed: { label: 'Field revealed', category: 'reveals' },
  contactDeleted: { label: 'Contact deleted', category: 'deletions' },
  contactsMerged: { label: 'Contacts merged', category: 'deletions' },
  contactRecordDeleted: { label: 'Contact record deleted', category: 'deletions' },
  securitySettingsChanged: { label: 'Security settings changed', category: 'settings' },
  accountInfoChanged: { label: 'Account details changed', category: 'settings' },
  paymentMethodAdded: { label: 'Payment method added', category: 'billing' },
  paymentMethodRemoved: { label: 'Payment method removed', category: 'billing' },
  defaultPaymentMethodChanged: { label: 'Default payment method changed', category: 'billing' },
  invoicePaid: { label: 'Invoice paid', category: 'billing' },
  numberAdded: { label: 'Phone number added', category: 'numbers' },
  numberReleased: { label: 'Phone number removed', category: 'numbers' },
  numberPortRequested: { label: 'Port requested', category: 'numbers' },
  numberPorted: { label: 'Port completed', category: 'numbers' },
  numberPortRejected: { label: 'Port refused by the carrier', category: 'numbers' },
  numberDefaultChanged: { label: 'Default number changed', category: 'numbers' },
  // Rows written before release changes went to their own global log (GET /releases/history); none is written any more.
  releaseActivated: { label: 'Release activated', category: 'releases' },
  releaseRolledBack: { label: 'Release rolled back', category: 'releases' },
} as const satisfies Record<string, { label: string; category: AuditCategory }>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
export const auditActionsOf = (category: AuditCategory): AuditAction[] => AUDIT_ACTION_KEYS.filter((a) => AUDIT_ACTIONS[a].category === category);

/** What kind of record an event is about. */
export const AUDIT_TARGETS = ['user', 'contact', 'account', 'audit', 'phone', 'release'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

const personSchema = z.object({ id: idSchema, name: z.string() });

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTION_KEYS as [AuditAction, ...AuditAction[]]),
  /** The person signed in (null for a sign-in by someone unknown). */
  actor: personSchema.nullable(),
  /** The person the actor was acting as, while ghosting. */
  actingAs: personSchema.nullable(),
  target: z.object({ type: z.enum(AUDIT_TARGETS), id: z.string().nullable(), label: z.string() }).nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

const instant = z.string().datetime({ offset: true, message: 'Times are ISO 8601' });

/** The filters of the page and the export: a category, a person (as actor or ghosted), a time range (from inclusive, to exclusive: the page sends the viewer's days), words. */
const auditFilterSchema = z.object({
  category: z.enum(AUDIT_CATEGORY_KEYS as [AuditCategory, ...AuditCategory[]]).optional(),
  userId: idSchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
  q: z.string().trim().max(100, 'Searches are at most 100 characters').optional(),
});
const rangeInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to);
const rangeMessage = { message: 'The start date must not be after the end date', path: ['to'] };

export const auditQuerySchema = auditFilterSchema.refine(rangeInOrder, rangeMessage);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageQuerySchema = auditFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 25, 50 or 100')
      .default(25),
  })
  .refine(rangeInOrder, rangeMessage);
export type AuditPageQuery = z.input<typeof auditPageQuerySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEventSchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_HEADER = ['When (UTC)', 'Action', 'Category', 'By', 'Acting as', 'Record type', 'Record', 'Record id', 'Detail', 'Address'] as const;

export const AUDIT_MESSAGES = {
  loadFailed: (message: string) => `Unable to load the audit log: ${message}`,
  exportFailed: (message: string) => `Unable to export the audit log: ${message}`,
  empty: 'No events match these filters.',
};
