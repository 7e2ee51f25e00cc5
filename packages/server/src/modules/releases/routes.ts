import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describePreflightProblem,
  errorSchema,
  releaseActivateSchema,
  releaseHistoryQuerySchema,
  releaseHistorySchema,
  releasesOverviewSchema,
  REMOTE_NAMES,
  REMOTES,
  SHELL_RELEASE,
  SUPER_ROLES,
  type ReleasesOverview,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { readReleaseHistory, recordReleaseChange, takeNotedReleaseChanges } from './history';
import { readActive } from '../../static/remotes';
import {
  activeShellSurface,
  activateRemote,
  PreflightRefusal,
  preflightRelease,
  refusalHeadline,
  remoteReleaseRecords,
  rollbackRemote,
  shellProblems,
  storedReleaseNeeds,
} from '../../static/release';
import { join } from 'node:path';

const TITLES = { [SHELL_RELEASE]: 'Shell', ...Object.fromEntries(REMOTES.map((r) => [r.name, r.title])) } as Record<string, string>;
/** The shell, then every remote. */
const NAMES = [SHELL_RELEASE, ...REMOTE_NAMES] as const;

/**
 * The shell's and every remote's releases with their records and the preflight's verdict: a
 * remote's under the active shell, a shell's against every active remote.
 */
export function releasesOverview(releasesDir: string, shellDir: string): ReleasesOverview {
  const surface = activeShellSurface(releasesDir, shellDir);
  const active = readActive(releasesDir);
  return {
    shellChecked: !!surface,
    remotes: NAMES.map((remote) => {
      const { active: current, releases } = remoteReleaseRecords(releasesDir, remote);
      const history = active[remote]?.history ?? [];
      const at = current ? history.lastIndexOf(current) : -1;
      return {
        remote,
        title: TITLES[remote],
        active: current,
        earlier: at > 0 ? history.slice(0, at) : [],
        releases: releases.map(({ release, record }) => ({
          release,
          record,
          missing:
            remote === SHELL_RELEASE
              ? shellProblems(releasesDir, join(releasesDir, remote, release))
              : preflightRelease(record?.needs ?? storedReleaseNeeds(releasesDir, remote, release), surface),
        })),
      };
    }),
  };
}

const paramsSchema = z.object({ remote: z.enum(NAMES) });

/**
 * The Releases page of ops (super users): the shell's and each remote's releases, Roll Back /
 * Activate with a reason, and the history of every release change, which the global log keeps
 * (modules/releases/history.ts), not an agency's audit log.
 */
export async function releaseRoutes(app: FastifyInstance, { db, config, sharedReleases }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // what the command line noted while this server was stopped or held the embedded database
  await takeNotedReleaseChanges(db, config.releasesDir);

  r.get(
    '/releases',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags: ['releases'],
        description:
          "The shell's and every remote's releases, oldest first: when, commit, who, note, and what the active shell does not provide of each (of a shell's: what the active remotes would miss) (super only).",
        response: { 200: releasesOverviewSchema, 403: errorSchema },
      },
    },
    async () => {
      await sharedReleases?.pull({ everyRelease: true });
      await takeNotedReleaseChanges(db, config.releasesDir);
      return releasesOverview(config.releasesDir, config.shellDir);
    },
  );

  r.get(
    '/releases/history',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags: ['releases'],
        description:
          'Every release change, newest first: when, who (a super user, or who ran the command line), what, which release of what, the reason, and what a forced change went past (super only).',
        querystring: releaseHistoryQuerySchema,
        response: { 200: releaseHistorySchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => {
      await takeNotedReleaseChanges(db, config.releasesDir);
      return readReleaseHistory(db, TITLES, req.query.page, req.query.pageSize);
    },
  );

  r.post(
    '/releases/:remote/activate',
    {
      config: { roles: SUPER_ROLES },
      schema: {
        tags: ['releases'],
        description:
          'Makes a release of the shell (`shell`) or of a remote active (a roll back when it was active before), once the preflight finds the active shell serves it; `force` activates it all the same and its record keeps the override. The change and its reason go to the history of release changes (super only).',
        params: paramsSchema,
        body: releaseActivateSchema,
        response: { 200: releasesOverviewSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const { remote } = req.params;
      const { release, reason, force } = req.body;
      await sharedReleases?.pull({ everyRelease: true });
      const before = releasesOverview(config.releasesDir, config.shellDir).remotes.find((x) => x.remote === remote)!;
      if (!before.releases.some((x) => x.release === release)) throw notFound(`${TITLES[remote]} has no release ${release}.`);
      const [user] = await db.query<{ email: string }>('select email from users where id = $1', [auth(req).realUserId]);
      const opts = { shellSurface: activeShellSurface(config.releasesDir, config.shellDir), force: !!force, by: user?.email ?? auth(req).realUserId };
      const rollingBack = before.earlier.includes(release);
      try {
        if (rollingBack) rollbackRemote(config.releasesDir, remote, release, opts);
        else activateRemote(config.releasesDir, remote, release, opts);
      } catch (err) {
        if (err instanceof PreflightRefusal)
          throw conflict(`${refusalHeadline(remote, release, err.problems, TITLES[remote])}: ${err.problems.map(describePreflightProblem).join('; ')}.`);
        throw err;
      }
      // every API process serves it from its next request
      await sharedReleases?.push(remote);
      const missing = before.releases.find((x) => x.release === release)!.missing;
      const forced = force && missing.length ? `forced past the preflight: ${missing.map(describePreflightProblem).join('; ')}` : null;
      await recordReleaseChange(db, { by: opts.by, via: 'page', action: rollingBack ? 'rolledBack' : 'activated', name: remote, release, reason, forced });
      return releasesOverview(config.releasesDir, config.shellDir);
    },
  );
}
