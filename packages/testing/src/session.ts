import type { Account, MeResponse, Peer, Session, User } from '@agency/contracts';

/** Olivia Owens, the demo agency's owner, as the API answers her. */
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

/** A signed-in session: the user's and the account's fields, then the session's own. */
export const demoSession = (user: Partial<User> = {}, account: Partial<Account> = {}, session: Partial<Session> = {}): Session => ({
  token: 'token',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  user: demoUser(user),
  account: demoAccount(account),
  ghostedBy: null,
  mfaSetupRequired: false,
  ...session,
});

/** A GET /users/me answer for a session. */
export const meOf = ({ user, account, ghostedBy, mfaSetupRequired }: Session): MeResponse => ({ user, account, ghostedBy, mfaSetupRequired });

/** A colleague in the team list (Emma Ellis, online). */
export const demoPeer = (over: Partial<Peer> = {}): Peer => ({
  id: '00000000-0000-4000-9000-000000000003',
  firstName: 'Emma',
  lastName: 'Ellis',
  avatar: null,
  extension: '103',
  phoneStatus: 'available',
  loggedIn: true,
  mobileLoggedIn: false,
  coaching: null,
  ...over,
});
