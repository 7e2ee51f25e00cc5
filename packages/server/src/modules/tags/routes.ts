import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientTagSchema,
  clientTagsAssignSchema,
  idSchema,
  messageSchema,
  tagInputSchema,
  tagListQuerySchema,
  tagCountResponseSchema,
  tagCountSchema,
  tagSchema,
  tagUpdateSchema,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { sealerOf } from '../../sealing/crypto';
import { loadClient } from '../clientStore/store';
import { assignClientTags, clientTags, countQueryMatches, createTag, deleteTag, listTags, updateTag, type TagScope } from './service';

const idParams = z.object({ id: idSchema });
const tags = ['tags'];

/** Tags of the account (management is for admins) and the tags of one client. */
export async function tagRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, events } = deps;
  const scope = (req: FastifyRequest): TagScope => ({ accountId: auth(req).accountId, sealer: sealerOf(deps) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { roles: ADMIN_ROLES } };

  r.get('/tags', { schema: { tags, querystring: tagListQuerySchema, response: { 200: z.array(tagSchema) } } }, async (req) =>
    listTags(db, scope(req), req.query.sort, req.query.limit),
  );

  r.post('/tags', { ...admin, schema: { tags, body: tagInputSchema, response: { 201: tagSchema } } }, async (req, reply) => {
    const tag = await db.tx((q) => createTag(q, scope(req), req.body));
    events.emit('tagsChanged', { accountId: auth(req).accountId, tagIds: [tag.id] });
    return reply.code(201).send(tag);
  });

  r.post(
    '/tags/count',
    {
      ...admin,
      schema: {
        tags,
        description: 'How many clients a dynamic tag query matches now (a preview before saving).',
        body: tagCountSchema,
        response: { 200: tagCountResponseSchema },
      },
    },
    async (req) => ({ count: await countQueryMatches(db, scope(req), req.body.queryObj.mongodb) }),
  );

  r.put('/tags/:id', { ...admin, schema: { tags, params: idParams, body: tagUpdateSchema, response: { 200: tagSchema } } }, async (req) => {
    const tag = await db.tx((q) => updateTag(q, scope(req), req.params.id, req.body));
    events.emit('tagsChanged', { accountId: auth(req).accountId, tagIds: [req.params.id] });
    return tag;
  });

  r.delete('/tags/:id', { ...admin, schema: { tags, params: idParams, response: { 200: messageSchema } } }, async (req) => {
    await db.tx((q) => deleteTag(q, auth(req).accountId, req.params.id));
    events.emit('tagsChanged', { accountId: auth(req).accountId, tagIds: [req.params.id] });
    return { message: 'Tag deleted' };
  });

  r.get('/clients/:id/tags', { schema: { tags, params: idParams, response: { 200: z.array(clientTagSchema) } } }, async (req) => {
    const { accountId } = auth(req);
    await loadClient(db, accountId, req.params.id);
    return clientTags(db, scope(req), req.params.id);
  });

  r.put('/clients/:id/tags', { schema: { tags, params: idParams, body: clientTagsAssignSchema, response: { 200: z.array(clientTagSchema) } } }, async (req) => {
    const { accountId } = auth(req);
    const result = await db.tx(async (q) => {
      await loadClient(q, accountId, req.params.id);
      await assignClientTags(q, accountId, req.params.id, req.body.tags);
      return clientTags(q, scope(req), req.params.id);
    });
    events.emit('clientsChanged', { accountId, clientIds: [req.params.id] });
    return result;
  });
}
