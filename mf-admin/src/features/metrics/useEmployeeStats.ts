import { useCallback, useEffect, useState } from 'react';
import { errorMessage, metricsApi, type EmployeeStatsParams } from '@agency/api-client';
import type { EmployeeStats } from '@agency/contracts';

/** GET /metrics/employee-stats for the given user and month; `refresh` asks that again, past any cache. */
export function useEmployeeStats(params: Omit<EmployeeStatsParams, 'refresh'> | null) {
  const [stats, setStats] = useState<EmployeeStats | null>(null);
  const [loading, setLoading] = useState(!!params);
  const [error, setError] = useState<string | null>(null);
  const key = params ? JSON.stringify(params) : null;
  // The key a Refresh was asked for (with a count, so asking twice asks twice); other keys load plainly.
  const [refreshed, setRefreshed] = useState<{ key: string | null; n: number }>({ key: null, n: 0 });
  const refresh = refreshed.key === key && refreshed.n > 0;

  useEffect(() => {
    if (!key) return;
    let live = true;
    setLoading(true);
    setError(null);
    metricsApi
      .employeeStats({ ...(JSON.parse(key) as EmployeeStatsParams), refresh })
      .then((s) => live && setStats(s))
      .catch((err: unknown) => {
        if (!live) return;
        setStats(null);
        setError(errorMessage(err));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, refresh, refreshed.n]);

  const ask = useCallback(() => setRefreshed((r) => ({ key, n: r.key === key ? r.n + 1 : 1 })), [key]);
  return { stats, loading, error, refresh: ask };
}
