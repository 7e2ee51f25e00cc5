import { createHash } from 'node:crypto';
import type { Db } from '../../../db/index';
import type { AvailableNumber, CarrierNumber, NumberCarrier, NumberSearch, PortState } from '../numbers';
import { ACCOUNT_SID } from './voice/switch';
import { newSid } from './sms';

/*
 * The local carrier's number inventory: every area code it serves has a fixed set of numbers (the
 * same on every machine, drawn from the area code), and a number bought here is taken until it is
 * released. Cities, states and zip codes map to the area codes that serve them. It knows which
 * agency holds each of its numbers (its customer), so it answers for them as Twilio answers for
 * the numbers under an account, and refuses to port a number it already serves to someone else.
 */
export const PORT_REFUSED = 'The carrier refused the port: the number is in service for another customer.';
const digitsOf = (n: string) => n.replace(/\D/g, '');
export const AREAS: Array<{ areaCode: string; city: string; state: string; zip: string }> = [
  { areaCode: '512', city: 'Austin', state: 'TX', zip: '78701' },
  { areaCode: '737', city: 'Austin', state: 'TX', zip: '78702' },
  { areaCode: '214', city: 'Dallas', state: 'TX', zip: '75201' },
  { areaCode: '713', city: 'Houston', state: 'TX', zip: '77002' },
  { areaCode: '210', city: 'San Antonio', state: 'TX', zip: '78205' },
  { areaCode: '305', city: 'Miami', state: 'FL', zip: '33101' },
  { areaCode: '407', city: 'Orlando', state: 'FL', zip: '32801' },
  { areaCode: '212', city: 'New York', state: 'NY', zip: '10001' },
  { areaCode: '312', city: 'Chicago', state: 'IL', zip: '60601' },
  { areaCode: '404', city: 'Atlanta', state: 'GA', zip: '30303' },
  { areaCode: '602', city: 'Phoenix', state: 'AZ', zip: '85001' },
  { areaCode: '303', city: 'Denver', state: 'CO', zip: '80202' },
  { areaCode: '206', city: 'Seattle', state: 'WA', zip: '98101' },
  { areaCode: '415', city: 'San Francisco', state: 'CA', zip: '94102' },
  { areaCode: '213', city: 'Los Angeles', state: 'CA', zip: '90012' },
];
const TOLL_FREE = ['800', '833', '844', '855', '866', '877', '888'];
/** Numbers the inventory holds per area code. */
const PER_AREA = 60;
/** Results a search answers at most. */
const LIMIT = 20;

/** The fixed inventory of an area code (E.164 without the plus: 1 + 10 digits). */
export function inventory(areaCode: string): string[] {
  const out: string[] = [];
  let seed = createHash('sha256').update(`numbers:${areaCode}`).digest();
  for (let i = 0; out.length < PER_AREA; i++) {
    if (i % 8 === 0 && i > 0) seed = createHash('sha256').update(seed).digest();
    const n = seed.readUInt32BE((i % 8) * 4);
    const exchange = 200 + (n % 800);
    const line = String(Math.floor(n / 800) % 10000).padStart(4, '0');
    const number = `1${areaCode}${exchange}${line}`;
    if (exchange !== 555 && !out.includes(number)) out.push(number);
  }
  return out.sort();
}

function matches(number: string, search: string, matchTo: NumberSearch['matchTo']): boolean {
  const ten = number.slice(1);
  const digits = search.replace(/\D/g, '');
  if (!digits) return true;
  if (matchTo === 'first') return ten.startsWith(digits) || number.startsWith(digits);
  if (matchTo === 'last') return ten.endsWith(digits);
  return ten.includes(digits);
}

