import type { Session } from '@agency/contracts';
import { setupTasksLeft, type SetupTaskKey } from '@agency/contracts';

export type { SetupTaskKey } from '@agency/contracts';

export interface SetupTask {
  key: SetupTaskKey;
  title: string;
  description: string;
  /** Where the task is done. */
  to: string;
  action: string;
}

const TASKS: Record<SetupTaskKey, SetupTask> = {
  location: {
    key: 'location',
    title: 'Add a location',
    description: 'Your business address, needed to register for texting and to buy phone numbers.',
    to: '/account/info/locations',
    action: 'Add Location',
  },
  phone: {
    key: 'phone',
    title: 'Get a phone number',
    description: 'Buy a number or port your own so clients can call and text the agency.',
    to: '/account/info/phonenumbers',
    action: 'Add Phone Number',
  },
  payment: {
    key: 'payment',
    title: 'Add a payment method',
    description: 'A card or bank account for the monthly invoice.',
    to: '/account/info/billing',
    action: 'Add Payment Method',
  },
  mfa: {
    key: 'mfa',
    title: 'Set up multi-factor authentication',
    description: 'Protect your sign-in with a code from an authenticator app.',
    to: '/profile/mfa',
    action: 'Set Up MFA',
  },
};

/** The account setup still to do, in the order it is best done; only the admin roles see it (setupTasksLeft in contracts, which the shell watches too). */
export function setupTasks(session: Session | null): SetupTask[] {
  return setupTasksLeft(session).map((key) => TASKS[key]);
}
