import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientIdParamsSchema,
  FOLLOWUP_BUCKETS,
  followUpBucketQuerySchema,
  followUpCountsSchema,
  followUpCreateSchema,
  followUpSchema,
  followUpUpdateSchema,
  idSchema,
  type FollowUp,
  messageSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { loadClient } from '../clientStore/store';
import type { Queryable } from '../../db/index';
import { scheduleReminder } from './reminders';
import { bucketFollowUps, clientFollowUps, completeFollowUp, createFollowUp, deleteFollowUp, followUpCounts, getFollowUp, updateFollowUp } from './service';

const idParams = z.object({ id: idSchema });
const tags = ['followups'];

export async function followUpRoutes(app: FastifyInstance, { db, jobs }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** In the write's transaction: the reminder job, and the follow-up answered with it. */
  const withReminder = async (q: Queryable, ctx: Parameters<typeof getFollowUp>[1], f: FollowUp) => {
    await scheduleReminder(q, jobs, {
      id: f.id,
      accountId: ctx.accountId,
      date: new Date(f.date),
      reminderAt: f.reminderAt,
      assignTo: f.assignTo,
      isActive: f.isActive,
    });
    return getFollowUp(q, ctx, f.id);
  };

  r.post('/followups', { schema: { tags, body: followUpCreateSchema, response: { 201: followUpSchema } } }, async (req, reply) => {
    const f = await db.tx(async (q) => withReminder(q, auth(req), await createFollowUp(q, auth(req), req.body)));
    return reply.code(201).send(f);
  });

  r.get('/followups/counts', { schema: { tags, querystring: followUpBucketQuerySchema, response: { 200: followUpCountsSchema } } }, async (req) =>
    followUpCounts(db, auth(req), req.query),
  );

  r.get('/followups/client/:id', { schema: { tags, params: clientIdParamsSchema, response: { 200: z.array(followUpSchema) } } }, async (req) => {
    await loadClient(db, auth(req).accountId, req.params.id);
    return clientFollowUps(db, auth(req), req.params.id);
  });

  r.get(
    '/followups/:bucket',
    {
      schema: {
        tags,
        params: z.object({ bucket: z.enum(FOLLOWUP_BUCKETS) }),
        querystring: followUpBucketQuerySchema,
        response: { 200: z.array(followUpSchema) },
      },
    },
    async (req) => bucketFollowUps(db, auth(req), req.params.bucket, req.query),
  );

  r.put('/followups/:id', { schema: { tags, params: idParams, body: followUpUpdateSchema, response: { 200: followUpSchema } } }, async (req) =>
    db.tx(async (q) => withReminder(q, auth(req), await updateFollowUp(q, auth(req), req.params.id, req.body))),
  );

  r.put('/followups/:id/complete', { schema: { tags, params: idParams, response: { 200: followUpSchema } } }, async (req) =>
    db.tx((q) => completeFollowUp(q, auth(req), req.params.id)),
  );

  r.delete('/followups/:id', { schema: { tags, params: idParams, response: { 200: messageSchema } } }, async (req) => {
    await db.tx((q) => deleteFollowUp(q, auth(req), req.params.id));
    return { message: 'Follow up removed' };
  });
}
