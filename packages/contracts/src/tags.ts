import { z } from 'zod';
import { idSchema } from './common';

/**
 * Tags: GET /tags?sort=name&limit=100, POST /tags, PUT /tags/{id}, DELETE /tags/{id},
 * GET /tags/{id}/assigned (clients, paged like GET /clients), and per client
 * GET/PUT /clients/{id}/tags.
 *
 * A dynamic tag's membership is decided by its queryObj.mongodb: a MongoDB-style filter (JSON)
 * over the contact fields below. A client may opt out of a dynamic tag (isActive false).
 */
export const TAG_FORMATS = ['simple', 'dynamic'] as const;
export const TAG_TYPES = ['core', 'tenant'] as const;

export type TagQueryFieldType = 'text' | 'number' | 'date' | 'enum';
export interface TagQueryField {
  /** The name used in the mongodb JSON (dotted for sub-records: addresses.state, policies.type). */
  name: string;
  label: string;
  type: TagQueryFieldType;
  values?: readonly string[];
}
/** Contact fields offered to the tag query builder (spec 002). Dates compare as yyyy-mm-dd or MM/dd/yyyy. */
export const TAG_QUERY_FIELDS: readonly TagQueryField[] = [
  { name: 'firstName', label: 'First Name', type: 'text' },
  { name: 'preferredFirstName', label: 'Preferred First Name', type: 'text' },
  { name: 'lastName', label: 'Last Name', type: 'text' },
  { name: 'coFirstName', label: 'Secondary First Name', type: 'text' },
  { name: 'coPreferredFirstName', label: 'Secondary Preferred First Name', type: 'text' },
  { name: 'coLastName', label: 'Secondary Last Name', type: 'text' },
  { name: 'companyName', label: 'Company', type: 'text' },
  { name: 'occupation', label: 'Occupation', type: 'text' },
  { name: 'dob', label: 'Date of Birth', type: 'date' },
  { name: 'age', label: 'Age', type: 'number' },
  { name: 'militaryStatus', label: 'Military Status', type: 'enum', values: ['Past', 'Present', 'None'] },
  { name: 'aflliateOn', label: 'Referral Date', type: 'date' },
  { name: 'affliateVia', label: 'Referral Via', type: 'text' },
  { name: 'lengthOfService', label: 'Length of Service (days)', type: 'number' },
  { name: 'lastContactedDays', label: 'Days Since Last Contact', type: 'number' },
  { name: 'addresses.type', label: 'Address Type', type: 'enum', values: ['Physical', 'Mailing', 'Previous', 'Other'] },
  { name: 'addresses.county', label: 'County', type: 'text' },
  { name: 'addresses.city', label: 'City', type: 'text' },
  { name: 'addresses.state', label: 'State', type: 'text' },
  { name: 'addresses.zipcode', label: 'Zip Code', type: 'text' },
  { name: 'policies.type', label: 'Policy Type', type: 'text' },
  { name: 'policies.company', label: 'Policy Company', type: 'text' },
  { name: 'policies.enrolledVia', label: 'Policy Enrolled Via', type: 'text' },
  { name: 'policies.effectiveDate', label: 'Policy Effective Date', type: 'date' },
  { name: 'policies.issueDate', label: 'Policy Issue Date', type: 'date' },
  { name: 'policies.termDate', label: 'Policy Term Date', type: 'date' },
  { name: 'tags.name', label: 'Tag', type: 'text' },
];
/** Operators the server understands in queryObj.mongodb. */
export const TAG_QUERY_OPERATORS = [
  '$and',
  '$or',
  '$nor',
  '$not',
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$regex',
  '$options',
  '$exists',
  '$elemMatch',
] as const;

export const tagQueryObjSchema = z.object({
  /** The query builder's own state, kept as sent. */
  value: z.unknown().optional(),
  /** MongoDB-style filter, as JSON text. */
  mongodb: z.string().min(2).max(20_000, 'The tag query is too large'),
  isValid: z.boolean().default(true),
});
export type TagQueryObj = z.input<typeof tagQueryObjSchema>;

const tagShape = {
  name: z.string().trim().min(1, 'Tag name is required').max(60, 'Tag names must be at most 60 characters'),
  description: z.string().trim().max(500, 'Descriptions must be at most 500 characters'),
  /** Present for dynamic tags, omitted (or null) for simple ones. */
  queryObj: tagQueryObjSchema.nullable().optional(),
  isActive: z.boolean(),
};
export const tagInputSchema = z.object({ ...tagShape, description: tagShape.description.default(''), isActive: tagShape.isActive.default(true) });
export type TagInput = z.input<typeof tagInputSchema>;
/** PUT takes any subset (no defaults: what is not sent stays). */
export const tagUpdateSchema = z.object(tagShape).partial();

export const tagSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  queryObj: z.object({ value: z.unknown().optional(), mongodb: z.string(), isValid: z.boolean() }).nullable(),
  type: z.enum(TAG_TYPES),
  format: z.enum(TAG_FORMATS),
  /** Clients carrying the tag now (dynamic tags: matching and not opted out). */
  assigned: z.number().int(),
  isActive: z.boolean(),
  /** 'pending' while an assignment is being worked out; membership is computed on read, so always 'active' here. */
  status: z.enum(['active', 'pending']),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListQuerySchema = z.object({
  sort: z.enum(['name', '-name', 'createdAt', '-createdAt', 'assigned', '-assigned']).default('name'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TagListQuery = z.input<typeof tagListQuerySchema>;

/** A tag as one client carries it. */
export const clientTagSchema = z.object({
  id: idSchema,
  name: z.string(),
  format: z.enum(TAG_FORMATS),
  /** Static: assigned. Dynamic: matching the query and not opted out. */
  isActive: z.boolean(),
  /** Dynamic tags: whether the client matches the query (false for static tags). */
  matches: z.boolean(),
});
export type ClientTag = z.infer<typeof clientTagSchema>;

/**
 * PUT /clients/{id}/tags: the toggles to apply. Static tags: isActive true adds, false removes.
 * Dynamic tags: isActive false opts the client out, true opts it back in.
 */
export const clientTagsAssignSchema = z.object({
  tags: z.array(z.object({ id: idSchema, isActive: z.boolean() })).max(500),
});
export type ClientTagsAssign = z.input<typeof clientTagsAssignSchema>;

/** POST /tags/count: how many clients a dynamic query matches now (the tag dialog's preview). */
export const tagCountSchema = z.object({ queryObj: tagQueryObjSchema });
export type TagCountInput = z.input<typeof tagCountSchema>;
export const tagCountResponseSchema = z.object({ count: z.number().int() });

/** Tag management's messages (spec 002 §8, spec 001 §8). */
export const TAG_MESSAGES = {
  loadFailed: 'error loading tags',
  created: 'Tag created',
  updated: 'Tag updated',
  deleted: 'Tag deleted',
  failed: (message?: string) => `Unable to create, update or delete tag: ${message || 'unknown error'}`,
  coreNotDeletable: 'Core tags cannot be deleted',
} as const;
