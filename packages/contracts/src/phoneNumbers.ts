import { z } from 'zod';
import { FIELD_REQUIRED } from './locations';

/*
 * Phone numbers and message campaigns (spec 002 "Phone Numbers", sections 3 to 5 and 7): search
 * and buy numbers through the carrier, and register the A2P campaigns texts are sent under.
 */

export const NUMBER_TYPES = ['local', 'tollfree'] as const;
export const NUMBER_CRITERIA = ['number', 'areacode', 'city', 'state', 'zipcode'] as const;
export const NUMBER_MATCH = ['first', 'any', 'last'] as const;

/** POST /phonenumber/search. */
export const numberSearchSchema = z.object({
  type: z.enum(NUMBER_TYPES).default('local'),
  criteria: z.enum(NUMBER_CRITERIA).default('areacode'),
  search: z.string().trim().max(40).default(''),
  matchTo: z.enum(NUMBER_MATCH).default('any'),
});
export type NumberSearchInput = z.input<typeof numberSearchSchema>;
export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  friendlyName: z.string(),
  locality: z.string().optional(),
  region: z.string().optional(),
  postalCode: z.string().optional(),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;

/** POST /accounts/{accountId}/phones/purchase. */
export const purchaseNumberSchema = z.object({ phoneNumber: z.string().trim().min(1, FIELD_REQUIRED) });

export const CAMPAIGN_USECASES = ['marketing', 'discussion', 'undeclared'] as const;
export const CAMPAIGN_STATUSES = ['IN_PROGRESS', 'FAILED', 'VERIFIED'] as const;

const text = (min: number, max: number, label: string) =>
  z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, FIELD_REQUIRED)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /accounts/{accountId}/locations/{locationId}/campaign (spec 002 section 5 limits). */
export const messagingServiceCreateSchema = z.object({
  friendlyName: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(64),
  usecase: z.enum(CAMPAIGN_USECASES, { error: FIELD_REQUIRED }),
  description: text(40, 4096, 'Description'),
  messageSamples: z.array(text(20, 1024, 'Each sample message')).length(5, 'Five sample messages are required'),
  hasEmbeddedLinks: z.boolean().default(false),
  hasEmbeddedPhone: z.boolean().default(false),
  messageFlow: text(40, 2048, 'The consent description'),
});
export type MessagingServiceCreate = z.input<typeof messagingServiceCreateSchema>;
/** PUT /accounts/{accountId}/messaging-service/{sid}. */
export const messagingServiceUpdateSchema = z.object({
  friendlyName: z.string().trim().min(1, FIELD_REQUIRED).max(64),
  usecase: z.enum(CAMPAIGN_USECASES, { error: FIELD_REQUIRED }),
});

export const messagingServiceSchema = z.object({
  sid: z.string(),
  friendlyName: z.string(),
  usecase: z.string(),
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  campaign: z
    .object({
      status: z.enum(CAMPAIGN_STATUSES),
      errors: z.array(z.object({ description: z.string() })),
      campaignId: z.string().nullable(),
      a2pUseCase: z.string(),
      optInKeywords: z.array(z.string()),
      optOutKeywords: z.array(z.string()),
      optOutMessage: z.string(),
      helpKeywords: z.array(z.string()),
      helpMessage: z.string(),
    })
    .nullable(),
  registered: z.boolean(),
  assigned: z.array(z.object({ sid: z.string() })),
});
export type MessagingService = z.infer<typeof messagingServiceSchema>;

/** How a campaign's status shows (spec 002 section 4). */
export function campaignStatusLabel(s: Pick<MessagingService, 'campaign' | 'registered'>): string {
  if (!s.registered || !s.campaign) return 'Not Registered';
  if (s.campaign.status === 'IN_PROGRESS') return 'Pending Approval';
  if (s.campaign.status === 'FAILED') return 'Rejected';
  return 'Verified';
}

export const PHONE_MESSAGES = {
  updated: (name: string) => `Phone Number ${name} updated`,
  purchased: (number: string) => `${number} purchased.`,
  updateFailed: (m: string) => `Unable to update phone number: ${m}`,
  purchaseFailed: (m: string) => `Unable to purchase phone number: ${m}`,
  campaignSaveFailed: (m: string) => `Unable to save campaign: ${m}`,
  campaignUpdateFailed: (m: string) => `Unable to update campaign: ${m}`,
  portingIn: "Can't assign campaign till porting is completed",
  portFailed: 'Unable to submit port request',
  formFailed: 'Unable to process form.  Please try again or contact support.',
  textsHeld: 'Texts from this number are held until it joins a verified message campaign: carriers block them otherwise.',
};

/** The acknowledgements a port request needs, every one ticked (spec 002 section 5). */
export const PORT_ACKNOWLEDGEMENTS = [
  'I am the account holder of these numbers, or authorized by the account holder to port them.',
  'The numbers are active with the current carrier and the account is in good standing.',
  'The name and service address I give match the current carrier’s records exactly.',
  'Porting takes 2 to 4 weeks and is available in the continental US only.',
  'Text messages to these numbers may be unavailable for up to 3 business days after the port.',
  'I will not cancel service with the current carrier until the port is complete.',
  'The Letter of Authorization (LOA) I attach is signed by the account holder.',
  'The bill I attach is the most recent one and shows the numbers being ported.',
] as const;

export const PORT_TYPES = ['residential', 'business'] as const;
const portNumber = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s.length === 10 || (s.length === 11 && s.startsWith('1')), 'Phone numbers are 10 digits, or 11 with the country code')
  .transform((s) => (s.length === 10 ? `1${s}` : s));

/** The fields of POST /accounts/{accountId}/phones/port (multipart; local and wireless as JSON, files loa and billing). */
export const portRequestSchema = z
  .object({
    type: z.enum(PORT_TYPES, { error: FIELD_REQUIRED }),
    firstName: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(60),
    lastName: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(60),
    address: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(200),
    city: z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(100),
    state: z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'State must be a 2-letter code'),
    zipcode: z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits (or 5+4)'),
    local: z.array(z.object({ phoneNumber: portNumber })).default([]),
    wireless: z
      .array(
        z.object({
          phoneNumber: portNumber,
          accountNumber: z.string().trim().min(1, FIELD_REQUIRED).max(40),
          pin: z.string().trim().min(1, FIELD_REQUIRED).max(20),
        }),
      )
      .default([]),
  })
  .refine((p) => p.local.length + p.wireless.length > 0, 'Add at least one number to port');
export type PortRequestInput = z.input<typeof portRequestSchema>;
