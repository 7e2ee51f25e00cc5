import type { Account, MeResponse, Session, User } from '@agency/contracts';

export const demoUser = (over: Partial<User> = {}): User => ({
  id: '00000000-0000-4000-9000-000000000001',
  role: 'owner',
  account: '00000000-0000-4000-8000-000000000001',
  firstName: 'Olivia',
  lastName: 'Owens',
  avatar: null,
  email: 'owner@demo.test',
  mfaEnabled: false,
  themeColor: '#19d0de',
  extension: '101',
  phoneStatus: 'available',
  coaching: null,
  mobileLoggedIn: false,
  locations: [],
  ...over,
});

export const demoAccount = (over: Partial<Account> = {}): Account => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Insurance Agency',
  dbName: 'demo',
  mfaRequired: false,
  timezone: 'America/New_York',
  gatheringForms: 'all',
  serviceReviewEnabled: false,
  messagingEnabled: true,
  callQueueEnabled: false,
  stripePaymentMethodId: null,
  twilioPhoneNumber: null,
  locationCount: 0,
  ...over,
});

export const demoSession = (user: Partial<User> = {}, account: Partial<Account> = {}): Session => ({
  token: 'token',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  user: demoUser(user),
  account: demoAccount(account),
  ghostedBy: null,
  mfaSetupRequired: false,
});

/** A GET /users/me answer for a session. */
export const meOf = ({ user, account, ghostedBy, mfaSetupRequired }: Session): MeResponse => ({ user, account, ghostedBy, mfaSetupRequired });
