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
 * One thing a release needs that a shell does not provide: a share key (null for the federation
 * runtime), what the release needs, what the shell has (null: nothing), and which shell would
 * serve it: a newer one (the release was built on something the shell does not have yet) or an
 * older one (the shell has moved past what the release was built on).
 */
export const preflightProblemSchema = z.object({
  /** A shell's preflight: the active remote that needs it (a remote's preflight leaves it out). */
  remote: z.string().optional(),
  key: z.string().nullable(),
  needs: z.string(),
  provided: z.string().nullable(),
  shell: z.enum(['newer', 'older']),
});
export type PreflightProblem = z.infer<typeof preflightProblemSchema>;

/** A --force past the preflight, kept in the release's record: who, when, and what was missing. */
export const releaseOverrideSchema = z.object({
  by: z.string(),
  at: z.string(),
  action: z.enum(['release', 'rollback', 'activate']),
  missing: z.array(preflightProblemSchema),
});
export type ReleaseOverride = z.infer<typeof releaseOverrideSchema>;

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
  /** Each time it went live past the preflight with --force. */
  overrides: z.array(releaseOverrideSchema).optional(),
  /** The area's version it was built at (a release made before versions were recorded has none). */
  version: z.string().optional(),
  /** Its changelog's entries since the release it replaced, newest first. */
  changes: z.array(z.object({ version: z.string(), summary: z.string() })).optional(),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

/** What a shell provides, as its build writes it (shared-surface.json): each share key with its version, and the federation runtime it lends. */
export const shellSurfaceSchema = z.object({
  runtime: z.object({ bundler: z.string(), enhanced: z.string() }),
  keys: z.record(z.string(), z.object({ version: z.string(), singleton: z.boolean(), names: z.array(z.string()).optional() })),
});
export type ShellSurface = z.infer<typeof shellSurfaceSchema>;

// The preflight's arithmetic and the release names hold no schema: they live in constants/ so the
// shell's boot, which checks each remote against itself, loads no schema library.
export {
  describePreflightProblem,
  preflight,
  satisfiesRange,
  SHELL_RELEASE,
  SHELL_RELEASE_META,
  shellNeeded,
  shellProvides,
  type ShellProvides,
} from './constants/releases';

/** One release of a remote on the Releases page: its record and what the active shell does not provide of it (the preflight's verdict). */
export const releaseEntrySchema = z.object({
  release: z.string(),
  record: releaseRecordSchema.nullable(),
  missing: z.array(preflightProblemSchema),
});
export type ReleaseEntry = z.infer<typeof releaseEntrySchema>;

/** A remote's releases, oldest first, and the active one; those before it in its history are what Roll Back leads to. */
export const remoteReleasesSchema = z.object({
  remote: z.string(),
  title: z.string(),
  active: z.string().nullable(),
  earlier: z.array(z.string()),
  releases: z.array(releaseEntrySchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

/**
 * GET /releases (super): the shell's releases (`remote: 'shell'`, first; their verdict is what each
 * active remote would miss under them) and every remote's; `shellChecked` is false when the active
 * shell has no shared-surface.json to check against.
 */
export const releasesOverviewSchema = z.object({ shellChecked: z.boolean(), remotes: z.array(remoteReleasesSchema) });
export type ReleasesOverview = z.infer<typeof releasesOverviewSchema>;

/** POST /releases/{remote}/activate (super): make a release active, with the reason the release history keeps; `force` past the preflight, recorded. */
export const releaseActivateSchema = z.object({
  release: z.string().min(1),
  reason: z.string().trim().min(1, 'Give a reason').max(500),
  force: z.boolean().optional(),
});
export type ReleaseActivate = z.infer<typeof releaseActivateSchema>;

/** GET /active-releases.json: what is active now, the shell's release (null: served from its build) and each remote's; the shell compares it with what it runs. */
export const activeReleasesNowSchema = z.object({ shell: z.string().nullable(), remotes: z.record(z.string(), z.string()) });
export type ActiveReleasesNow = z.infer<typeof activeReleasesNowSchema>;

/**
 * The history of release changes (GET /releases/history, super users): the shell and the remotes are
 * the same for every agency, so who made which release live, when and why is one global log, kept
 * from the Releases page and the command line alike, and in no agency's audit log.
 */
export const RELEASE_CHANGE_ACTIONS = {
  released: 'Released',
  activated: 'Activated',
  rolledBack: 'Rolled back',
  staged: 'Published, not active',
  keyCreated: 'Deploy key made',
  keyRevoked: 'Deploy key revoked',
} as const;
export type ReleaseChangeAction = keyof typeof RELEASE_CHANGE_ACTIONS;
export const RELEASE_CHANGE_VIA = { page: 'Releases page', cli: 'Command line', deploy: 'Deploy key' } as const;
export type ReleaseChangeVia = keyof typeof RELEASE_CHANGE_VIA;

export const releaseChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** A super user's email, or who the command line was run by (--by, else the OS user). */
  by: z.string(),
  via: z.enum(Object.keys(RELEASE_CHANGE_VIA) as [ReleaseChangeVia, ...ReleaseChangeVia[]]),
  action: z.enum(Object.keys(RELEASE_CHANGE_ACTIONS) as [ReleaseChangeAction, ...ReleaseChangeAction[]]),
  /** `shell` or a remote, and its title. */
  name: z.string(),
  title: z.string(),
  release: z.string(),
  reason: z.string().nullable(),
  /** What the preflight found missing when the change was forced past it. */
  forced: z.string().nullable(),
});
export type ReleaseChange = z.infer<typeof releaseChangeSchema>;

export const RELEASE_HISTORY_PAGE_SIZE = 20;
export const releaseHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RELEASE_HISTORY_PAGE_SIZE),
});
export type ReleaseHistoryQuery = z.input<typeof releaseHistoryQuerySchema>;
export const releaseHistorySchema = z.object({ items: z.array(releaseChangeSchema), total: z.number().int() });
export type ReleaseHistory = z.infer<typeof releaseHistorySchema>;
