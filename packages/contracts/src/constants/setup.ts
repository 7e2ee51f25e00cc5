import { isAdminRole } from './index';

/** The account setup checklist (spec 000, Urgent Tasks): location, phone, payment method, MFA. */
export type SetupTaskKey = 'location' | 'phone' | 'payment' | 'mfa';

/** The completion event raised when the checklist becomes empty. */
export const SETUP_COMPLETED = 'Setup Tasks Completed';

/** What the session needs to tell the setup left (a Session has all of it). */
export interface SetupState {
  user: { role: string; mfaEnabled?: boolean | null };
  account: { locationCount: number; twilioPhoneNumber?: string | null; stripePaymentMethodId?: string | null };
}

/** The setup tasks still to do, in the order they are best done; only the admin roles have any. */
export function setupTasksLeft(session: SetupState | null): SetupTaskKey[] {
  if (!session || !isAdminRole(session.user.role)) return [];
  const { account, user } = session;
  const left: SetupTaskKey[] = [];
  if (account.locationCount < 1) left.push('location');
  if (!account.twilioPhoneNumber) left.push('phone');
  if (!account.stripePaymentMethodId) left.push('payment');
  if (!user.mfaEnabled) left.push('mfa');
  return left;
}
