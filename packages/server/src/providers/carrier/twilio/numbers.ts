import type { AvailableNumber, NumberCarrier } from '../numbers';
import type { TwilioClient } from './client';

/** Numbers through Twilio: available numbers in the US, bought with our webhooks, released. */
export function createTwilioNumbers(client: () => Promise<TwilioClient>): NumberCarrier {
  return {
    async searchNumbers(s) {
      const c = await client();
      const country = c.availablePhoneNumbers('US');
      const digits = s.search.replace(/\D/g, '');
      const filter: Record<string, string | number> = { limit: 20 };
      if (s.criteria === 'areacode' && digits) filter.areaCode = Number(digits.slice(0, 3));
      if (s.criteria === 'city' && s.search.trim()) filter.inLocality = s.search.trim();
      if (s.criteria === 'state' && s.search.trim()) filter.inRegion = s.search.trim().toUpperCase();
      if (s.criteria === 'zipcode' && digits) filter.inPostalCode = digits;
      // Twilio's pattern: a number to match at the start, anywhere (*) or at the end.
      if (s.criteria === 'number' && digits) filter.contains = s.matchTo === 'first' ? `${digits}*` : s.matchTo === 'last' ? `*${digits}` : digits;
      const list = s.type === 'tollfree' ? await country.tollFree.list(filter) : await country.local.list(filter);
      return list.map((n): AvailableNumber => ({
        phoneNumber: n.phoneNumber,
        friendlyName: n.friendlyName,
        locality: n.locality ?? undefined,
        region: n.region ?? undefined,
        postalCode: n.postalCode ?? undefined,
      }));
    },
    async purchaseNumber(phoneNumber, hooks) {
      const created = await (await client()).incomingPhoneNumbers.create({ phoneNumber, smsUrl: hooks.smsUrl, voiceUrl: hooks.voiceUrl });
      return { sid: created.sid, phoneNumber: created.phoneNumber.replace(/\D/g, '') };
    },
    async releaseNumber(sid) {
      await (await client()).incomingPhoneNumbers(sid).remove();
    },
  };
}
