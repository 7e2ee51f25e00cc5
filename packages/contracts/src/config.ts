import { z } from 'zod';
import { REMOTE_NAMES } from './constants/config';

export const appConfigSchema = z.object({
  version: z.string(),
  desktopDownloads: z.object({ windows: z.string(), mac: z.string() }),
  featureRequestUrl: z.string(),
  features: z.record(z.string(), z.boolean()),
  /** What a production site that allows simulated providers (a staging site) fakes: every staff page says so. Empty elsewhere. */
  simulated: z.array(z.enum(['texts', 'calls', 'payments'])),
  /** Whether the carrier simulators open (the local carrier, in development or on a staging site): their links show only then. */
  simulators: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** remotes.json: remote name → manifest URL of its active release. */
export const remotesManifestSchema = z.record(z.string(), z.string());
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
export type RemoteName = (typeof REMOTE_NAMES)[number];
