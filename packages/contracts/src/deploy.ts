import { z } from 'zod';
import { REMOTE_NAMES } from './constants/config';
import { SHELL_RELEASE } from './constants/releases';

/** What a deploy key may publish: the shell and the remotes, by name. */
export const DEPLOY_NAMES = [SHELL_RELEASE, ...REMOTE_NAMES] as const;
/** The longest a deploy key lives, in days. */
export const DEPLOY_KEY_MAX_DAYS = 366;

/** A deploy key as super users see it: never its secret. */
export const deployKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  names: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type DeployKey = z.infer<typeof deployKeySchema>;

/** POST /releases/keys (super): a key for a team, for some names, for some days. */
export const deployKeyCreateSchema = z.object({
  label: z.string().trim().min(1, 'Name the team or pipeline the key is for').max(80),
  names: z.array(z.enum(DEPLOY_NAMES)).min(1, 'Choose what the key may publish'),
  expiresInDays: z.number().int().min(1, 'A key lives at least a day').max(DEPLOY_KEY_MAX_DAYS, `A key lives at most ${DEPLOY_KEY_MAX_DAYS} days`),
});
export type DeployKeyCreate = z.infer<typeof deployKeyCreateSchema>;

/** The answer to a new key: the key, and its secret, shown this once. */
export const deployKeyCreatedSchema = z.object({ key: deployKeySchema, secret: z.string() });
export type DeployKeyCreated = z.infer<typeof deployKeyCreatedSchema>;

/** One file of a build: its path in the build folder, its SHA-256 (hex) and its size. */
export const publishFileSchema = z.object({
  path: z.string().min(1).max(300),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'A file is named by its SHA-256, in hex'),
  size: z.number().int().min(0),
});
export type PublishFile = z.infer<typeof publishFileSchema>;

/** POST /releases/{name}/publish/missing (deploy key): which of a build's files the server lacks. */
export const publishMissingSchema = z.object({ files: z.array(publishFileSchema).min(1).max(5000) });
export const publishMissingAnswerSchema = z.object({ missing: z.array(z.string()) });

/**
 * POST /releases/{name}/publish (deploy key): a build whose files the server has, made a release.
 * `activate`: make it active too, replacing `expectedActive` (the release the publisher saw active,
 * null for none): when another publish got there first, the answer is 409 naming it.
 */
export const publishRequestSchema = z.object({
  files: z.array(publishFileSchema).min(1).max(5000),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'A version is x.y.z'),
  changelog: z.string().max(200_000).optional(),
  commit: z.string().max(64).optional(),
  note: z.string().max(500).optional(),
  activate: z.boolean(),
  expectedActive: z.string().nullable().optional(),
  force: z.boolean().optional(),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export const publishAnswerSchema = z.object({ release: z.string(), created: z.boolean(), active: z.string().nullable() });
export type PublishAnswer = z.infer<typeof publishAnswerSchema>;
