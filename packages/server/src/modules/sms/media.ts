import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SMS_MEDIA_LIMITS, SMS_MESSAGES, errorSchema, idSchema, type SmsMedia, type SmsUpload } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { auth } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { createFileStorage, type FileStorage } from '../../providers/files/index';
import { checkUpload, cleanFileName } from '../chat/uploads';

/*
 * Pictures in texts (MMS). Staff upload a picture (the chat's checks: the extension decides the
 * type, the first bytes must agree; then only JPEG, PNG and GIF up to 5 MB, what carriers take);
 * the carrier fetches it from /api/media/sms/{id}/{token}, public because the carrier has no
 * session, and unguessable (a 256-bit token, only its hash stored).
 */
export const MEDIA_PATH = '/api/media/sms';
/** What an inbound picture is served as: the image types a browser shows, anything else as bytes to download. */
const SHOWN_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A picture's address as the app keeps and shows it: a path on the app's own origin, so it shows
 * whatever host name the person uses (localhost, 127.0.0.1, the agency's domain). One of ours
 * given whole (from the public URL, or an older upload) is brought back to its path; any other
 * address (the carrier's) is kept as it is.
 */
export function mediaPath(deps: Pick<AppDeps, 'carrier'>, info: string): string {
  const own = `${deps.carrier.publicUrl}${MEDIA_PATH}/`;
  if (info.startsWith(own)) return info.slice(deps.carrier.publicUrl.length);
  return info;
}
/** The address the carrier fetches a picture from: ours made absolute with the public URL. */
export const mediaUrl = (deps: Pick<AppDeps, 'carrier'>, info: string) => (info.startsWith(`${MEDIA_PATH}/`) ? `${deps.carrier.publicUrl}${info}` : info);

/** The pictures of a text: each must be one of this account's uploads. */
export async function checkMedia(q: Queryable, deps: Pick<AppDeps, 'carrier'>, accountId: string, media: SmsMedia[]): Promise<SmsMedia[]> {
  if (media.length > SMS_MEDIA_LIMITS.maxPerText) throw badRequest(`A text can carry at most ${SMS_MEDIA_LIMITS.maxPerText} pictures.`);
  const prefix = `${MEDIA_PATH}/`;
  const out: SmsMedia[] = [];
  for (const m of media) {
    const info = mediaPath(deps, m.info);
    const [id, token] = info.startsWith(prefix) ? info.slice(prefix.length).split('/') : [];
    if (!id || !token || !idSchema.safeParse(id).success) throw badRequest(SMS_MESSAGES.mediaUnknown);
    const [row] = await q.query<{ type: string; token_hash: string }>('select type, token_hash from sms_media where id = $1 and account_id = $2', [
      id,
      accountId,
    ]);
    if (!row || row.token_hash !== hash(token)) throw badRequest(SMS_MESSAGES.mediaUnknown);
    out.push({ format: row.type, info });
  }
  return out;
}

const storages = new Map<string, FileStorage>();
const storageFor = (dataDir: string) => {
  let storage = storages.get(dataDir);
  if (!storage) storages.set(dataDir, (storage = createFileStorage(dataDir)));
  return storage;
};

/** Stores a picture of the account and answers its unguessable address (`/api/media/sms/{id}/{token}`, on the app's origin). */
export async function storeMedia(
  deps: Pick<AppDeps, 'db' | 'carrier' | 'config'>,
  storage: FileStorage,
  m: { accountId: string; userId: string | null; name: string; type: string; data: Buffer },
): Promise<string> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const key = `sms/${m.accountId}/${id}`;
  await storage.put(key, m.data, m.type);
  await deps.db.query('insert into sms_media (id, account_id, user_id, name, type, size, storage_key, token_hash) values ($1, $2, $3, $4, $5, $6, $7, $8)', [
    id,
    m.accountId,
    m.userId,
    m.name,
    m.type,
    m.data.length,
    key,
    hash(token),
  ]);
  return `${MEDIA_PATH}/${id}/${token}`;
}

/**
 * The pictures of an inbound text, served from the app's own origin: each one the carrier keeps is
 * fetched with the carrier's credentials and stored as the account's, so the page shows it under
 * its own CSP (`img-src 'self'`). One that cannot be fetched keeps the carrier's address.
 */
export async function ownInboundMedia(deps: Pick<AppDeps, 'db' | 'carrier' | 'config'>, accountId: string, media: SmsMedia[]): Promise<SmsMedia[]> {
  const out: SmsMedia[] = [];
  for (const [i, m] of media.entries()) {
    const path = mediaPath(deps, m.info);
    if (path.startsWith(`${MEDIA_PATH}/`)) {
      out.push({ ...m, info: path });
      continue;
    }
    const got = await deps.carrier.fetchMedia(m.info, SMS_MEDIA_LIMITS.maxBytes).catch(() => null);
    if (!got) {
      console.warn(`An inbound picture could not be fetched from the carrier (${accountId}).`);
      out.push(m);
      continue;
    }
    const type = SHOWN_TYPES.includes(got.type) ? got.type : 'application/octet-stream';
    const info = await storeMedia(deps, storageFor(deps.config.dataDir), { accountId, userId: null, name: `picture-${i + 1}`, type, data: got.data });
    out.push({ format: type, info });
  }
  return out;
}

export async function smsMediaRoutes(app: FastifyInstance, deps: AppDeps, opts: { storage?: FileStorage } = {}) {
  const { db } = deps;
  const storage = opts.storage ?? createFileStorage(deps.config.dataDir);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SMS_MEDIA_LIMITS.maxBytes, files: 1, fields: 2 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/utilities/upload/sms',
      {
        schema: {
          tags: ['sms'],
          description: 'Uploads one picture (multipart field "file") to text; answers with its address on the app\'s origin (a path).',
          consumes: ['multipart/form-data'],
          response: { 200: z.any(), 400: errorSchema, 413: errorSchema },
        },
      },
      async (req): Promise<SmsUpload> => {
        const a = auth(req);
        if (!req.isMultipart()) throw badRequest(SMS_MESSAGES.mediaType);
        const part = await req.file();
        if (!part) throw badRequest(SMS_MESSAGES.mediaType);
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, SMS_MESSAGES.mediaTooLarge);
          throw err;
        }
        const name = cleanFileName(part.filename);
        let type: string;
        try {
          type = checkUpload(name, data);
        } catch {
          throw badRequest(SMS_MESSAGES.mediaType);
        }
        if (!(SMS_MEDIA_LIMITS.types as readonly string[]).includes(type)) throw badRequest(SMS_MESSAGES.mediaType);
        const info = await storeMedia(deps, storage, { accountId: a.accountId, userId: a.userId, name, type, data });
        return { format: type, info, name };
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/sms/:id/:token',
    {
      schema: {
        tags: ['sms'],
        description: 'A texted picture, for the carrier and the conversation (the address is the key).',
        params: z.object({ id: idSchema, token: z.string().min(20).max(100) }),
      },
    },
    async (req, reply) => {
      const [row] = await db.query<{ type: string; size: number; storage_key: string; token_hash: string }>(
        'select type, size, storage_key, token_hash from sms_media where id = $1',
        [req.params.id],
      );
      const given = Buffer.from(hash(req.params.token));
      if (!row || !timingSafeEqual(given, Buffer.from(row.token_hash))) throw notFound('Picture not found');
      const stream = await storage.get(row.storage_key);
      if (!stream) throw notFound('Picture not found');
      return reply
        .header('content-type', row.type)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  );
}
