import { useCallback, useState } from 'react';
import { errorMessage, metricsApi, type EmployeeStatsParams } from '@agency/api-client';
import { useLiveQuery } from '@agency/ui';

/** GET /metrics/employee-stats for the given user and month; `refresh` asks that again, past any cache. */
export function useEmployeeStats(params: Omit<EmployeeStatsParams, 'refresh'> | null) {
  const key = params ? JSON.stringify(params) : null;
  // The key a Refresh was asked for (with a count, so asking twice asks twice); other keys load plainly.
  const [refreshed, setRefreshed] = useState<{ key: string | null; n: number }>({ key: null, n: 0 });
  const refresh = refreshed.key === key && refreshed.n > 0;

  const query = useLiveQuery(key ? () => metricsApi.employeeStats({ ...(JSON.parse(key) as EmployeeStatsParams), refresh }) : null, null, [
    key,
    refresh,
    refreshed.n,
  ]);

  const ask = useCallback(() => setRefreshed((r) => ({ key, n: r.key === key ? r.n + 1 : 1 })), [key]);
  return { stats: query.error ? null : (query.data ?? null), loading: query.loading, error: query.error ? errorMessage(query.error) : null, refresh: ask };
}
