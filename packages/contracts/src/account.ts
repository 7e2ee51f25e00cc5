import { z } from 'zod';
import { idSchema } from './common';

export const accountSummarySchema = z.object({ id: idSchema, name: z.string(), dbName: z.string() });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountSchema = accountSummarySchema.extend({
  mfaRequired: z.boolean(),
  timezone: z.string(),
  gatheringForms: z.string(),
  serviceReviewEnabled: z.boolean(),
  messagingEnabled: z.boolean(),
  callQueueEnabled: z.boolean(),
  stripePaymentMethodId: z.string().nullable(),
  twilioPhoneNumber: z.string().nullable(),
  locationCount: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

/** The contact forms an account gathers (spec 002 section 9); 'all' stands for every one. */
export const GATHERING_FORMS = ['address', 'policy', 'auto', 'home', 'commercial', 'health', 'life', 'paymentMethods'] as const;
export type GatheringForm = (typeof GATHERING_FORMS)[number] | 'all';
export const GATHERING_FORM_LABELS: Record<GatheringForm, string> = {
  all: 'All',
  address: 'Address',
  policy: 'Policy',
  auto: 'Auto',
  home: 'Home',
  commercial: 'Commercial',
  health: 'Health',
  life: 'Life',
  paymentMethods: 'Payment Methods',
};
export const GATHERING_FORMS_MESSAGE = `Gathering forms are all or a list of ${GATHERING_FORMS.join(', ')}`;

/**
 * A stored setting as a list of known forms: older values say 'payment' for paymentMethods and
 * 'extra' (the Extra tab always shows), which are mapped and dropped.
 */
export function parseGatheringForms(setting: string | null | undefined): GatheringForm[] {
  const out: GatheringForm[] = [];
  for (const raw of (setting ?? '').split(',')) {
    const v = raw.trim() === 'payment' ? 'paymentMethods' : raw.trim();
    if ((v === 'all' || (GATHERING_FORMS as readonly string[]).includes(v)) && !out.includes(v as GatheringForm)) out.push(v as GatheringForm);
  }
  return out;
}

/**
 * PUT /accounts/{accountId}: the account settings (spec 002, "Account settings save"). gatheringForms
 * is sent joined by commas (an array is taken too). Other fields of the account may come along and
 * are ignored; at least one setting must be there.
 */
export const accountUpdateSchema = z
  .object({
    mfaRequired: z.boolean().optional(),
    /** Texting for the whole account: off hides Messages and refuses every send. */
    messagingEnabled: z.boolean().optional(),
    gatheringForms: z
      .union([z.string(), z.array(z.string())])
      .transform((v, ctx) => {
        const items = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
        if (items.some((s) => s !== 'all' && !(GATHERING_FORMS as readonly string[]).includes(s))) {
          ctx.addIssue({ code: 'custom', message: GATHERING_FORMS_MESSAGE });
          return z.NEVER;
        }
        return [...new Set(items)].join(',');
      })
      .optional(),
  })
  .refine(
    (v) => v.mfaRequired !== undefined || v.gatheringForms !== undefined || v.messagingEnabled !== undefined,
    'Nothing to update: send mfaRequired, messagingEnabled or gatheringForms',
  );
export type AccountUpdate = z.input<typeof accountUpdateSchema>;
