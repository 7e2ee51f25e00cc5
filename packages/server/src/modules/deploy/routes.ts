import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPLOY_NAMES,
  deployKeyCreatedSchema,
  deployKeyCreateSchema,
  deployKeySchema,
  errorSchema,
  publishAnswerSchema,
  publishMissingAnswerSchema,
  publishMissingSchema,
  publishRequestSchema,
  shellSurfaceSchema,
  SUPER_ROLES,
  type DeployKey,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth, bearerToken } from '../../http/context';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { activeShellSurface } from '../../static/release';
import { readActive } from '../../static/remotes';
import { recordReleaseChange } from '../releases/history';
import { checkDeployKey, createDeployKey, listDeployKeys, revokeDeployKey } from './keys';
import { missingUploads, publishBuild, PUBLISH_FILE_LIMIT, storeUpload } from './publish';

const tags = ['releases'];
const nameParams = z.object({ name: z.enum(DEPLOY_NAMES) });

/** The live deploy key of a request, allowed to publish `name` (any name when none is given); 401 or 403 otherwise. */
async function deployKeyOf(deps: AppDeps, req: FastifyRequest, name?: string): Promise<DeployKey> {
  const checked = await checkDeployKey(deps.db, bearerToken(req));
  if (!checked.ok) throw new HttpError(401, checked.reason);
  if (name && !checked.key.names.includes(name))
    throw forbidden(`The deploy key "${checked.key.label}" may publish ${checked.key.names.join(', ')}, not ${name}.`);
  return checked.key;
}

/** Deploy keys, kept by super users on the Releases page. */
export async function deployKeyRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const by = async (req: FastifyRequest) =>
    (await db.query<{ email: string }>('select email from users where id = $1', [auth(req).realUserId]))[0]?.email ?? auth(req).realUserId;

  r.get(
    '/releases/keys',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags,
        summary: 'List deploy keys',
        description: 'Every deploy key, newest first, without its secret (super only).',
        response: { 200: z.array(deployKeySchema), 403: errorSchema },
      },
    },
    async () => listDeployKeys(db),
  );

  r.post(
    '/releases/keys',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags,
        summary: 'Create a deploy key',
        description: 'A key for a team to publish the names it holds over HTTPS; its secret is in this answer only (super only).',
        body: deployKeyCreateSchema,
        response: { 201: deployKeyCreatedSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) => {
      const made = await createDeployKey(db, req.body, await by(req));
      await recordReleaseChange(db, {
        by: made.key.createdBy,
        via: 'page',
        action: 'keyCreated',
        name: made.key.names.join(','),
        release: made.key.label,
        reason: `may publish ${made.key.names.join(', ')} until ${made.key.expiresAt.slice(0, 10)}`,
      });
      return reply.code(201).send(made);
    },
  );

  r.delete(
    '/releases/keys/:id',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags,
        summary: 'Revoke a deploy key',
        description: 'The key publishes nothing from now on (super only).',
        params: z.object({ id: z.uuid() }),
        response: { 200: deployKeySchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const who = await by(req);
      const key = await revokeDeployKey(db, req.params.id, who);
      if (!key) throw notFound('There is no such deploy key.');
      await recordReleaseChange(db, { by: who, via: 'page', action: 'keyRevoked', name: key.names.join(','), release: key.label });
      return key;
    },
  );
}

/**
 * Publishing with a deploy key (Authorization: Bearer adk_…), no session: what the active shell
 * provides, which of a build's files the server lacks, each file, then the build made a release.
 */
export async function publishRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config, sharedReleases } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: PUBLISH_FILE_LIMIT }, (_req, body, done) => done(null, body));
  const deployKeyAuth = { security: [{ deployKey: [] }] };

  r.get(
    '/releases/shell-surface',
    {
      schema: {
        tags,
        ...deployKeyAuth,
        summary: "The active shell's shared surface",
        description: 'What the active shell provides, for a preflight run before a publish (any live deploy key).',
        response: { 200: shellSurfaceSchema.nullable(), 401: errorSchema },
      },
    },
    async (req) => {
      await deployKeyOf(deps, req);
      await sharedReleases?.pull();
      return activeShellSurface(config.releasesDir, config.shellDir);
    },
  );

  r.post(
    '/releases/:name/publish/missing',
    {
      schema: {
        tags,
        ...deployKeyAuth,
        summary: 'Files a build would upload',
        description: "Of a build's files, the SHA-256 of each the server lacks (a deploy key for the name).",
        params: nameParams,
        body: publishMissingSchema,
        response: { 200: publishMissingAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => {
      await deployKeyOf(deps, req, req.params.name);
      return { missing: missingUploads(config, req.params.name, req.body.files) };
    },
  );

  r.put(
    '/releases/:name/publish/files/:sha256',
    {
      bodyLimit: PUBLISH_FILE_LIMIT,
      schema: {
        tags,
        ...deployKeyAuth,
        summary: 'Upload one file of a build',
        description: `One file's bytes (application/octet-stream, at most ${PUBLISH_FILE_LIMIT} bytes), kept once they match the SHA-256 in the path (a deploy key for the name).`,
        params: nameParams.extend({ sha256: z.string() }),
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema },
      },
    },
    async (req, reply) => {
      await deployKeyOf(deps, req, req.params.name);
      if (!Buffer.isBuffer(req.body)) throw new HttpError(415, 'Send the file as application/octet-stream.');
      storeUpload(config, req.params.sha256, req.body);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/releases/:name/publish',
    {
      schema: {
        tags,
        ...deployKeyAuth,
        summary: 'Publish a build',
        description:
          'Makes a build whose files were uploaded a release of the name, after the preflight; `activate` makes it active in place of `expectedActive` (409 naming the active release when another publish won). A deploy key for the name.',
        params: nameParams,
        body: publishRequestSchema,
        response: { 200: publishAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const key = await deployKeyOf(deps, req, req.params.name);
      const by = `deploy key "${key.label}"`;
      const before = readActive(config.releasesDir)[req.params.name]?.active ?? null;
      const published = await publishBuild(config, sharedReleases, req.params.name, req.body, by);
      // every publish that stored or activated something is in the global history, with the key's label
      const action =
        published.active === published.release
          ? published.created
            ? 'released'
            : before === published.release
              ? null
              : 'activated'
          : published.created
            ? 'staged'
            : null;
      if (action)
        await recordReleaseChange(deps.db, { by, via: 'deploy', action, name: req.params.name, release: published.release, reason: req.body.note ?? null });
      return published;
    },
  );
}
