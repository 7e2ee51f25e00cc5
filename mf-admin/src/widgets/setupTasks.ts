import type { Session } from '@agency/contracts';
import { isAdminRole } from '@agency/contracts';

export type SetupTaskKey = 'location' | 'phone' | 'payment' | 'mfa';

export interface SetupTask {
  key: SetupTaskKey;
  title: string;
  description: string;
  /** Where the task is done. */
  to: string;
  action: string;
}

/** The account setup still to do, in the order it is best done; only the admin roles see it. */
export function setupTasks(session: Session | null): SetupTask[] {
  if (!session || !isAdminRole(session.user.role)) return [];
  const { account, user } = session;
  const tasks: SetupTask[] = [];
  if (account.locationCount < 1) {
    tasks.push({
      key: 'location',
      title: 'Add a location',
      description: 'Your business address, needed to register for texting and to buy phone numbers.',
      to: '/account/info/locations',
      action: 'Add Location',
    });
  }
  if (!account.twilioPhoneNumber) {
    tasks.push({
      key: 'phone',
      title: 'Get a phone number',
      description: 'Buy a number or port your own so clients can call and text the agency.',
      to: '/account/info/phonenumbers',
      action: 'Add Phone Number',
    });
  }
  if (!account.stripePaymentMethodId) {
    tasks.push({
      key: 'payment',
      title: 'Add a payment method',
      description: 'A card or bank account for the monthly invoice.',
      to: '/account/info/billing',
      action: 'Add Payment Method',
    });
  }
  if (!user.mfaEnabled) {
    tasks.push({
      key: 'mfa',
      title: 'Set up multi-factor authentication',
      description: 'Protect your sign-in with a code from an authenticator app.',
      to: '/profile/mfa',
      action: 'Set Up MFA',
    });
  }
  return tasks;
}
