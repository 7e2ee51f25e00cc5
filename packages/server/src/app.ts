import { loadAuditChainKeys, setAuditChainKeys } from './modules/audit/key';
import { REMOTE_NAMES, SHELL_RELEASE } from '@agency/contracts';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyCompress from '@fastify/compress';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption, type ServerConfig } from './config';
import type { Db } from './db/index';
import { accessControl, adminsOnly, type ApiRoute } from './http/access';
import { watchSessions, type SessionCache } from './http/sessionCache';
import { securityHeaders } from './http/headers';
import { refuseControlChars } from './http/controlChars';
import { HttpError } from './http/errors';
import { createEvents, type AppEvents } from './events';
import type { Jobs } from './jobs/index';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { trainingRoutes } from './modules/trainings/routes';
import { releaseRoutes } from './modules/releases/routes';
import { deployKeyRoutes, publishRoutes } from './modules/deploy/routes';
import { userRoutes } from './modules/users/routes';
import { utilityRoutes } from './modules/utilities/routes';
import { devRemotes, STANDALONE_PAGES, staticRoutes } from './static/routes';
import { activeShellDir } from './static/release';
import { releaseFilesFor, startSharedReleases, type SharedReleases } from './static/shared';
import { clientRoutes } from './modules/clients/routes';
import { clientRecordRoutes } from './modules/clients/records/routes';
import { activityRoutes } from './modules/clients/activity/routes';
import { tagRoutes } from './modules/tags/routes';
import { followUpRoutes } from './modules/followups/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { valueRoutes } from './modules/values/routes';
import { phoneBlockRoutes } from './modules/phoneBlock/routes';
import { vinRoutes } from './modules/vin/routes';
import { auditRoutes } from './modules/audit/routes';
import { dataExportRoutes } from './modules/dataExport/routes';
import { sealReadableTotpSecrets } from './modules/auth/totpSecrets';
import type { MailProvider } from './providers/mail/index';
import { createLocalMail } from './providers/mail/local';
import { gifImageOrigins } from './providers/gifs/index';
import { SealedValueError, sealerFor } from './sealing/crypto';
import { sealReadableClientData } from './modules/clients/sealReadable';
import { chatRoutes } from './modules/chat/routes';
import { taskBoardRoutes } from './modules/taskboards/routes';
import { locationRoutes } from './modules/locations/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { referralRoutes } from './modules/referrals/routes';
import { templateRoutes } from './modules/templates/routes';
import { accountRoutes } from './modules/accounts/routes';
import { smsRoutes } from './modules/sms/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { walkInRoutes } from './modules/walkins/routes';
import { carrierWebhookRoutes } from './modules/sms/webhooks';
import { conferenceRoutes } from './modules/phone/conferenceRoutes';
import { flowRecordingRoutes } from './modules/phone/flowRecordings';
import { phoneRoutes } from './modules/phone/routes';
import { voiceWebhookRoutes } from './modules/phone/webhooks';
import { loadClientDataKey } from './sealing/crypto';
import type { Carrier } from './providers/carrier/index';
import { SIGNATURE_HEADER } from './providers/carrier/index';
import { createCarrier } from './providers/carrier/create';
import type { BillingProvider } from './providers/billing/index';
import { createBilling } from './providers/billing/create';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes';
import { countUsage } from './modules/billing/usage';
import { registrationRoutes } from './modules/registration/routes';
import { numberRoutes } from './modules/numbers/routes';
import { portRoutes } from './modules/numbers/ports';
import { mobileAppRoutes } from './modules/mobileApp/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { renewalRoutes } from './modules/renewals/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api, as registered. */
    apiRoutes: ApiRoute[];
    /** What the routes were built with (realtime's socket features need the same). */
    deps: AppDeps;
  }
}

type ValidationIssue = { message?: string; instancePath?: string; keyword?: string; params?: { format?: string } };
/** An id of the address that cannot name anything (not a UUID, or a malformed ...Id). */
const isMalformedId = (i: ValidationIssue) => i.params?.format === 'uuid' || /\/(id|\w+Id)$/.test(i.instancePath ?? '');
/** Names of the address's words in the product's words. */
const NOUNS: Record<string, string> = { taskboard: 'task board', sm: 'conversation' };

