import type { Location } from '@agency/contracts';

/** A location as GET /accounts/{id}/locations answers it. */
export const demoLocation = (over: Partial<Location> = {}): Location => ({
  id: '00000000-0000-4000-a000-000000000001',
  name: 'Austin',
  timezone: 'America/Chicago',
  callFlow: null,
  officeHours: null,
  messages: null,
  profileStatus: 'not-submitted',
  brandStatus: null,
  addressSid: null,
  businessSid: null,
  rep1Sid: null,
  rep2Sid: null,
  brandSid: null,
  trustBundleSid: null,
  ...over,
});
export const roundRock = (over: Partial<Location> = {}) => demoLocation({ id: '00000000-0000-4000-a000-000000000002', name: 'Round Rock', ...over });