function areasFor(s: NumberSearch): Array<{ areaCode: string; city: string; state: string; zip: string }> {
  if (s.type === 'tollfree') return TOLL_FREE.map((areaCode) => ({ areaCode, city: '', state: '', zip: '' }));
  const term = s.search.trim().toLowerCase();
  switch (s.criteria) {
    case 'areacode':
      return AREAS.filter((a) => a.areaCode === term.replace(/\D/g, '').slice(0, 3));
    case 'city':
      return AREAS.filter((a) => a.city.toLowerCase().startsWith(term));
    case 'state':
      return AREAS.filter((a) => a.state.toLowerCase() === term);
    case 'zipcode':
      return AREAS.filter((a) => a.zip.slice(0, 3) === term.slice(0, 3));
    default:
      return AREAS;
  }
}

export function createLocalNumbers(db: Db): NumberCarrier {
  const held = async (phoneNumber: string) =>
    (
      await db.query<{ sid: string; account_id: string | null }>('select sid, account_id from carrier_local_numbers where phone_number = $1', [
        digitsOf(phoneNumber),
      ])
    )[0];
  return {
    accountSid: ACCOUNT_SID,
    async searchNumbers(search) {
      const taken = new Set((await db.query<{ phone_number: string }>('select phone_number from carrier_local_numbers')).map((r) => r.phone_number));
      const owned = new Set((await db.query<{ phone_number: string }>('select phone_number from account_phones')).map((r) => r.phone_number));
      const out: AvailableNumber[] = [];
      for (const area of areasFor(search)) {
        for (const number of inventory(area.areaCode)) {
          if (taken.has(number) || owned.has(number)) continue;
          if (search.criteria === 'number' && !matches(number, search.search, search.matchTo)) continue;
          out.push({
            phoneNumber: `+${number}`,
            friendlyName: `(${number.slice(1, 4)}) ${number.slice(4, 7)}-${number.slice(7)}`,
            locality: area.city || undefined,
            region: area.state || undefined,
            postalCode: area.zip || undefined,
          });
          if (out.length >= LIMIT) return out;
        }
      }
      return out;
    },
    async purchaseNumber(phoneNumber, _hooks, owner) {
      const number = digitsOf(phoneNumber);
      const areaCode = number.slice(1, 4);
      if (!inventory(areaCode).includes(number)) throw new Error('This number is not available.');
      const sid = newSid('PN');
      const rows = await db.query(
        'insert into carrier_local_numbers (phone_number, sid, account_id) values ($1, $2, $3) on conflict (phone_number) do nothing returning sid',
        [number, sid, owner],
      );
      if (!rows.length) throw new Error('This number is not available.');
      return { sid, phoneNumber: number };
    },
    async releaseNumber(sid) {
      await db.query('delete from carrier_local_numbers where sid = $1', [sid]);
    },
    async lookupNumber(sid, owner): Promise<CarrierNumber | null> {
      const [row] = await db.query<{ sid: string; phone_number: string }>(
        'select sid, phone_number from carrier_local_numbers where sid = $1 and account_id = $2',
        [sid, owner],
      );
      return row ? { sid: row.sid, phoneNumber: row.phone_number } : null;
    },
    async findNumber(phoneNumber): Promise<CarrierNumber | null> {
      const row = await held(phoneNumber);
      return row ? { sid: row.sid, phoneNumber: digitsOf(phoneNumber) } : null;
    },
    // Its webhooks always reach this process's own routes, and it finds the number's owner itself.
    async setNumberHooks() {},
    async requestPort(phoneNumbers, owner) {
      for (const n of phoneNumbers) {
        const row = await held(n);
        if (row && row.account_id !== owner) throw new Error(PORT_REFUSED);
      }
    },
    async portState(phoneNumber, owner): Promise<PortState> {
      const number = digitsOf(phoneNumber);
      // The losing carrier hands a number it serves over once; one this carrier serves already stays with its customer.
      await db.query('insert into carrier_local_numbers (phone_number, sid, account_id) values ($1, $2, $3) on conflict (phone_number) do nothing', [
        number,
        newSid('PN'),
        owner,
      ]);
      const row = await held(number);
      if (!row || row.account_id !== owner) return { state: 'rejected', reason: PORT_REFUSED };
      return { state: 'completed', number: { sid: row.sid, phoneNumber: number } };
    },
  };
}
