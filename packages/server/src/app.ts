import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { Db } from './db/index';
import { HttpError } from './http/errors';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { staticRoutes } from './static/routes';
import type { MailProvider } from './providers/mail/index';
import { createLocalMail } from './providers/mail/local';
import { taskBoardRoutes } from './modules/taskboards/routes';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  mail: MailProvider;
}

export async function buildApp(opts: { db: Db; config: ServerConfig; mail?: MailProvider; logger?: boolean }): Promise<FastifyInstance> {
  const deps: AppDeps = { db: opts.db, config: opts.config, mail: opts.mail ?? createLocalMail(opts.db) };
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: true, bodyLimit: 2 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: Array<{ message?: string }> }, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    if (err.validation) {
      const first = err.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: first });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    return reply.code(status).send({ message: status === 500 ? 'Something went wrong. Please try again.' : err.message });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Agency Desk API', version: '2.10.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await healthRoutes(api);
      await authRoutes(api, deps);
      await taskBoardRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  await staticRoutes(app, opts.config);
  return app;
}
