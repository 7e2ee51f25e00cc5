import { setupTasks } from './setupTasks';
import { demoSession } from '@agency/testing';

test('lists location, phone number, payment method and MFA while they are missing', () => {
  const tasks = setupTasks(demoSession());
  expect(tasks.map((t) => [t.key, t.to])).toEqual([
    ['location', '/account/info/locations'],
    ['phone', '/account/info/phonenumbers'],
    ['payment', '/account/info/billing'],
    ['mfa', '/profile/mfa'],
  ]);
});

test('drops each task once it is done', () => {
  expect(setupTasks(demoSession({}, { locationCount: 2 })).map((t) => t.key)).toEqual(['phone', 'payment', 'mfa']);
  expect(setupTasks(demoSession({}, { twilioPhoneNumber: '+15551230000' })).map((t) => t.key)).toEqual(['location', 'payment', 'mfa']);
  expect(setupTasks(demoSession({}, { stripePaymentMethodId: 'pm_1' })).map((t) => t.key)).toEqual(['location', 'phone', 'mfa']);
  expect(setupTasks(demoSession({ mfaEnabled: true })).map((t) => t.key)).toEqual(['location', 'phone', 'payment']);
});

test('is for the admin roles only', () => {
  for (const role of ['super', 'owner', 'admin'] as const) expect(setupTasks(demoSession({ role }))).toHaveLength(4);
  expect(setupTasks(demoSession({ role: 'employee' }))).toEqual([]);
  expect(setupTasks(null)).toEqual([]);
});
