import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idSchema, WALKIN_MESSAGES, walkInCreateSchema, walkInUpdateSchema, type WalkIn } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { checkIn, getWalkIn, listWalkIns, updateWalkIn } from './service';

const tags = ['walkins'];
const errors = { 400: errorSchema, 404: errorSchema };
const walkIns = z.any();

/** /walkins: check people in, assign them, mark them seen and done; every change reaches everyone live. */
export async function walkInRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (accountId: string, id: string) => events.emit('walkInsChanged', { accountId, id });

  r.get('/walkins', { schema: { tags, response: { 200: walkIns } } }, async (req): Promise<WalkIn[]> => listWalkIns(db, auth(req).accountId));

  r.post('/walkins', { schema: { tags, body: walkInCreateSchema, response: { 201: walkIns, ...errors } } }, async (req, reply) => {
    const a = auth(req);
    const id = await db.tx((q) => checkIn(q, a, req.body));
    changed(a.accountId, id);
    return reply.code(201).send(await getWalkIn(db, a.accountId, id));
  });

  r.put(
    '/walkins/:id',
    { schema: { tags, params: z.object({ id: idSchema }), body: walkInUpdateSchema, response: { 200: walkIns, ...errors } } },
    async (req) => {
      const a = auth(req);
      const before = await getWalkIn(db, a.accountId, req.params.id);
      await db.tx((q) => updateWalkIn(q, a.accountId, req.params.id, req.body));
      const after = await getWalkIn(db, a.accountId, req.params.id);
      changed(a.accountId, after.id);
      // The person it was given to hears of it wherever they are.
      if (after.assignedTo && after.assignedTo.id !== before.assignedTo?.id && after.assignedTo.id !== a.userId) {
        events.emit('notice', {
          accountId: a.accountId,
          userIds: [after.assignedTo.id],
          notice: { message: WALKIN_MESSAGES.assigned(after.name), link: '/walkins' },
        });
      }
      return after;
    },
  );
}
