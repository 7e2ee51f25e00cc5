import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeTaskSchema,
  clientTaskBoardSchema,
  errorSchema,
  setActiveTaskSchema,
  taskBoardInputSchema,
  taskBoardParamsSchema,
  taskBoardSchema,
  taskBoardUpdateSchema,
  taskCardPageSchema,
  taskCardsQuerySchema,
  taskClientParamsSchema,
  taskLaneParamsSchema,
  taskLaneSchema,
  taskUserSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { sealerOf } from '../../sealing/crypto';
import { clientTagSource } from './clientTags';
import { auth } from '../../http/context';
import type { Actor } from './access';
import { activeTask, setActiveTask, setAsideActiveTask } from './active';
import { boardLanes, boardUsers, clientBoards, createBoard, deleteBoard, getBoard, listBoards, updateBoard } from './boards';
import { clearLane, listCards } from './cards';
import { clientsChanged, tagsChanged } from './listeners';

const actorOf = (req: FastifyRequest): Actor => {
  const a = auth(req);
  return { accountId: a.accountId, userId: a.userId, role: a.role };
};
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['taskboards'];

/** /taskboard: boards, their lanes, users and cards, and a contact's place on them. */
export async function taskBoardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const source = clientTagSource(sealerOf(deps));

  // boards with assigned tags follow the contacts module's changes
  const offClients = events.on('clientsChanged', ({ accountId, clientIds }) => clientsChanged(db, accountId, clientIds, source));
  const offTags = events.on('tagsChanged', ({ accountId, tagIds }) => tagsChanged(db, accountId, tagIds, source));
  app.addHook('onClose', async () => {
    offClients();
    offTags();
  });

  r.get('/taskboard', { schema: { tags, response: { 200: z.array(taskBoardSchema), ...errors } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listBoards(db, actorOf(req), source);
  });

  r.post('/taskboard', { schema: { tags, body: taskBoardInputSchema, response: { 201: taskBoardSchema, ...errors } } }, async (req, reply) => {
    reply.code(201);
    return createBoard(db, actorOf(req), req.body, source);
  });

  // static paths before /taskboard/:id so they are never read as a board id
  r.get('/taskboard/active', { schema: { tags, response: { 200: activeTaskSchema, ...errors } } }, async (req) => {
    const a = actorOf(req);
    return { card: await activeTask(db, a.accountId, a.userId) };
  });
  r.put('/taskboard/active', { schema: { tags, body: setActiveTaskSchema, response: { 200: activeTaskSchema, ...errors } } }, async (req) => ({
    card: await setActiveTask(db, actorOf(req), req.body.cardId),
  }));
  r.delete('/taskboard/active', { schema: { tags, response: { 200: activeTaskSchema, ...errors } } }, async (req) => {
    await setAsideActiveTask(db, actorOf(req));
    return { card: null };
  });

  r.get(
    '/taskboard/client/:clientId',
    { schema: { tags, params: taskClientParamsSchema, response: { 200: z.array(clientTaskBoardSchema), ...errors } } },
    async (req) => clientBoards(db, actorOf(req), req.params.clientId, source),
  );

  r.get('/taskboard/:id', { schema: { tags, params: taskBoardParamsSchema, response: { 200: taskBoardSchema, ...errors } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getBoard(db, actorOf(req), req.params.id, source);
  });

  r.put(
    '/taskboard/:id',
    { schema: { tags, params: taskBoardParamsSchema, body: taskBoardUpdateSchema, response: { 200: taskBoardSchema, ...errors } } },
    async (req) => updateBoard(db, actorOf(req), req.params.id, req.body, source),
  );

  r.delete(
    '/taskboard/:id',
    { schema: { tags, params: taskBoardParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (req) => {
      await deleteBoard(db, actorOf(req), req.params.id);
      return { message: 'Task board deleted' };
    },
  );

  r.get('/taskboard/:id/users', { schema: { tags, params: taskBoardParamsSchema, response: { 200: z.array(taskUserSchema), ...errors } } }, async (req) =>
    boardUsers(db, actorOf(req), req.params.id),
  );

  r.get('/taskboard/:id/lanes', { schema: { tags, params: taskBoardParamsSchema, response: { 200: z.array(taskLaneSchema), ...errors } } }, async (req) =>
    boardLanes(db, actorOf(req), req.params.id),
  );

  r.delete(
    '/taskboard/:id/lanes/:laneId',
    { schema: { tags, params: taskLaneParamsSchema, response: { 200: z.object({ cleared: z.number().int() }), ...errors } } },
    async (req) => clearLane(db, actorOf(req), req.params.id, req.params.laneId),
  );

  r.get(
    '/taskboard/:id/:laneId/cards',
    { schema: { tags, params: taskLaneParamsSchema, querystring: taskCardsQuerySchema, response: { 200: taskCardPageSchema, ...errors } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listCards(db, actorOf(req), req.params.id, req.params.laneId, req.query);
    },
  );
}
