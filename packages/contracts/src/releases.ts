import { z } from 'zod';

/** A shared module a release takes from the shell, as its own mf-manifest.json lists it. */
export const releaseNeedSchema = z.object({
  key: z.string(),
  version: z.string(),
  requiredVersion: z.string(),
  singleton: z.boolean(),
});
export type ReleaseNeed = z.infer<typeof releaseNeedSchema>;

/**
 * What is known of one release: what it needs from the shell (the shared keys it takes, with the
 * version it was built with and the one it requires; the federation runtime it was built on) and
 * where it came from (when, the commit, who released it, a note: by default the commit's subject).
 */
export const releaseRecordSchema = z.object({
  remote: z.string(),
  release: z.string(),
  releasedAt: z.string(),
  commit: z.string().nullable(),
  by: z.string(),
  note: z.string(),
  needs: z.object({ shared: z.array(releaseNeedSchema), runtime: z.string().nullable() }),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;
