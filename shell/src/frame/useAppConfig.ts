import { utilitiesApi } from '@agency/api-client';
import type { AppConfig } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';

let cached: Promise<AppConfig | null> | null = null;

/** GET /config, once per page load (asked again after a failure). */
const loadConfig = (): Promise<AppConfig | null> =>
  (cached ??= utilitiesApi.config().catch(() => {
    cached = null;
    return null;
  }));

/** GET /config, once per page load; null when it cannot be read. */
export function useAppConfig(): AppConfig | null {
  return useLiveQuery(loadConfig).data ?? null;
}
