import type { ReactNode } from 'react';
import { AUDIT_ROLES, SUPER_ROLES, type Role } from '@agency/contracts';
import { AuditLogPage } from '../audit/AuditLogPage';
import { BlockedNumbersPage } from '../blockedNumbers/BlockedNumbersPage';
import { CallSettingsPage } from '../callSettings/CallSettingsPage';
import { EmployeesSection } from '../employees/EmployeesSection';
import { MessageSettingsPage } from '../messageSettings/MessageSettingsPage';
import { OfficeHoursPage } from '../officeHours/OfficeHoursPage';
import { RenewalSettingsPage } from '../renewals/RenewalSettingsPage';
import { ReleasesPage } from '../releases/ReleasesPage';
import { ServiceReviewPage } from '../serviceReview/ServiceReviewPage';
import { SmartValuesPage } from '../smartValues';
import { TagsPage } from '../tags';
import { TemplatesPage } from '../templates';
import { AccountSettingsPage } from './AccountSettingsPage';

/** One page of /account/settings: its path segment, its tab label and what it shows. */
export interface SettingsTab {
  path: string;
  label: string;
  element: ReactNode;
  /** Employees may open it too (the settings are otherwise for super, owner and admin). */
  employees?: boolean;
  /** Only these roles may open it (instead of super, owner and admin). */
  roles?: readonly Role[];
}

/**
 * The tabs of /account/settings, in the order the list shows them (spec 002: Employees, Office
 * Hours, Call Settings, Messages, Blocked Numbers, Tags, Smart Values, Message Templates, Service
 * Review, then Renewals), after the account-wide General settings. A page joins the list with one entry here.
 */
export const SETTINGS_TABS: SettingsTab[] = [
  { path: 'general', label: 'General', element: <AccountSettingsPage /> },
  { path: 'employees', label: 'Employees', element: <EmployeesSection /> },
  { path: 'office-hours', label: 'Office Hours', element: <OfficeHoursPage /> },
  { path: 'call-settings', label: 'Call Settings', element: <CallSettingsPage /> },
  { path: 'messages', label: 'Messages', element: <MessageSettingsPage /> },
  { path: 'blocked-numbers', label: 'Blocked Numbers', element: <BlockedNumbersPage /> },
  { path: 'tag-management', label: 'Tags', element: <TagsPage /> },
  { path: 'smart-values', label: 'Smart Values', element: <SmartValuesPage /> },
  // Everyone keeps personal templates here (spec 002: personal templates are open to all users; team ones are the admins').
  { path: 'message-templates', label: 'Message Templates', element: <TemplatesPage />, employees: true },
  { path: 'service-review', label: 'Service Review', element: <ServiceReviewPage /> },
  { path: 'renewals', label: 'Renewals', element: <RenewalSettingsPage /> },
  { path: 'audit-log', label: 'Audit Log', element: <AuditLogPage />, roles: AUDIT_ROLES },
  { path: 'releases', label: 'Releases', element: <ReleasesPage />, roles: SUPER_ROLES },
];

/** Where /account/settings itself opens. */
export const DEFAULT_SETTINGS_TAB = 'employees';
