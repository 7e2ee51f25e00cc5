import { z } from 'zod';
import { idSchema } from './common';

/**
 * Message templates (spec 002 §3, spec 001 "Message template (used in @ search)"):
 * GET /templates/{format} (the team's templates and the caller's personal ones),
 * POST /templates/{format}, PUT /templates/{id}, DELETE /templates/{id}.
 * Team templates are managed by admins; personal templates belong to the user who wrote them.
 */
export const TEMPLATE_FORMATS = ['message', 'email'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];
export const TEMPLATE_GROUPS = ['team', 'personal'] as const;
export type TemplateGroup = (typeof TEMPLATE_GROUPS)[number];

/** The contact fields a message may name as {{placeholder}} (spec 001 §3), with what the editor calls them. */
export const MESSAGE_PLACEHOLDERS = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'homePhone', label: 'Home Phone' },
  { name: 'mobilePhone', label: 'Mobile Phone' },
  { name: 'contact', label: 'Contact Name' },
  { name: 'fullAddress', label: 'Full Address' },
  { name: 'address', label: 'Street Address' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipcode', label: 'Zip Code' },
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number]['name'];
/** What a renewal text may name besides the contact's fields: what ends, the day it ends and the client's agent. */
export const RENEWAL_PLACEHOLDERS = [
  { name: 'policyType', label: 'Policy Type' },
  { name: 'termDate', label: 'Term Date' },
  { name: 'agent', label: 'Agent' },
] as const;

export const MAX_TEMPLATE_NAME = 60;
/** Ten SMS segments of a plain-text message. */
export const MAX_TEMPLATE_LENGTH = 1530;

const PLACEHOLDER_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a template uses, in order of appearance (repeats kept once). */
export function templatePlaceholders(template: string): string[] {
  const seen = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER_RE)) seen.add(m[1]);
  return [...seen];
}

/** Placeholders a template names that the product does not know. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>([...MESSAGE_PLACEHOLDERS, ...RENEWAL_PLACEHOLDERS].map((p) => p.name));
  return templatePlaceholders(template).filter((n) => !known.has(n));
}

/** GSM 03.38 basic characters (one septet each) and its extension table (two septets each). */
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsCount {
  /** gsm: 7-bit GSM alphabet; unicode: UCS-2 (any character outside GSM). */
  encoding: 'gsm' | 'unicode';
  /** Characters as the carrier counts them (GSM extension characters count twice; UCS-2 counts UTF-16 units). */
  units: number;
  segments: number;
  /** Units per segment for this message (160/153 GSM, 70/67 UCS-2). */
  perSegment: number;
}

/** How many SMS segments a text takes. */
export function smsCount(text: string): SmsCount {
  let units = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) units += 1;
    else if (GSM_EXTENDED.has(ch)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (!gsm) {
    const n = text.length;
    const perSegment = n <= 70 ? 70 : 67;
    return { encoding: 'unicode', units: n, segments: n === 0 ? 0 : Math.ceil(n / perSegment), perSegment };
  }
  const perSegment = units <= 160 ? 160 : 153;
  return { encoding: 'gsm', units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
}

export const TEMPLATE_MESSAGES = {
  loadFailed: 'Unable to load templates',
  saved: (name: string) => `Template ${name} was saved`,
  deleted: (name: string) => `Template ${name} was deleted`,
  failed: (message: string) => `Unable to save or delete template: ${message}`,
  notFound: 'Template not found',
  duplicate: (name: string) => `A template named ${name} already exists`,
  unknownPlaceholder: (names: string[]) => `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((n) => `{{${n}}}`).join(', ')}`,
  teamForAdmins: 'Only admins may manage team templates',
} as const;

export const templateFormatSchema = z.enum(TEMPLATE_FORMATS);
export const templateSchema = z.object({
  id: idSchema,
  name: z.string(),
  template: z.string(),
  group: z.enum(TEMPLATE_GROUPS),
  format: templateFormatSchema,
  /** The author of a personal template; null for team templates. */
  userId: idSchema.nullable(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

const templateShape = {
  name: z.string().trim().min(1, 'Template name is required').max(MAX_TEMPLATE_NAME, `Template names must be at most ${MAX_TEMPLATE_NAME} characters`),
  template: z
    .string()
    .trim()
    .min(1, 'Template text is required')
    .max(MAX_TEMPLATE_LENGTH, `Templates must be at most ${MAX_TEMPLATE_LENGTH} characters`)
    .superRefine((t, ctx) => {
      const unknown = unknownPlaceholders(t);
      if (unknown.length) ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.unknownPlaceholder(unknown) });
    }),
  group: z.enum(TEMPLATE_GROUPS),
};
/** POST /templates/{format}: the format in the body, when sent, must be the path's. */
export const templateInputSchema = z.object({ ...templateShape, group: templateShape.group.default('personal'), format: templateFormatSchema.optional() });
export type TemplateInput = z.input<typeof templateInputSchema>;
/** PUT /templates/{id}: any subset; the format and group of a template do not change. */
export const templateUpdateSchema = z.object({ name: templateShape.name, template: templateShape.template }).partial();
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

/** The person and address a message is filled from (a client's primary or secondary person). */
export interface PlaceholderSource {
  firstName?: string | null;
  preferredFirstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  mobilePhone?: string | null;
  address?: { address?: string | null; address2?: string | null; city?: string | null; state?: string | null; zipcode?: string | null } | null;
}

/** The values of every placeholder for one person (empty where the record has nothing). */
export function placeholderValues(p: PlaceholderSource): Record<MessagePlaceholder, string> {
  const first = p.preferredFirstName || p.firstName || '';
  const a = p.address ?? {};
  const street = [a.address, a.address2].filter(Boolean).join(' ');
  const cityLine = [a.city, [a.state, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    firstName: first,
    lastName: p.lastName ?? '',
    homePhone: p.phone ?? '',
    mobilePhone: p.mobilePhone ?? '',
    contact: [first, p.lastName].filter(Boolean).join(' '),
    fullAddress: [street, cityLine].filter(Boolean).join(', '),
    address: street,
    city: a.city ?? '',
    state: a.state ?? '',
    zipcode: a.zipcode ?? '',
  };
}

/** A template with its {{placeholders}} filled; an unknown placeholder is left as written. */
export function fillTemplate(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(PLACEHOLDER_RE, (whole, name: string) => values[name] ?? whole);
}
