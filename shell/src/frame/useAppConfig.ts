import { useEffect, useState } from 'react';
import { utilitiesApi } from '@agency/api-client';
import type { AppConfig } from '@agency/contracts';

let cached: Promise<AppConfig | null> | null = null;

/** GET /config, once per page load; null when it cannot be read. */
export function useAppConfig(): AppConfig | null {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    cached ??= utilitiesApi.config().catch(() => {
      cached = null;
      return null;
    });
    void cached.then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
