import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityCreateSchema, activityListQuerySchema, activitySchema, activityUpdateSchema, idSchema, messageSchema } from '@agency/contracts';
import type { AppDeps } from '../../../app';
import { auth } from '../../../http/context';
import { touchLastContact } from '../service';
import { loadClient } from '../../clientStore/store';
import { addActivity, deleteActivity, listActivity, listStickies, updateActivity } from './service';

const clientParams = z.object({ id: idSchema });
const itemParams = z.object({ id: idSchema, activityId: idSchema });
const tags = ['activity'];

/** /clients/{id}/activity: the feed (keyset by createdAt), stickies, notes. */
export async function activityRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/clients/:id/activity',
    { schema: { tags, params: clientParams, querystring: activityListQuerySchema, response: { 200: z.array(activitySchema) } } },
    async (req) => {
      const { accountId } = auth(req);
      await loadClient(db, accountId, req.params.id);
      return listActivity(db, accountId, req.params.id, req.query);
    },
  );

  r.get('/clients/:id/activity/stickies', { schema: { tags, params: clientParams, response: { 200: z.array(activitySchema) } } }, async (req) => {
    const { accountId } = auth(req);
    await loadClient(db, accountId, req.params.id);
    return listStickies(db, accountId, req.params.id);
  });

  r.post(
    '/clients/:id/activity',
    { schema: { tags, params: clientParams, body: activityCreateSchema, response: { 201: activitySchema } } },
    async (req, reply) => {
      const a = auth(req);
      const activity = await db.tx(async (q) => {
        await loadClient(q, a.accountId, req.params.id);
        const created = await addActivity(q, { accountId: a.accountId, clientId: req.params.id, userId: a.userId, ...req.body });
        await touchLastContact(q, a.accountId, req.params.id);
        return created;
      });
      return reply.code(201).send(activity);
    },
  );

  r.put(
    '/clients/:id/activity/:activityId',
    { schema: { tags, params: itemParams, body: activityUpdateSchema, response: { 200: activitySchema } } },
    async (req) => {
      const a = auth(req);
      return db.tx(async (q) => {
        await loadClient(q, a.accountId, req.params.id);
        return updateActivity(q, a, req.params.id, req.params.activityId, req.body);
      });
    },
  );

  r.delete('/clients/:id/activity/:activityId', { schema: { tags, params: itemParams, response: { 200: messageSchema } } }, async (req) => {
    const a = auth(req);
    await db.tx(async (q) => {
      await loadClient(q, a.accountId, req.params.id);
      await deleteActivity(q, a, req.params.id, req.params.activityId);
    });
    return { message: 'Note Removed' };
  });
}
