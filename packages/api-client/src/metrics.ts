import type { EmployeeMetric, EmployeeStats } from '@agency/contracts';
import { api } from './index';

export interface EmployeeStatsParams {
  /** One user; every user of the account when omitted. */
  user?: string;
  metricView?: 'monthly' | 'daily';
  /** MM/yyyy. */
  monthYear: string;
  metrics?: EmployeeMetric[];
  /** Ask past any cache on the way (the Refresh button). */
  refresh?: boolean;
}

/** Employee metrics (GET /metrics/employee-stats). */
export const metricsApi = {
  employeeStats: ({ user, metricView = 'monthly', monthYear, metrics, refresh }: EmployeeStatsParams) =>
    api
      .get<EmployeeStats>('/metrics/employee-stats', {
        params: { user, metricView, monthYear, category: 'user', metrics: metrics?.join(',') },
        headers: refresh ? { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } : undefined,
      })
      .then((r) => r.data),
};
