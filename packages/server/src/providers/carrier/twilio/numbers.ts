import type { AvailableNumber, CarrierNumber, NumberCarrier } from '../numbers';
import type { TwilioClient } from './client';

const digitsOf = (n: string) => n.replace(/\D/g, '');
const notFound = (err: unknown) => (err as { status?: number }).status === 404;

/**
 * Numbers through Twilio: available numbers in the US, bought with our webhooks, released; the
 * numbers under the account (an IncomingPhoneNumber SID is the proof a number is ours). A port in
 * is filed with Twilio's porting team with the LOA and bill the app keeps; it is complete when the
 * number appears under the account.
 */
export function createTwilioNumbers(client: () => Promise<TwilioClient>, accountSid: string): NumberCarrier {
  const find = async (phoneNumber: string): Promise<CarrierNumber | null> => {
    const [n] = await (await client()).incomingPhoneNumbers.list({ phoneNumber: `+${digitsOf(phoneNumber)}`, limit: 1 });
    return n ? { sid: n.sid, phoneNumber: digitsOf(n.phoneNumber) } : null;
  };
  return {
    accountSid,
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
    async lookupNumber(sid) {
      try {
        const n = await (await client()).incomingPhoneNumbers(sid).fetch();
        return n.accountSid === accountSid ? { sid: n.sid, phoneNumber: digitsOf(n.phoneNumber) } : null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    findNumber: find,
    async setNumberHooks(sid, hooks) {
      await (await client()).incomingPhoneNumbers(sid).update({ smsUrl: hooks.smsUrl, voiceUrl: hooks.voiceUrl });
    },
    async requestPort() {},
    async portState(phoneNumber) {
      const n = await find(phoneNumber);
      return n ? { state: 'completed', number: n } : { state: 'pending' };
    },
  };
}
