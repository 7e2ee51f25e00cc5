import type { RemoteModuleName, RemoteName } from '@agency/contracts';

interface SlotOf<R extends RemoteName> {
  key: string;
  title: string;
  remote: R;
  /** The remote's exposed module name (typed from contracts' REMOTE_MODULES). */
  expose: RemoteModuleName<R>;
  adminOnly?: boolean;
  span: number;
  /** Its width when the admin-only widgets beside it are not shown. */
  employeeSpan?: number;
}
export type DashboardSlot = { [R in RemoteName]: SlotOf<R> }[RemoteName];

/** The spec's order and role gating. */
export const DASHBOARD_SLOTS: DashboardSlot[] = [
  { key: 'urgentTasks', title: 'Urgent Tasks', remote: 'admin', expose: 'widget-urgent-tasks', adminOnly: true, span: 24 },
  { key: 'accountBalance', title: 'Account Balance', remote: 'admin', expose: 'widget-account-balance', adminOnly: true, span: 8 },
  { key: 'queues', title: 'Queues', remote: 'phone', expose: 'widget-queues', span: 8, employeeSpan: 12 },
  { key: 'usage', title: 'Usage', remote: 'admin', expose: 'widget-usage', adminOnly: true, span: 8 },
  { key: 'followUp', title: 'Follow Up', remote: 'contacts', expose: 'widget-follow-up', span: 12 },
  { key: 'scheduledMessages', title: 'Scheduled Messages', remote: 'messages', expose: 'widget-scheduled-messages', span: 12 },
  { key: 'campaigns', title: 'Campaigns', remote: 'messages', expose: 'widget-campaigns', span: 12 },
  { key: 'serviceReviews', title: 'Service Reviews', remote: 'messages', expose: 'widget-service-reviews', span: 12 },
  { key: 'referrals', title: 'Referrals', remote: 'messages', expose: 'widget-referrals', span: 12 },
  { key: 'renewals', title: 'Renewals', remote: 'contacts', expose: 'widget-renewals', span: 12 },
  { key: 'employeeStats', title: 'Employee Stats', remote: 'admin', expose: 'widget-employee-stats', span: 24 },
];
