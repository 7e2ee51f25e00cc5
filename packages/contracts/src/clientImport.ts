import { z } from 'zod';

/**
 * CSV import of contacts: POST /clients/import/preview {csv} answers the header row, a sample and
 * a suggested mapping; POST /clients/import {csv, mapping, dryRun, onDuplicate} imports (or, with
 * dryRun, reports what it would do) and reports every row not imported with the reason.
 * Duplicates are found by mobile phone, phone or email. Export: GET /clients/export (text/csv),
 * with the list's filters (search, letter, favorites, tag). Each duplicate row can be given its own action.
 */
export const IMPORT_FIELDS = [
  'firstName',
  'preferredFirstName',
  'lastName',
  'suffix',
  'companyName',
  'email',
  'phone',
  'mobilePhone',
  'gender',
  'dob',
  'occupation',
  'employerName',
  'coFirstName',
  'coPreferredFirstName',
  'coLastName',
  'coEmail',
  'coPhone',
  'coMobilePhone',
  'coGender',
  'coDOB',
  'affliateVia',
  'aflliateOn',
  'address',
  'address2',
  'city',
  'county',
  'state',
  'zipcode',
  'tags',
  'note',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_MAX_CHARS = 10_000_000;
export const IMPORT_MAX_ROWS = 20_000;
/**
 * Rows written in one transaction (and sent in one request by the import screen): other requests'
 * queries run between two, so an import never holds the embedded database for long.
 */
export const IMPORT_BATCH_ROWS = 25;

export const importPreviewRequestSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(IMPORT_MAX_CHARS, 'The file is too large (10 MB at most)'),
});
export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rows: z.number().int(),
  /** header → field, for headers that look like a known field. */
  suggestedMapping: z.record(z.string(), z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const DUPLICATE_ACTIONS = ['merge', 'skip', 'create'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const importRequestSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(IMPORT_MAX_CHARS, 'The file is too large (10 MB at most)'),
  /** header → field ('' or absent: column ignored). */
  mapping: z.record(z.string(), z.union([z.enum(IMPORT_FIELDS), z.literal('')])),
  dryRun: z.boolean().default(true),
  /** What to do with a row whose mobile phone, phone or email matches an existing client. */
  onDuplicate: z.enum(DUPLICATE_ACTIONS).default('skip'),
  /** Row number (1-based, as in the results) → what to do with that row if it is a duplicate; overrides onDuplicate. */
  duplicateActions: z.record(z.string().regex(/^\d+$/, 'Row numbers only'), z.enum(DUPLICATE_ACTIONS)).optional(),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const importRowResultSchema = z.object({
  /** 1-based data row (the header is row 0). */
  row: z.number().int(),
  status: z.enum(['created', 'merged', 'skipped', 'error']),
  reason: z.string().nullable(),
  clientId: z.string().nullable(),
  /** The existing client the row matches (null when it matches a row of the same file in a dry run). */
  duplicateOf: z.string().nullable(),
  /** The earlier row of the same file this row matches. */
  duplicateOfRow: z.number().int().nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Every row not created cleanly (merged, skipped, error), plus the created ones. */
  rows: z.array(importRowResultSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
