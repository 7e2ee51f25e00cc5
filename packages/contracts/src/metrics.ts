import { z } from 'zod';
import { idSchema } from './common';
import { userSchema } from './user';
import { EMPLOYEE_METRICS } from './constants/metrics';
export type EmployeeMetric = (typeof EMPLOYEE_METRICS)[number];

export const monthYearSchema = z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'monthYear is MM/yyyy');

/** GET /metrics/employee-stats: one user's figures, or (without user) every user's of the account. */
export const employeeStatsQuerySchema = z.object({
  user: idSchema.optional(),
  metricView: z.enum(['monthly', 'daily']).default('monthly'),
  monthYear: monthYearSchema,
  category: z.literal('user').default('user'),
  /** A comma-separated list of metric names; all of them when omitted. */
  metrics: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [...EMPLOYEE_METRICS];
      const names = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((n) => !(EMPLOYEE_METRICS as readonly string[]).includes(n));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown metric: ${unknown.join(', ')}` });
      return names as EmployeeMetric[];
    }),
});
export type EmployeeStatsQuery = z.input<typeof employeeStatsQuerySchema>;

export const employeeStatSchema = z.object({
  name: z.enum(EMPLOYEE_METRICS),
  /** A count, cents for premiums, seconds for durations. */
  value: z.number(),
  user: idSchema,
  /** MM/yyyy for the monthly view, yyyy-mm-dd for the daily one. */
  metricDate: z.string(),
});
export type EmployeeStat = z.infer<typeof employeeStatSchema>;

/** The users the figures are about, former employees included (their figures stay). */
export const employeeStatsUserSchema = userSchema.pick({ id: true, firstName: true, lastName: true, avatar: true, role: true }).extend({ former: z.boolean() });
export type EmployeeStatsUser = z.infer<typeof employeeStatsUserSchema>;

export const employeeStatsSchema = z.object({
  monthYear: z.string(),
  metricView: z.enum(['monthly', 'daily']),
  users: z.array(employeeStatsUserSchema),
  rows: z.array(employeeStatSchema),
  /** When the figures were counted (ISO). */
  updatedAt: z.string(),
});
export type EmployeeStats = z.infer<typeof employeeStatsSchema>;
