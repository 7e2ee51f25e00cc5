import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientListQuerySchema, importPreviewRequestSchema, importPreviewSchema, importRequestSchema, importResultSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { auditWho, recordAudit } from '../audit/trail';
import { sealerOf } from '../../sealing/crypto';
import { exportClients, importClients, previewImport } from './importExport';

const tags = ['clients'];

/** POST /clients/import/preview, POST /clients/import, GET /clients/export. */
export async function importExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // a CSV of up to 10 MB travels as JSON text
  const bodyLimit = 12 * 1024 * 1024;

  r.post('/clients/import/preview', { bodyLimit, schema: { tags, body: importPreviewRequestSchema, response: { 200: importPreviewSchema } } }, async (req) =>
    previewImport(req.body.csv),
  );

  r.post('/clients/import', { bodyLimit, schema: { tags, body: importRequestSchema, response: { 200: importResultSchema } } }, async (req) => {
    const result = await importClients(db, auth(req), req.body, sealerOf(deps), {
      onBatchError: (err, row) => req.log.error({ err }, `the contacts import stopped at row ${row}`),
    });
    const clientIds = [...new Set(result.rows.flatMap((row) => (row.clientId ? [row.clientId] : [])))];
    if (!result.dryRun && clientIds.length) deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds });
    return result;
  });

  r.get('/clients/export', { schema: { tags, querystring: clientListQuerySchema.omit({ after: true, limit: true }) } }, async (req, reply) => {
    const { csv } = await db.tx(async (q) => {
      const result = await exportClients(q, auth(req), req.query, sealerOf(deps));
      await recordAudit(q, auditWho(req), 'contactsExported', null, `${result.count} ${result.count === 1 ? 'contact' : 'contacts'}`);
      return result;
    });
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="contacts.csv"').send(csv);
  });
}
