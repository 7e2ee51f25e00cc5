import { z } from 'zod';

/** The logo of the client app: a 400 x 400 PNG (spec 002 section 9). */
export const MOBILE_LOGO_SIZE = 400;
/** The largest logo data URL taken (a 400 x 400 PNG fits well within it). */
export const MOBILE_LOGO_MAX_LENGTH = 700_000;

const list = (label: string) =>
  z
    .array(z.string().trim().min(1).max(60, `Each of the ${label} must be at most 60 characters`))
    .max(30, `At most 30 ${label}`)
    .default([])
    .transform((items) => [...new Set(items)]);

/** GET/POST/PUT /mobileApp (spec 002 "Mobile app settings"). */
export const mobileAppInputSchema = z.object({
  logo: z
    .string()
    .max(MOBILE_LOGO_MAX_LENGTH, 'The logo is too large')
    .refine((v) => v.startsWith('data:image/png;base64,'), 'The logo must be a PNG image')
    .nullable()
    .default(null),
  products: list('products'),
  departments: list('departments'),
  changeRequestTypes: list('change request types'),
  referralBonus: z.string().trim().max(200).default(''),
  referralDisclaimer: z.string().trim().max(2000).default(''),
});
export type MobileAppInput = z.input<typeof mobileAppInputSchema>;
export const mobileAppSchema = z.object({
  id: z.string(),
  logo: z.string().nullable(),
  products: z.array(z.string()),
  departments: z.array(z.string()),
  changeRequestTypes: z.array(z.string()),
  referralBonus: z.string(),
  referralDisclaimer: z.string(),
});
export type MobileAppSettings = z.infer<typeof mobileAppSchema>;

export const MOBILE_APP_MESSAGES = {
  saved: 'Mobile App settings were saved.',
  updateFailed: (m: string) => `Unable to update mobile app settings: ${m}`,
  setFailed: (m: string) => `Unable to set mobile app settings: ${m}`,
  logoSize: 'The logo must be a 400 x 400 PNG image',
};
