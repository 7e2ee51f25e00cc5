import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountParamsSchema,
  createdIdSchema,
  errorSchema,
  locationCreateSchema,
  locationParamsSchema,
  locationSchema,
  locationUpdateSchema,
  phoneCreateSchema,
  phoneNumberSchema,
  phoneParamsSchema,
  phoneUpdateSchema,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auditWho } from '../audit/trail';
import { conflict } from '../../http/errors';
import { isTakenError, NUMBER_MESSAGES, pointHooks } from '../numberOwnership/ownership';
import { createLocation, createPhone, getLocation, listLocations, listPhones, provePhone, updateLocation, updatePhone } from './service';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * An account's locations and phone numbers (spec 002, Locations and Phones). Any staff member of
 * the account reads them (the contact detail's default location needs them); owners and admins
 * change them. A super user may act on any account.
 */
export async function locationRoutes(app: FastifyInstance, { db, carrier }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { config: { roles: ADMIN_ROLES } };

  r.get(
    '/accounts/:accountId/locations',
    { schema: { tags: ['locations'], params: accountParamsSchema, response: { 200: z.array(locationSchema), ...errors } } },
    async (req) => listLocations(db, req.params.accountId),
  );

  r.get(
    '/accounts/:accountId/locations/:locationId',
    { schema: { tags: ['locations'], params: locationParamsSchema, response: { 200: locationSchema, ...errors } } },
    async (req) => getLocation(db, req.params.accountId, req.params.locationId),
  );

  r.post(
    '/accounts/:accountId/locations',
    { ...write, schema: { tags: ['locations'], params: accountParamsSchema, body: locationCreateSchema, response: { 201: createdIdSchema, ...errors } } },
    async (req, reply) => {
      const id = await db.tx(async (q) => createLocation(q, req.params.accountId, req.body));
      return reply.code(201).send({ id });
    },
  );

  r.put(
    '/accounts/:accountId/locations/:locationId',
    { ...write, schema: { tags: ['locations'], params: locationParamsSchema, body: locationUpdateSchema, response: { 200: locationSchema, ...errors } } },
    async (req) => db.tx(async (q) => updateLocation(q, req.params.accountId, req.params.locationId, req.body)),
  );

  r.get(
    '/accounts/:accountId/phones',
    { schema: { tags: ['phones'], params: accountParamsSchema, response: { 200: z.array(phoneNumberSchema), ...errors } } },
    async (req) => listPhones(db, req.params.accountId),
  );

  r.post(
    '/accounts/:accountId/phones',
    {
      ...write,
      schema: { tags: ['phones'], params: accountParamsSchema, body: phoneCreateSchema, response: { 201: phoneNumberSchema, ...errors, 409: errorSchema } },
    },
    async (req, reply) => {
      const { accountId } = req.params;
      const sid = await provePhone(carrier, accountId, req.body);
      const phone = await db
        .tx(async (q) => createPhone(q, { ...auditWho(req), accountId }, accountId, req.body, sid))
        .catch((err: unknown) => {
          throw isTakenError(err) ? conflict(NUMBER_MESSAGES.taken) : err;
        });
      // Its webhooks name its SID from now on, so the carrier's own word routes its calls and texts.
      await pointHooks(carrier, sid);
      return reply.code(201).send(phone);
    },
  );

  r.put(
    '/accounts/:accountId/phones/:id',
    {
      ...write,
      schema: { tags: ['phones'], params: phoneParamsSchema, body: phoneUpdateSchema, response: { 200: phoneNumberSchema, ...errors, 409: errorSchema } },
    },
    async (req) => db.tx(async (q) => updatePhone(q, { ...auditWho(req), accountId: req.params.accountId }, req.params.accountId, req.params.id, req.body)),
  );
}
