import type { ServerConfig } from './config';

/*
 * What a start may do with the database and the secrets it is given. The demo agency (published
 * passwords, a super user whose TOTP secret is in the README) is written only when asked
 * (DEMO_DATA=1, as `npm start` does on the local data folder) and never in production; production
 * brings its own secrets instead of generating them beside the data.
 */

/** Secrets production needs, and why. */
export const PRODUCTION_SECRETS: Record<string, string> = {
  CLIENT_DATA_KEY: "the key that seals clients' sensitive fields (32 bytes, base64 or 64 hex characters)",
};

/** The secrets production lacks; empty when not in production or when every one is set. */
export function missingProductionSecrets(config: Pick<ServerConfig, 'production'>, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production) return [];
  return Object.keys(PRODUCTION_SECRETS).filter((name) => !env[name]?.trim());
}

export type DemoDataDecision = 'seed' | 'refused-in-production' | 'not-asked';

/** Whether this start seeds the demo agency into an empty database. */
export function demoDataDecision(config: Pick<ServerConfig, 'production' | 'demoData'>): DemoDataDecision {
  if (!config.demoData) return 'not-asked';
  return config.production ? 'refused-in-production' : 'seed';
}
