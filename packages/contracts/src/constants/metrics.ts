/** Employee metrics' names and sums (the schemas are in ../metrics). */
import type { EmployeeStat, EmployeeMetric } from '../metrics';

/** The employee metric names GET /metrics/employee-stats counts (spec 002 "Metrics"). */
export const EMPLOYEE_METRICS = [
  'contacts',
  'policies',
  'premiums',
  'calls',
  'calls_duration',
  'calls_incoming',
  'calls_incoming_duration',
  'calls_outgoing',
  'calls_outgoing_duration',
  'messages',
  'tasks_completed',
  'tasks_pending',
  'tasks_total',
  /** Calls the person marked as reviewed in the call log. */
  'reviews',
] as const;
/** The rows summed by metric, every metric present (0 when nothing was counted). */
export function sumStats(rows: EmployeeStat[]): Record<EmployeeMetric, number> {
  const out = Object.fromEntries(EMPLOYEE_METRICS.map((m) => [m, 0])) as Record<EmployeeMetric, number>;
  for (const r of rows) out[r.name] += r.value;
  return out;
}
/** The figures of one user. */
export const statsOf = (rows: EmployeeStat[], userId: string) => sumStats(rows.filter((r) => r.user === userId));