/** "Client not found" for a bad :clientId, or for a bad :id after /clients; "Not found" when the thing has no name. */
export function paramNotFound(route: string | undefined, issues: ValidationIssue[]): string {
  // A route's own words for it ('This review link is not valid') win over the schema library's ('Invalid UUID').
  const own = issues[0]?.message;
  if (own && !/^Invalid\b/.test(own)) return own;
  const param = issues[0]?.instancePath?.replace(/^\//, '') ?? '';
  const segments = (route ?? '').split('/');
  const at = segments.indexOf(`:${param}`);
  const word = /.Id$/.test(param) ? param.slice(0, -2) : at > 0 && !segments[at - 1]!.startsWith(':') ? segments[at - 1]! : '';
  const singular = word.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
  const spaced =
    NOUNS[singular] ??
    singular
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[-_]/g, ' ')
      .toLowerCase();
  return spaced ? `${spaced[0]!.toUpperCase()}${spaced.slice(1)} not found` : 'Not found';
}

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  mail: MailProvider;
  /** Tells realtime (when a server listens) what changed; routes never talk to sockets directly. */
  events: AppEvents;
  /** Background jobs, when started (main.ts starts them; most tests do not need them). */
  jobs?: Jobs;
  /** Texts (and later calls and numbers) through the carrier chosen by CARRIER. */
  carrier: Carrier;
  /** Plans, invoices and payment methods through the provider chosen by BILLING. */
  billing: BillingProvider;
  /** The sessions this process has verified (every bearer token resolves through it). */
  sessions: SessionCache;
  /** With RELEASES_STORE=database or storage: the releases every API process shares (null: the folder is the registry). */
  sharedReleases: SharedReleases | null;
}

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  mail?: MailProvider;
  events?: AppEvents;
  jobs?: Jobs;
  carrier?: Carrier;
  billing?: BillingProvider;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  // the key of the audit chains (AUDIT_CHAIN_KEY, or beside the data outside production)
  setAuditChainKeys(loadAuditChainKeys(opts.config.dataDir));
  const deps: AppDeps = {
    db: opts.db,
    config: opts.config,
    mail: opts.mail ?? createLocalMail(opts.db, sealerFor(opts.config.dataDir)),
    events: opts.events ?? createEvents(),
    jobs: opts.jobs,
    carrier:
      opts.carrier ??
      createCarrier(
        {
          kind: opts.config.carrier,
          publicUrl: opts.config.publicUrl,
          twilioAccountSid: opts.config.twilioAccountSid,
          twilioAuthToken: opts.config.twilioAuthToken,
          twilioApiKey: opts.config.twilioApiKey,
          twilioApiSecret: opts.config.twilioApiSecret,
          twilioTwimlAppSid: opts.config.twilioTwimlAppSid,
          twilioPrimaryProfileSid: opts.config.twilioPrimaryProfileSid,
          localSecret: loadClientDataKey(opts.config.dataDir),
        },
        opts.db,
      ),
    billing: opts.billing ?? createBilling(opts.config, opts.db, countUsage),
    sessions: await watchSessions(opts.db, { redisUrl: opts.config.redisUrl }),
    sharedReleases:
      opts.config.releasesStore === 'disk'
        ? null
        : await startSharedReleases(opts.db, opts.config.releasesDir, [SHELL_RELEASE, ...REMOTE_NAMES], releaseFilesFor(opts.config)),
  };
  // TOTP secrets and client data stored readable before they were sealed (or by the demo seed) are sealed now.
  await sealReadableTotpSecrets(opts.db, sealerFor(opts.config.dataDir));
  await sealReadableClientData(opts.db, sealerFor(opts.config.dataDir));
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: trustProxyOption(opts.config.trustProxy), bodyLimit: 2 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: ValidationIssue[]; validationContext?: string }, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    if (err instanceof SealedValueError) return reply.code(409).send({ message: err.message });
    // A malformed id in the address (a mistyped or old link) names nothing that exists: not found, not "Invalid UUID".
    if (err.validation && err.validationContext === 'params' && err.validation.every(isMalformedId))
      return reply.code(404).send({ message: paramNotFound(req.routeOptions.url, err.validation) });
    if (err.validation) {
      const first = err.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: first });
    }
    // Text the database cannot hold (a NUL or a byte outside UTF-8 that got past the checks) is the request's fault.
    const code = (err as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return reply.code(400).send({ message: 'The request holds characters that cannot be stored.' });
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    return reply.code(status).send({ message: status === 500 ? 'Something went wrong. Please try again.' : err.message });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Agency Desk API', version: '2.10.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, deployKey: { type: 'http', scheme: 'bearer', description: 'A deploy key (adk_…)' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  securityHeaders(app, {
    // the pages of the shell served now: its active release's (a shell release changes them)
    shellPages: () => {
      const dir = activeShellDir(opts.config.releasesDir, opts.config.shellDir);
      return [join(dir, 'index.html'), ...STANDALONE_PAGES.map((page) => join(dir, page.file))];
    },
    devRemoteUrls: Object.values(devRemotes(process.env.DEV_REMOTES)),
    signalPort: () => deps.carrier.signaling()?.port ?? null,
    // GIPHY's GIFs show from its media hosts when its key is set; the GIFs shipped with the app come from this origin.
    imageOrigins: gifImageOrigins(),
  });
  // The API's docs page: in production only for a signed-in owner or admin (a bearer token).
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(opts.config.production ? { uiHooks: { onRequest: adminsOnly(opts.db, deps.sessions) } } : {}),
  });

  // Filled as the API's routes are registered: the tests walk it (every route, every method).
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('deps', deps);
  await app.register(
    async (api) => {
      // The API's answers over 1 KB in brotli or gzip, as the request accepts, compressed as they are
      // sent (the app's files are compressed once, as they are released: static/precompress.ts).
      // Only text: recordings, images and uploads go as they are, and a range of a recording too.
      await api.register(fastifyCompress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
        // requests are read as they come, as before
        globalDecompression: false,
      });
      refuseControlChars(api);
      accessControl(api, deps.db, deps.sessions, apiRoutes);
      await healthRoutes(api);
      await authRoutes(api, deps);
      await userRoutes(api, deps);
      await accountRoutes(api, deps);
      await trainingRoutes(api, deps);
      await utilityRoutes(api, deps);
      await clientRoutes(api, deps);
      await clientRecordRoutes(api, deps);
      await activityRoutes(api, deps);
      await tagRoutes(api, deps);
      await followUpRoutes(api, deps);
      await favoriteRoutes(api, deps);
      await valueRoutes(api, deps);
      await phoneBlockRoutes(api, deps);
      await vinRoutes(api, deps);
      await chatRoutes(api, deps);
      await taskBoardRoutes(api, deps);
      await locationRoutes(api, deps);
      await reviewRoutes(api, deps);
      await referralRoutes(api, deps);
      await templateRoutes(api, deps);
      await smsRoutes(api, deps);
      await walkInRoutes(api, deps);
      await campaignRoutes(api, deps);
      await auditRoutes(api, deps);
      await dataExportRoutes(api, deps);
      await releaseRoutes(api, deps);
      await deployKeyRoutes(api, deps);
      await api.register(async (publish) => publishRoutes(publish, deps));
      await billingRoutes(api, deps);
      await registrationRoutes(api, deps);
      await numberRoutes(api, deps);
      await portRoutes(api, deps);
      await mobileAppRoutes(api, deps);
      await metricsRoutes(api, deps);
      await renewalRoutes(api, deps);
      await phoneRoutes(api, deps);
      await flowRecordingRoutes(api, deps);
      await conferenceRoutes(api, deps);
      await api.register(async (stripe) => stripeWebhookRoutes(stripe, deps));
      await api.register(async (carrier) => {
        await carrierWebhookRoutes(carrier, deps);
        await voiceWebhookRoutes(carrier, deps);
      });
    },
    { prefix: '/api' },
  );
  // The local carrier posts its signed webhooks straight into these routes.
  deps.carrier.bind(async (url, params, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: url.slice(deps.carrier.publicUrl.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signature },
      payload: new URLSearchParams(params).toString(),
    });
    return res.statusCode < 300 ? res.body : '';
  });
  // A phone connected with a token of an ended session is dropped (the signalling also asks at connect and every minute).
  const stopDroppingPhones = deps.events.on('sessionsRevoked', ({ sessionIds }) => deps.carrier.endSessions(sessionIds));
  app.addHook('onClose', async () => stopDroppingPhones());
  app.addHook('onClose', async () => deps.carrier.close());
  app.addHook('onClose', async () => deps.sessions.close());
  // An answer leaves once the changes its writes made to sessions are published (see sessionCache.ts).
  app.addHook('onSend', (_req, _reply, payload, done) => {
    const published = deps.sessions.settled();
    if (!published) return done(null, payload);
    void published.then(() => done(null, payload));
  });
  await staticRoutes(app, opts.config, deps.sharedReleases);
  return app;
}
