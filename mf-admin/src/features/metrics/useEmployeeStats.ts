import { useCallback, useEffect, useState } from 'react';
import { errorMessage, metricsApi, type EmployeeStatsParams } from '@agency/api-client';
import type { EmployeeStats } from '@agency/contracts';

/** GET /metrics/employee-stats for the given user and month; `refresh` asks again past any cache. */
export function useEmployeeStats(params: Omit<EmployeeStatsParams, 'refresh'> | null) {
  const [stats, setStats] = useState<EmployeeStats | null>(null);
  const [loading, setLoading] = useState(!!params);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState({ n: 0, refresh: false });
  const key = params ? JSON.stringify(params) : null;

  useEffect(() => {
    if (!key) return;
    let live = true;
    setLoading(true);
    setError(null);
    metricsApi
      .employeeStats({ ...(JSON.parse(key) as EmployeeStatsParams), refresh: asked.refresh })
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
  }, [key, asked]);

  const refresh = useCallback(() => setAsked((a) => ({ n: a.n + 1, refresh: true })), []);
  return { stats, loading, error, refresh };
}
