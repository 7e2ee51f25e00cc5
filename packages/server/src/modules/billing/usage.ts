import type { Usage } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { MeterCounts } from '../../providers/billing/local/ledger';

/*
 * What an account used, counted from what the app handled: texts sent through the carrier or
 * received (notes and opt-in confirmations of a room are not texts), the minutes of answered calls
 * either way (each call's talk time rounded up to the minute, as carriers bill it), the calls
 * recorded (a recording deleted since was still made), and the numbers it held.
 */
const TEXT_TYPES = ['message', 'scheduled', 'campaign'];

export async function countUsage(q: Queryable, accountId: string, from: Date, to: Date): Promise<MeterCounts> {
  const [row] = await q.query<{ messages: number; numbers: number; minutes: number; recordings: number }>(
    `select
       (select count(*)::int from sms_messages
         where account_id = $1 and created_at >= $2 and created_at < $3 and type = any($4)
           and (flow = 'incoming' or carrier_sid is not null)) as messages,
       (select count(*)::int from account_phones where account_id = $1 and created_at < $3) as numbers,
       (select coalesce(sum(ceil(call_duration / 60.0)), 0)::int from calls
         where account_id = $1 and created_at >= $2 and created_at < $3 and answered_at is not null and call_duration > 0) as minutes,
       (select count(*)::int from calls
         where account_id = $1 and created_at >= $2 and created_at < $3 and recording_sid is not null
           and recording_status in ('completed', 'deleted')) as recordings`,
    [accountId, from, to, TEXT_TYPES],
  );
  return { messages: row?.messages ?? 0, minutes: row?.minutes ?? 0, recordings: row?.recordings ?? 0, phoneNumbers: row?.numbers ?? 0 };
}

/** The calendar month (in the account's timezone) that `monthYear` names: MM/yyyy, or thisMonth. */
export async function monthRange(q: Queryable, accountId: string, monthYear: string): Promise<{ from: Date; to: Date; label: string }> {
  const [row] = await q.query<{ from: Date; to: Date; label: string }>(
    `with tz as (select coalesce(nullif(timezone, ''), 'America/New_York') as tz from accounts where id = $1),
          m as (select case when $2 = 'thisMonth' then date_trunc('month', now() at time zone tz.tz)
                            else to_timestamp($2, 'MM/YYYY')::timestamp end as start, tz.tz from tz)
     select (m.start at time zone m.tz) as "from", ((m.start + interval '1 month') at time zone m.tz) as "to", to_char(m.start, 'MM/YYYY') as label from m`,
    [accountId, monthYear],
  );
  if (!row) throw new Error('account not found');
  return { from: new Date(row.from), to: new Date(row.to), label: row.label };
}

/** The plan's committed amount of a meter: the first tier's units of its tiered price. */
export function committed(
  items: { price: { meter: string | null; tiers: Array<{ up_to: number | null; flat_amount: number | null }> | null } }[],
  meter: string,
): number {
  const tier = items.find((i) => i.price.meter === meter)?.price.tiers?.[0];
  return tier?.flat_amount && tier.up_to ? tier.up_to : 0;
}

export function toUsage(counts: MeterCounts, label: string, committedMinutes: number, committedMessages: number, asOf: Date): Usage {
  return {
    asOf: asOf.toISOString(),
    monthYear: label,
    minutes: counts.minutes,
    recordings: counts.recordings ?? 0,
    messages: counts.messages,
    phoneNumbers: counts.phoneNumbers,
    committedMinutes,
    committedMessages,
  };
}
