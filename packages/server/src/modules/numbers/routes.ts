import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  accountParamsSchema,
  availableNumberSchema,
  errorSchema,
  locationParamsSchema,
  messageSchema,
  messagingServiceCreateSchema,
  messagingServiceSchema,
  messagingServiceUpdateSchema,
  numberSearchSchema,
  phoneNumberSchema,
  phoneParamsSchema,
  purchaseNumberSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { auditWho } from '../audit/trail';
import { createService, listServices, purchaseNumber, releaseNumber, reviewService, updateService } from './service';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['phones'];

/** The carriers' review of a new campaign, after the configured delay. */
export const CAMPAIGN_REVIEW_JOB = 'campaign-registration-review';
type CampaignReview = { accountId: string; sid: string };

export async function startCampaignReviews(deps: Pick<AppDeps, 'jobs' | 'db'>): Promise<void> {
  await deps.jobs?.work<CampaignReview>(CAMPAIGN_REVIEW_JOB, ({ accountId, sid }) => reviewService(deps.db, accountId, sid));
}

/**
 * Phone numbers through the carrier and message campaigns (spec 002 "Phones"): search, purchase and
 * release numbers, and register campaigns. Owners and admins.
 */
export async function numberRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { config: { roles: ADMIN_ROLES } };

  r.post(
    '/phonenumber/search',
    { ...admins, schema: { tags, body: numberSearchSchema, response: { 200: z.array(availableNumberSchema), ...errors } } },
    async (req) => deps.carrier.searchNumbers(req.body),
  );

  r.post(
    '/accounts/:accountId/phones/purchase',
    { ...admins, schema: { tags, params: accountParamsSchema, body: purchaseNumberSchema, response: { 201: phoneNumberSchema, ...errors } } },
    async (req, reply) =>
      reply.code(201).send(await purchaseNumber(deps, { ...auditWho(req), accountId: req.params.accountId }, req.params.accountId, req.body.phoneNumber)),
  );

  r.delete(
    '/accounts/:accountId/phones/:id',
    { ...admins, schema: { tags, params: phoneParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (req) => {
      await releaseNumber(deps, { ...auditWho(req), accountId: req.params.accountId }, req.params.accountId, req.params.id);
      return { message: 'Phone number released' };
    },
  );

  r.get('/messagingServices', { ...admins, schema: { tags, response: { 200: z.array(messagingServiceSchema), ...errors } } }, async (req) =>
    listServices(db, auth(req).accountId),
  );
  r.get(
    '/accounts/:accountId/messaging-services',
    { ...admins, schema: { tags, params: accountParamsSchema, response: { 200: z.array(messagingServiceSchema), ...errors } } },
    async (req) => listServices(db, req.params.accountId),
  );

  r.post(
    '/accounts/:accountId/locations/:locationId/campaign',
    { ...admins, schema: { tags, params: locationParamsSchema, body: messagingServiceCreateSchema, response: { 201: messagingServiceSchema, ...errors } } },
    async (req, reply) => {
      const { accountId, locationId } = req.params;
      const created = await createService(db, accountId, locationId, req.body);
      await deps.jobs?.schedule(CAMPAIGN_REVIEW_JOB, { accountId, sid: created.sid }, new Date(Date.now() + deps.config.registrationReviewSeconds * 1000));
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/accounts/:accountId/messaging-service/:sid',
    {
      ...admins,
      schema: {
        tags,
        params: accountParamsSchema.extend({ sid: z.string().min(1) }),
        body: messagingServiceUpdateSchema,
        response: { 200: messagingServiceSchema, ...errors },
      },
    },
    async (req) => updateService(db, req.params.accountId, req.params.sid, req.body),
  );
}
