import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  callFlowRecordingSchema,
  errorSchema,
  FLOW_RECORDING_MAX_BYTES,
  FLOW_RECORDING_MESSAGES,
  idSchema,
  MAX_FLOW_RECORDINGS,
  messageSchema,
  type CallFlowRecording,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { createFileStorage, type FileStorage } from '../../providers/files/index';

/*
 * Call-flow recordings (spec 002 "Call-flow recording picker"): owners and admins upload up to
 * four audio files (MP3 or WAV, each with a label) that a location's messages can play instead of
 * a spoken text. The carrier fetches them without a session from an unguessable address.
 */
export const FLOW_MEDIA_PATH = '/api/media/call-flow';
const tags = ['phone'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema };

/** The audio type, from the extension and confirmed by the first bytes; null for anything else. */
export function audioType(fileName: string, data: Buffer): string | null {
  const ext = fileName.toLowerCase().split('.').pop();
  const mp3 = data.subarray(0, 3).toString('latin1') === 'ID3' || (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0);
  const wav = data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WAVE';
  if (ext === 'mp3' && mp3) return 'audio/mpeg';
  if (ext === 'wav' && wav) return 'audio/wav';
  return null;
}

interface Row {
  id: string;
  label: string;
  created_at: Date;
  token: string;
}

export async function flowRecordingRoutes(app: FastifyInstance, deps: AppDeps, opts: { storage?: FileStorage } = {}) {
  const { db } = deps;
  const storage = opts.storage ?? createFileStorage(deps.config.dataDir);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { config: { roles: ADMIN_ROLES } };
  const view = (row: Row, token: string): CallFlowRecording => ({
    id: row.id,
    name: row.label,
    url: `${deps.carrier.publicUrl}${FLOW_MEDIA_PATH}/${row.id}/${token}`,
    lastModified: new Date(row.created_at).toISOString(),
  });

  r.get(
    '/utilities/getFiles/callFlow',
    {
      ...admins,
      schema: { tags, description: "The account's call-flow recordings, oldest first.", response: { 200: z.array(callFlowRecordingSchema), ...errors } },
    },
    async (req) => {
      const rows = await db.query<Row>('select id, label, created_at, token from call_flow_recordings where account_id = $1 order by created_at', [
        auth(req).accountId,
      ]);
      return rows.map((row) => view(row, row.token));
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: FLOW_RECORDING_MAX_BYTES, files: 1, fields: 2 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/utilities/upload/callFlow',
      {
        ...admins,
        schema: {
          tags,
          description: 'Uploads a call-flow recording (multipart: field "label", then the file).',
          consumes: ['multipart/form-data'],
          response: { 200: callFlowRecordingSchema, ...errors },
        },
      },
      async (req) => {
        const { accountId } = auth(req);
        if (!req.isMultipart()) throw badRequest(FLOW_RECORDING_MESSAGES.type);
        const part = await req.file();
        const label = String((part?.fields.label as { value?: unknown } | undefined)?.value ?? '').trim();
        if (!label) throw badRequest(FLOW_RECORDING_MESSAGES.labelRequired);
        if (label.length > 60) throw badRequest('A label is at most 60 characters.');
        if (!part) throw badRequest(FLOW_RECORDING_MESSAGES.type);
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, FLOW_RECORDING_MESSAGES.tooLarge);
          throw err;
        }
        const type = audioType(part.filename, data);
        if (!type) throw badRequest(FLOW_RECORDING_MESSAGES.type);
        const id = randomUUID();
        const token = randomBytes(32).toString('base64url');
        const key = `call-flow/${accountId}/${id}`;
        // The count and the insert happen together: two uploads at once cannot make a fifth.
        const row = await db.tx(async (q) => {
          await q.query('select id from accounts where id = $1 for update', [accountId]);
          const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from call_flow_recordings where account_id = $1', [accountId]);
          if (n >= MAX_FLOW_RECORDINGS) throw badRequest(FLOW_RECORDING_MESSAGES.max);
          const [inserted] = await q.query<Row>(
            'insert into call_flow_recordings (id, account_id, label, type, size, storage_key, token) values ($1, $2, $3, $4, $5, $6, $7) returning id, label, created_at, token',
            [id, accountId, label, type, data.length, key, token],
          );
          return inserted;
        });
        await storage.put(key, data, type);
        return view(row, token);
      },
    );
  });

  r.delete(
    '/utilities/upload/callFlow/:id',
    {
      ...admins,
      schema: { tags, description: 'Deletes a call-flow recording.', params: z.object({ id: idSchema }), response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      const [row] = await db.query<{ storage_key: string }>('delete from call_flow_recordings where id = $1 and account_id = $2 returning storage_key', [
        req.params.id,
        auth(req).accountId,
      ]);
      if (!row) throw notFound('Recording not found');
      await storage.remove(row.storage_key);
      return { message: FLOW_RECORDING_MESSAGES.deleted };
    },
  );

  r.get(
    '/media/call-flow/:id/:token',
    {
      schema: {
        tags,
        description: 'A call-flow recording, for the carrier and the settings page (the address is the key).',
        params: z.object({ id: idSchema, token: z.string().min(20).max(100) }),
      },
    },
    async (req, reply) => {
      const [row] = await db.query<{ type: string; size: number; storage_key: string; token: string }>(
        'select type, size, storage_key, token from call_flow_recordings where id = $1',
        [req.params.id],
      );
      const given = Buffer.from(req.params.token);
      if (!row || given.length !== row.token.length || !timingSafeEqual(given, Buffer.from(row.token))) throw notFound('Recording not found');
      const stream = await storage.get(row.storage_key);
      if (!stream) throw notFound('Recording not found');
      return reply
        .header('content-type', row.type)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  );
}
