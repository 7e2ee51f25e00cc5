import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idSchema, messageSchema, templateFormatSchema, templateInputSchema, templateSchema, templateUpdateSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest } from '../../http/errors';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './service';

const tags = ['templates'];
const formatParams = z.object({ format: templateFormatSchema });
const idParams = z.object({ id: idSchema });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Message templates: the team's (admins manage them) and each user's personal ones. */
export async function templateRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/templates/:format',
    {
      schema: {
        tags,
        description: "The team's templates of a format and the caller's personal ones, by name.",
        params: formatParams,
        response: { 200: z.array(templateSchema) },
      },
    },
    async (req) => listTemplates(db, auth(req), req.params.format),
  );

  r.post(
    '/templates/:format',
    {
      schema: {
        tags,
        description: 'Team templates need an admin role.',
        params: formatParams,
        body: templateInputSchema,
        response: { 201: templateSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { format } = req.params;
      if (req.body.format && req.body.format !== format) throw badRequest(`The template's format must be ${format}`);
      const created = await db.tx((q) => createTemplate(q, auth(req), format, req.body));
      return reply.code(201).send(created);
    },
  );

  r.put('/templates/:id', { schema: { tags, params: idParams, body: templateUpdateSchema, response: { 200: templateSchema, ...errors } } }, async (req) =>
    db.tx((q) => updateTemplate(q, auth(req), req.params.id, req.body)),
  );

  r.delete('/templates/:id', { schema: { tags, params: idParams, response: { 200: messageSchema, ...errors } } }, async (req) => {
    await db.tx((q) => deleteTemplate(q, auth(req), req.params.id));
    return { message: 'Template Deleted' };
  });
}
