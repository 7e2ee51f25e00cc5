import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@agency/contracts';

export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/healthcheck', { schema: { tags: ['health'], response: { 200: messageSchema } } }, async () => ({ message: 'OK' }));
}
