import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, errorSchema, FEEDBACK_MESSAGES, feedbackSchema, messageSchema, type AppConfig } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { APP_VERSION } from '../../config';
import { auth } from '../../http/context';
import { simulatedWork, simulatorsOpen } from '../../startup';

export async function utilityRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/utilities/feedback',
    {
      schema: {
        tags: ['utilities'],
        description: "The footer's report-issue dialog.",
        body: feedbackSchema,
        response: { 200: messageSchema, 400: errorSchema },
      },
    },
    async (req) => {
      const a = auth(req);
      const { category, relatedTo, comments } = req.body;
      // Filed by the person at the keyboard: the admin's own id while ghosting.
      await db.tx((q) =>
        q.query('insert into feedback (id, account_id, user_id, category, related_to, comments) values ($1, $2, $3, $4, $5, $6)', [
          randomUUID(),
          a.accountId,
          a.realUserId,
          category,
          relatedTo,
          comments,
        ]),
      );
      return { message: FEEDBACK_MESSAGES.sent };
    },
  );

  r.get(
    '/config',
    { schema: { tags: ['utilities'], description: 'Public settings the shell reads before sign-in.', security: [], response: { 200: appConfigSchema } } },
    async (): Promise<AppConfig> => ({
      version: APP_VERSION,
      desktopDownloads: config.desktopDownloads,
      featureRequestUrl: config.featureRequestUrl,
      features: config.features,
      simulated: simulatedWork(config),
      simulators: simulatorsOpen(config),
    }),
  );
}
