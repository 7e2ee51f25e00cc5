import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  brandViewSchema,
  errorSchema,
  evaluationSchema,
  locationParamsSchema,
  registrationAddressSchema,
  registrationBrandInputSchema,
  registrationBusinessSchema,
  registrationRepSchema,
  registrationSchema,
  repParamsSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { badRequest } from '../../http/errors';
import { advanceReview, evaluate, getBrand, getRegistration, REVIEW_JOB, saveStep, submitBrand, submitProfile, type ReviewData } from './service';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['locations'];

/** Schedules the next step of a review after the configured delay (none without a job queue: tests step it themselves). */
export async function scheduleReview(deps: Pick<AppDeps, 'jobs' | 'config'>, data: ReviewData): Promise<void> {
  await deps.jobs?.schedule(REVIEW_JOB, data, new Date(Date.now() + deps.config.registrationReviewSeconds * 1000));
}

/** Works the reviews: each step done schedules the next one. Started once, from main.ts. */
export async function startRegistrationReviews(deps: Pick<AppDeps, 'jobs' | 'config' | 'db' | 'carrier'>): Promise<void> {
  if (!deps.jobs) return;
  await deps.jobs.work<ReviewData>(REVIEW_JOB, async (data) => {
    if (await advanceReview(deps, data)) await scheduleReview(deps, data);
  });
}

/**
 * A location's registration for texting (spec 002 "Locations and registration"): each wizard
 * step, the evaluation and submission of the business profile, and the brand. Owners and admins.
 */
export async function registrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { config: { roles: ADMIN_ROLES } };
  const base = '/accounts/:accountId/locations/:locationId';

  r.get(`${base}/registration`, { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: registrationSchema, ...errors } } }, async (req) =>
    getRegistration(db, req.params.accountId, req.params.locationId),
  );

  r.get(
    `${base}/address`,
    { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: registrationAddressSchema.nullable(), ...errors } } },
    async (req) => (await getRegistration(db, req.params.accountId, req.params.locationId)).address,
  );
  r.post(
    `${base}/address`,
    {
      ...admins,
      schema: { tags, params: locationParamsSchema, body: registrationAddressSchema, response: { 200: z.object({ addressSid: z.string() }), ...errors } },
    },
    async (req) => ({ addressSid: await saveStep(db, req.params.accountId, req.params.locationId, 'address', req.body) }),
  );

  r.get(
    `${base}/business`,
    { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: registrationBusinessSchema.nullable(), ...errors } } },
    async (req) => (await getRegistration(db, req.params.accountId, req.params.locationId)).business,
  );
  r.post(
    `${base}/business`,
    {
      ...admins,
      schema: { tags, params: locationParamsSchema, body: registrationBusinessSchema, response: { 200: z.object({ businessSid: z.string() }), ...errors } },
    },
    async (req) => ({ businessSid: await saveStep(db, req.params.accountId, req.params.locationId, 'business', req.body) }),
  );

  r.get(
    `${base}/rep/:level`,
    { ...admins, schema: { tags, params: repParamsSchema, response: { 200: registrationRepSchema.nullable(), ...errors } } },
    async (req) => {
      const reg = await getRegistration(db, req.params.accountId, req.params.locationId);
      return req.params.level === '1' ? reg.rep1 : reg.rep2;
    },
  );
  r.post(
    `${base}/rep/:level`,
    {
      ...admins,
      schema: {
        tags,
        params: repParamsSchema,
        // The second representative is optional: { none: true } records that there is none.
        body: z.union([registrationRepSchema, z.object({ none: z.literal(true) })]),
        response: { 200: z.object({ rep1Sid: z.string().optional(), rep2Sid: z.string().optional() }), ...errors },
      },
    },
    async (req) => {
      const level = req.params.level;
      const value = 'none' in req.body ? null : req.body;
      if (value === null && level === '1') throw badRequest('An authorized representative is required.');
      const saved = await saveStep(db, req.params.accountId, req.params.locationId, level === '1' ? 'rep1' : 'rep2', value);
      return level === '1' ? { rep1Sid: saved } : { rep2Sid: saved };
    },
  );

  r.post(`${base}/evaluation`, { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: evaluationSchema, ...errors } } }, async (req) =>
    evaluate(db, req.params.accountId, req.params.locationId),
  );

  r.post(
    `${base}/evaluation/submit`,
    { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: z.object({ status: z.string(), evaluation: evaluationSchema }), ...errors } } },
    async (req) => {
      const { accountId, locationId } = req.params;
      const result = await submitProfile(deps, accountId, locationId);
      if (result.status === 'pending-review') await scheduleReview(deps, { accountId, locationId, what: 'profile' });
      return result;
    },
  );

  r.get(`${base}/brand`, { ...admins, schema: { tags, params: locationParamsSchema, response: { 200: brandViewSchema, ...errors } } }, async (req) =>
    getBrand(db, req.params.accountId, req.params.locationId),
  );
  r.post(
    `${base}/brand`,
    { ...admins, schema: { tags, params: locationParamsSchema, body: registrationBrandInputSchema, response: { 200: brandViewSchema, ...errors } } },
    async (req) => {
      const { accountId, locationId } = req.params;
      const brand = await submitBrand(deps, accountId, locationId, req.body);
      if (brand.status === 'pending') await scheduleReview(deps, { accountId, locationId, what: 'brand' });
      return brand;
    },
  );
}
