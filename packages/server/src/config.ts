import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Folder of released remotes (`<name>/<release>/`) and remotes.json. */
  releasesDir: string;
  shellDir: string;
  sessionHours: number;
  production: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    releasesDir: resolve(env.RELEASES_DIR ?? join(dataDir, 'releases')),
    shellDir: resolve(env.SHELL_DIR ?? join(REPO_ROOT, 'shell', 'dist')),
    sessionHours: 8,
    production: env.NODE_ENV === 'production',
  };
}
