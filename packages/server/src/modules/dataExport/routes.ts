import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountParamsSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { createFileStorage } from '../../providers/files/index';
import { auditWho, recordAudit } from '../audit/trail';
import { writeAgencyExport } from './export';

/** GET /accounts/{accountId}/export: the owner takes the agency's data with them (one tar.gz), audited. */
export async function dataExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const storage = createFileStorage(deps.config.dataDir);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/accounts/:accountId/export',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['accounts'],
        description:
          "All of the agency's data as one tar.gz (owners): contacts with their records, texts, calls with recordings, tasks, chat and their files, as JSON Lines with a manifest. Sealed fields are withheld. The export is recorded.",
        params: accountParamsSchema,
      },
    },
    async (req, reply) => {
      const { accountId } = req.params;
      const out = await writeAgencyExport(deps.db, accountId, { storage, recordingAudio: (sid) => deps.carrier.recordingAudio(sid) });
      try {
        const rows = Object.values(out.manifest.tables).reduce((a, b) => a + b, 0);
        await recordAudit(
          deps.db,
          { ...auditWho(req), accountId },
          'agencyExported',
          { type: 'account', id: accountId, label: out.manifest.agency.name },
          `${rows} rows, ${out.manifest.files.length} files`,
        );
      } catch (err) {
        out.done();
        throw err;
      }
      const stream = createReadStream(out.file);
      stream.once('close', out.done);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(out.size))
        .header('content-disposition', `attachment; filename="agency-data-${day}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
