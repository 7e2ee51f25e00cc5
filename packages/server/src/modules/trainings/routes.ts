import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorSchema,
  trainingCountSchema,
  trainingCreateSchema,
  trainingIdParamSchema,
  trainingListSchema,
  trainingQuerySchema,
  trainingSchema,
  SUPER_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { notFound } from '../../http/errors';
import { createTraining, getTraining, listTrainings, markViewed, unviewedCount } from './service';

export async function trainingRoutes(app: FastifyInstance, { db, events }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/trainings',
    {
      schema: {
        tags: ['trainings'],
        description: 'The library, newest first; search covers title, description and tags.',
        querystring: trainingQuerySchema,
        response: { 200: trainingListSchema },
      },
    },
    async (req) => listTrainings(db, auth(req).accountId, req.query),
  );

  r.get(
    '/trainings/count',
    { schema: { tags: ['trainings'], description: 'Trainings you have not opened yet.', response: { 200: trainingCountSchema } } },
    async (req) => ({ count: await unviewedCount(db, auth(req).userId) }),
  );

  r.get(
    '/trainings/:id',
    { schema: { tags: ['trainings'], params: trainingIdParamSchema, response: { 200: trainingSchema, 404: errorSchema } } },
    async (req) => {
      const training = await getTraining(db, auth(req).accountId, req.params.id);
      if (!training) throw notFound('Training not found');
      return training;
    },
  );

  r.put(
    '/trainings/:id/viewed',
    { schema: { tags: ['trainings'], params: trainingIdParamSchema, response: { 200: trainingSchema, 404: errorSchema } } },
    async (req) => {
      const { accountId, userId } = auth(req);
      if (!(await markViewed(db, req.params.id, userId))) throw notFound('Training not found');
      return (await getTraining(db, accountId, req.params.id))!;
    },
  );

  r.post(
    '/trainings',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags: ['trainings'],
        description: 'Adds a training item (super only).',
        body: trainingCreateSchema,
        response: { 201: trainingSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) => {
      const { accountId, userId } = auth(req);
      const training = await createTraining(db, accountId, userId, req.body);
      events.emit('trainingCreated', { training });
      return reply.code(201).send(training);
    },
  );
}
