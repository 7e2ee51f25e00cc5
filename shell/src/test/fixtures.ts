import type { Peer, Session, User } from '@agency/contracts';

export const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-9000-000000000001',
    role: 'owner',
    account: ACCOUNT_ID,
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
  };
}

export function makeSession(over: Partial<Session> = {}, user: Partial<User> = {}): Session {
  return {
    token: 'token-1',
    expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
    user: makeUser(user),
    account: {
      id: ACCOUNT_ID,
      name: 'Demo Insurance Agency',
      dbName: 'demo',
      mfaRequired: false,
      timezone: 'America/New_York',
      gatheringForms: '',
      serviceReviewEnabled: true,
      messagingEnabled: true,
      callQueueEnabled: true,
      stripePaymentMethodId: null,
      twilioPhoneNumber: null,
      locationCount: 1,
    },
    ghostedBy: null,
    mfaSetupRequired: false,
    ...over,
  };
}

export function makePeer(over: Partial<Peer> = {}): Peer {
  return {
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
  };
}
