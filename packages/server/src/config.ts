import { mkdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The product version (the root package's), shown in the footer and served by GET /api/config. */
export const APP_VERSION: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;

/** Failed sign-ins allowed per window; see modules/auth/rate-limit.ts for the rule. */
export interface AuthLimits {
  windowMinutes: number;
  perAddressAndEmail: number;
  perAddress: number;
  /**
   * Failed sign-ins into one existing person, from addresses they have not signed in from lately, past
   * which those addresses get only `underGuessPerAddress` tries each in the window.
   */
  perPerson: number;
  /** Past `perPerson`, tries each address the person has not signed in from lately still gets (a typo, then the right one). */
  underGuessPerAddress: number;
  /** Failures into one person from addresses they have not signed in from lately past which those addresses get no try until the window ends. */
  perPersonCap: number;
  /** Calls to /auth/check/{email} per address (each one, failed or not: it tells whether an email is known). */
  lookupsPerAddress: number;
  /** Forgot-password requests per address (each mails a code). */
  resetRequestsPerAddress: number;
  /** Wrong current passwords per person (password or email change, MFA off or set up again), from every session together. */
  currentPasswordPerPerson: number;
}

export type ReleasesStore = 'disk' | 'database' | 'storage';

/** RELEASES_STORE, else the default: the folder on PGlite; with DATABASE_URL the file storage when it is S3, the database otherwise. */
export function releasesStoreFrom(env: NodeJS.ProcessEnv): ReleasesStore {
  const named = env.RELEASES_STORE;
  if (named === 'disk' || named === 'database' || named === 'storage') return named;
  if (named) throw new Error(`RELEASES_STORE is "${named}": it takes disk, database or storage`);
  if (!env.DATABASE_URL) return 'disk';
  return env.S3_BUCKET ? 'storage' : 'database';
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** MIGRATION_DATABASE_URL: migrations run as this role (the schema's owner); the app's role (DATABASE_URL) is then granted its rights. */
  migrationDatabaseUrl?: string;
  redisUrl?: string;
  /** Folder of released remotes and the shell (`<name>/<release>/`) and their active pointers. */
  releasesDir: string;
  /**
   * RELEASES_STORE: `disk` (the folder is the registry; the default on PGlite), `database` (the
   * default with DATABASE_URL: the releases and the active pointers live in the database, which
   * every API process reads, and the folder is this process's copy) or `storage` (the default with
   * DATABASE_URL and S3_BUCKET: as `database`, but the releases' files are kept in the app's file
   * storage, S3 then, the records and the active pointers in the database).
   */
  releasesStore: ReleasesStore;
  shellDir: string;
  sessionHours: number;
  production: boolean;
  /** DEMO_DATA=1: seed the demo agency into an empty database (never in production). */
  demoData: boolean;
  /**
   * Fastify's trustProxy: off unless TRUST_PROXY says which proxies to believe: how many hops (a
   * number) or their addresses/subnets. Never every proxy: X-Forwarded-For could fake the address.
   */
  trustProxy: false | number | string;
  authLimits: AuthLimits;
  /** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for the graceful close before exiting anyway (10 s). */
  shutdownTimeoutMs: number;
  /** Calls to the public service review page's API allowed per address and window. */
  publicReviewLimits: { windowMinutes: number; perAddress: number };
  desktopDownloads: { windows: string; mac: string };
  featureRequestUrl: string;
  /** FEATURE_FLAGS=a,b,!c turns a and b on and c off. */
  features: Record<string, boolean>;
  /** CARRIER=local (default) or twilio, with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN. */
  carrier: 'local' | 'twilio';
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  /** Calling with Twilio: an API key and secret sign the Devices' tokens; the TwiML App's Voice URL is our outgoing webhook. */
  twilioApiKey?: string;
  twilioApiSecret?: string;
  twilioTwimlAppSid?: string;
  /** TWILIO_PRIMARY_PROFILE_SID: the agency software's approved primary Trust Hub profile (A2P registration of locations). */
  twilioPrimaryProfileSid?: string;
  /** PHONE_SIGNAL_PORT: where the local carrier's phone signalling listens over TLS (PORT + 1). */
  phoneSignalPort: number;
  /** The base URL the carrier reaches our webhooks at (PUBLIC_URL); links in mails and texts use it too. */
  publicUrl: string;
  /** CAMPAIGN_RATE: campaign texts a second from one agency number (a carrier's long-code rate; default 1). */
  campaignRatePerSecond: number;
  /** BILLING=local (default) or stripe, with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET. */
  billing: 'local' | 'stripe';
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  stripeWebhookSecret?: string;
  /** ALLOW_SIMULATED_PROVIDERS=1: a staging site may run in production on the local carrier and payment ledger (every staff page then says so). */
  allowSimulatedProviders: boolean;
  /** REGISTRATION_REVIEW_SECONDS: how long each step of the local provider's review of a business profile or brand takes (30). */
  registrationReviewSeconds: number;
}

/** Names proxy-addr takes for whole ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or 'false'; the number of proxies in front (1 for one load balancer: the
 * address it adds to X-Forwarded-For is the client's, whatever the client wrote before it); or the
 * proxies' addresses/subnets, comma separated. 'true' (believe every hop, so a client's own
 * X-Forwarded-For names its address) is refused, as is anything else that is not an address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: set the number of proxies in front of the app (TRUST_PROXY=1 for one) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    );
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!(PROXY_RANGE_NAMES.has(entry) || (isIP(address ?? '') && validBits && !rest.length))) {
      throw new Error(`TRUST_PROXY names "${entry}": it takes the number of proxies in front of the app, or their addresses or subnets, comma separated`);
    }
  }
  return entries.join(',');
}

/**
 * What Fastify is given. A hop count is a function: Fastify's own number trusts nothing. It
 * believes the last `hops` addresses of the chain (the socket's peer first), so with 1 the client is
 * the address the proxy appended, and whatever a client put before it is ignored.
 */
export function trustProxyOption(trust: false | number | string): false | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export function parseFeatureFlags(value: string | undefined): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (name.startsWith('!')) flags[name.slice(1).trim()] = false;
    else flags[name] = true;
  }
  return flags;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    releasesDir: resolve(env.RELEASES_DIR ?? join(dataDir, 'releases')),
    releasesStore: releasesStoreFrom(env),
    shellDir: resolve(env.SHELL_DIR ?? join(REPO_ROOT, 'shell', 'dist')),
    sessionHours: 8,
    production: env.NODE_ENV === 'production',
    demoData: env.DEMO_DATA === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(env.SHUTDOWN_TIMEOUT_MS) : 10_000,
    authLimits: {
      windowMinutes: 15,
      perAddressAndEmail: 5,
      perAddress: 30,
      perPerson: 20,
      underGuessPerAddress: 2,
      perPersonCap: 50,
      lookupsPerAddress: 300,
      resetRequestsPerAddress: 10,
      currentPasswordPerPerson: 5,
    },
    publicReviewLimits: { windowMinutes: 10, perAddress: 60 },
    desktopDownloads: {
      windows: env.DESKTOP_DOWNLOAD_WINDOWS ?? `/downloads/AgencyDesk-Setup-${APP_VERSION}.exe`,
      mac: env.DESKTOP_DOWNLOAD_MAC ?? `/downloads/AgencyDesk-${APP_VERSION}.dmg`,
    },
    featureRequestUrl: env.FEATURE_REQUEST_URL ?? 'mailto:support@agencydesk.test?subject=Feature%20request',
    features: parseFeatureFlags(env.FEATURE_FLAGS),
    carrier: env.CARRIER === 'twilio' ? 'twilio' : 'local',
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    twilioApiKey: env.TWILIO_API_KEY || undefined,
    twilioApiSecret: env.TWILIO_API_SECRET || undefined,
    twilioTwimlAppSid: env.TWILIO_TWIML_APP_SID || undefined,
    twilioPrimaryProfileSid: env.TWILIO_PRIMARY_PROFILE_SID || undefined,
    phoneSignalPort: Number(env.PHONE_SIGNAL_PORT) > 0 ? Number(env.PHONE_SIGNAL_PORT) : Number(env.PORT ?? 8080) + 1,
    publicUrl: (env.PUBLIC_URL || `http://127.0.0.1:${Number(env.PORT ?? 8080)}`).replace(/\/+$/, ''),
    campaignRatePerSecond: Number(env.CAMPAIGN_RATE) > 0 ? Number(env.CAMPAIGN_RATE) : 1,
    billing: env.BILLING === 'stripe' ? 'stripe' : 'local',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    allowSimulatedProviders: env.ALLOW_SIMULATED_PROVIDERS === '1',
    registrationReviewSeconds: Number(env.REGISTRATION_REVIEW_SECONDS) >= 0 && env.REGISTRATION_REVIEW_SECONDS ? Number(env.REGISTRATION_REVIEW_SECONDS) : 30,
  };
}
