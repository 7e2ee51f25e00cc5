import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  errorSchema,
  MOBILE_APP_MESSAGES,
  MOBILE_LOGO_SIZE,
  mobileAppInputSchema,
  mobileAppSchema,
  type MobileAppSettings,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { auth } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';

interface Row {
  id: string;
  logo: string | null;
  products: string[];
  departments: string[];
  change_request_types: string[];
  referral_bonus: string;
  referral_disclaimer: string;
}
const toSettings = (r: Row): MobileAppSettings => ({
  id: r.id,
  logo: r.logo,
  products: r.products,
  departments: r.departments,
  changeRequestTypes: r.change_request_types,
  referralBonus: r.referral_bonus,
  referralDisclaimer: r.referral_disclaimer,
});

/** A PNG's width and height, read from its header; null when it is not a PNG. */
export function pngSize(dataUrl: string): { width: number; height: number } | null {
  const data = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length < 24 || !signature.every((b, i) => data[i] === b) || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function checkLogo(logo: string | null) {
  if (logo === null) return;
  const size = pngSize(logo);
  if (!size || size.width !== MOBILE_LOGO_SIZE || size.height !== MOBILE_LOGO_SIZE) throw badRequest(MOBILE_APP_MESSAGES.logoSize);
}

async function settingsOf(q: Queryable, accountId: string): Promise<MobileAppSettings | null> {
  const [row] = await q.query<Row>('select * from mobile_app_settings where account_id = $1', [accountId]);
  return row ? toSettings(row) : null;
}

/** The branded client app's settings of the signed-in account: read, set the first time, update. Owners and admins. */
export async function mobileAppRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { config: { roles: ADMIN_ROLES } };
  const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const values = (b: ReturnType<typeof mobileAppInputSchema.parse>) => [
    b.logo,
    JSON.stringify(b.products),
    JSON.stringify(b.departments),
    JSON.stringify(b.changeRequestTypes),
    b.referralBonus,
    b.referralDisclaimer,
  ];

  r.get('/mobileApp', { ...admins, schema: { tags: ['accounts'], response: { 200: mobileAppSchema.nullable(), ...errors } } }, async (req) =>
    settingsOf(db, auth(req).accountId),
  );

  r.post(
    '/mobileApp',
    { ...admins, schema: { tags: ['accounts'], body: mobileAppInputSchema, response: { 201: mobileAppSchema, ...errors } } },
    async (req, reply) => {
      checkLogo(req.body.logo);
      const rows = await db.query(
        `insert into mobile_app_settings (account_id, id, logo, products, departments, change_request_types, referral_bonus, referral_disclaimer)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (account_id) do nothing returning id`,
        [auth(req).accountId, randomUUID(), ...values(req.body)],
      );
      if (!rows.length) throw conflict('The mobile app settings already exist: update them instead');
      return reply.code(201).send((await settingsOf(db, auth(req).accountId))!);
    },
  );

  r.put('/mobileApp', { ...admins, schema: { tags: ['accounts'], body: mobileAppInputSchema, response: { 200: mobileAppSchema, ...errors } } }, async (req) => {
    checkLogo(req.body.logo);
    const rows = await db.query(
      `update mobile_app_settings set logo = $2, products = $3, departments = $4, change_request_types = $5, referral_bonus = $6, referral_disclaimer = $7, updated_at = now()
       where account_id = $1 returning id`,
      [auth(req).accountId, ...values(req.body)],
    );
    if (!rows.length) throw notFound('The mobile app settings are not set yet');
    return (await settingsOf(db, auth(req).accountId))!;
  });
}
