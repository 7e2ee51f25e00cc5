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
  /** About the height it draws with a few rows (px): the placeholder's while it waits below the first screen. */
  height: number;
  /**
   * On an admin's first screen at a laptop's size (1280 x 800): its code is loaded behind /login. The
   * others load once the first screen is drawn (what a slot mounts at once is decided by where it is).
   */
  firstScreen?: boolean;
}
export type DashboardSlot = { [R in RemoteName]: SlotOf<R> }[RemoteName];

/** The spec's order and role gating. */
export const DASHBOARD_SLOTS: DashboardSlot[] = [
  { key: 'urgentTasks', title: 'Urgent Tasks', remote: 'admin', expose: 'widget-urgent-tasks', adminOnly: true, span: 24, height: 184, firstScreen: true },
  {
    key: 'accountBalance',
    title: 'Account Balance',
    remote: 'admin',
    expose: 'widget-account-balance',
    adminOnly: true,
    span: 8,
    height: 244,
    firstScreen: true,
  },
  { key: 'queues', title: 'Queues', remote: 'phone', expose: 'widget-queues', span: 8, employeeSpan: 12, height: 197, firstScreen: true },
  { key: 'usage', title: 'Usage', remote: 'admin', expose: 'widget-usage', adminOnly: true, span: 8, height: 282, firstScreen: true },
  { key: 'followUp', title: 'Follow Up', remote: 'contacts', expose: 'widget-follow-up', span: 12, height: 135, firstScreen: true },
  { key: 'scheduledMessages', title: 'Scheduled Messages', remote: 'messages', expose: 'widget-scheduled-messages', span: 12, height: 135 },
  { key: 'campaigns', title: 'Campaigns', remote: 'messages', expose: 'widget-campaigns', span: 12, height: 202 },
  { key: 'serviceReviews', title: 'Service Reviews', remote: 'messages', expose: 'widget-service-reviews', span: 12, height: 206 },
  { key: 'referrals', title: 'Referrals', remote: 'messages', expose: 'widget-referrals', span: 12, height: 254 },
  { key: 'renewals', title: 'Renewals', remote: 'contacts', expose: 'widget-renewals', span: 12, height: 236 },
  { key: 'employeeStats', title: 'Employee Stats', remote: 'admin', expose: 'widget-employee-stats', span: 24, height: 409 },
];
