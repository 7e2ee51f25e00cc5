import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES, chatRoomIdSchema, chatUploadResponseSchema, errorSchema, gifSchema, idSchema, isInlineImage } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { createFileStorage, type FileStorage } from '../../providers/files/index';
import { createGifProvider, type GifProvider } from '../../providers/gifs/index';
import { localGifFile } from '../../providers/gifs/local';
import { fileUrl } from './messages';
import { requireMember } from './rooms';
import { checkUpload, cleanFileName } from './uploads';

const roomParams = z.object({ roomId: chatRoomIdSchema });
const fileParams = roomParams.extend({ fileId: idSchema });

/** Chat's HTTP side: uploads (members only), downloads (members only) and the GIF provider. */
export async function chatRoutes(app: FastifyInstance, deps: AppDeps, opts: { storage?: FileStorage; gifs?: GifProvider } = {}) {
  const { db } = deps;
  const storage = opts.storage ?? createFileStorage(deps.config.dataDir);
  const gifs = opts.gifs ?? createGifProvider();

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: CHAT_LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/utilities/upload/chat/:roomId',
      {
        schema: {
          tags: ['chat'],
          description: 'Uploads one file (multipart field "file") to a chat room the user is in; answers with its address.',
          consumes: ['multipart/form-data'],
          params: roomParams,
          response: { 200: chatUploadResponseSchema, 400: errorSchema, 403: errorSchema, 413: errorSchema },
        },
      },
      async (req) => {
        const a = auth(req);
        await requireMember(db, a, req.params.roomId);
        if (!req.isMultipart()) throw badRequest(CHAT_MESSAGES.fileMissing);
        const part = await req.file();
        if (!part) throw badRequest(CHAT_MESSAGES.fileMissing);
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CHAT_MESSAGES.fileTooLarge);
          throw err;
        }
        const name = cleanFileName(part.filename);
        const type = checkUpload(name, data);
        const id = randomUUID();
        const key = `chat/${a.accountId}/${id}`;
        await storage.put(key, data, type);
        try {
          await db.query(`insert into chat_uploads (id, account_id, room_id, user_id, name, type, size, storage_key) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
            id,
            a.accountId,
            req.params.roomId,
            a.userId,
            name,
            type,
            data.length,
            key,
          ]);
        } catch (err) {
          await storage.remove(key).catch(() => undefined);
          throw err;
        }
        const url = fileUrl(req.params.roomId, id);
        return { id, name, type, size: data.length, url, imageUrl: url };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/utilities/files/chat/:roomId/:fileId',
    { schema: { tags: ['chat'], description: 'Downloads a chat attachment (members of the room only).', params: fileParams } },
    async (req, reply) => {
      const a = auth(req);
      await requireMember(db, a, req.params.roomId);
      const [file] = await db.query<{ name: string; type: string; size: number; storage_key: string }>(
        `select name, type, size, storage_key from chat_uploads
          where id = $1 and account_id = $2 and room_id = $3 and removed_at is null`,
        [req.params.fileId, a.accountId, req.params.roomId],
      );
      if (!file) throw notFound('File not found');
      const stream = await storage.get(file.storage_key);
      if (!stream) throw notFound('File not found');
      const disposition = isInlineImage(file.type) ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  );

  // The GIFs shipped with the app, from this origin (the Content-Security-Policy allows no other), to <img> tags without a session.
  r.get('/gifs/:file', { schema: { tags: ['chat'], params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.gif$/) }) } }, async (req, reply) => {
    const file = localGifFile(req.params.file.replace(/\.gif$/, ''));
    if (!file) throw notFound(CHAT_MESSAGES.gifRemoved);
    return reply.type('image/gif').header('cache-control', 'public, max-age=86400').send(file);
  });

  r.get('/utilities/gifs/config', { schema: { tags: ['chat'], response: { 200: z.object({ configured: z.boolean() }) } } }, async () => ({
    configured: gifs.configured,
  }));

  r.get(
    '/utilities/gifs',
    {
      schema: {
        tags: ['chat'],
        description: 'G-rated GIFs matching q (trending without q).',
        querystring: z.object({ q: z.string().max(100).default(''), offset: z.coerce.number().int().min(0).max(4999).default(0) }),
        response: { 200: z.object({ gifs: z.array(gifSchema) }), 400: errorSchema },
      },
    },
    async (req) => {
      if (!gifs.configured) throw badRequest(CHAT_MESSAGES.gifsNotConfigured);
      return { gifs: await gifs.search(req.query.q, req.query.offset) };
    },
  );

  r.get(
    '/utilities/gifs/:id',
    {
      schema: { tags: ['chat'], params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }), response: { 200: gifSchema, 404: errorSchema } },
    },
    async (req) => {
      if (!gifs.configured) throw notFound(CHAT_MESSAGES.gifsNotConfigured);
      const gif = await gifs.get(req.params.id);
      if (!gif) throw notFound(CHAT_MESSAGES.gifRemoved);
      return gif;
    },
  );
}
