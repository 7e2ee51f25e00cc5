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
  AUDIT_CHAIN_KEY: 'the key of the audit chains, kept out of the database (32 bytes, base64 or 64 hex characters)',
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

/** The settings that choose a real provider, and what their local stand-in fakes. */
export const SIMULATED_PROVIDER_SETTINGS = {
  CARRIER: { key: 'carrier', real: 'twilio', fakes: ['texts', 'calls'] },
  BILLING: { key: 'billing', real: 'stripe', fakes: ['payments'] },
} as const;
export type SimulatedProviderSetting = keyof typeof SIMULATED_PROVIDER_SETTINGS;

/** The settings left on a local (simulated) provider. */
export function simulatedProviders(config: Pick<ServerConfig, 'carrier' | 'billing'>): SimulatedProviderSetting[] {
  return (Object.keys(SIMULATED_PROVIDER_SETTINGS) as SimulatedProviderSetting[]).filter(
    (name) => config[SIMULATED_PROVIDER_SETTINGS[name].key] !== SIMULATED_PROVIDER_SETTINGS[name].real,
  );
}

/**
 * Why production may not start on the providers it was given: the local carrier and payment ledger
 * text no one and accept a test card as payment. Null when the start may go on: not production, every
 * provider real, or a staging site that says ALLOW_SIMULATED_PROVIDERS=1.
 */
export function simulatedProvidersRefusal(config: Pick<ServerConfig, 'production' | 'carrier' | 'billing' | 'allowSimulatedProviders'>): string | null {
  if (!config.production || config.allowSimulatedProviders) return null;
  const names = simulatedProviders(config);
  if (!names.length) return null;
  const settings = names.map((name) => `${name}=${SIMULATED_PROVIDER_SETTINGS[name].real}`).join(' and ');
  return (
    `Production does not run on simulated providers: ${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} local. ` +
    `Set ${settings} with their keys, or ALLOW_SIMULATED_PROVIDERS=1 on a staging site.`
  );
}

/** The settings a production site that allows them keeps on simulated providers, else none. */
export function simulatedInProduction(
  config: Pick<ServerConfig, 'production' | 'carrier' | 'billing' | 'allowSimulatedProviders'>,
): SimulatedProviderSetting[] {
  return config.production && config.allowSimulatedProviders ? simulatedProviders(config) : [];
}

/**
 * Whether the carrier simulators (a person playing a client who texts or calls the agency) are
 * open: on the local carrier, in development or on a staging site (ALLOW_SIMULATED_PROVIDERS=1),
 * never beside real work.
 */
export function simulatorsOpen(config: Pick<ServerConfig, 'production' | 'carrier' | 'allowSimulatedProviders'>): boolean {
  return config.carrier === 'local' && (!config.production || config.allowSimulatedProviders);
}

/** What the staff pages' banner names: the texts, calls or payments such a site fakes. */
export function simulatedWork(
  config: Pick<ServerConfig, 'production' | 'carrier' | 'billing' | 'allowSimulatedProviders'>,
): ('texts' | 'calls' | 'payments')[] {
  return simulatedInProduction(config).flatMap((name) => SIMULATED_PROVIDER_SETTINGS[name].fakes);
}
